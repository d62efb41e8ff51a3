// The web chat widget's script (dist/web/parley-chat.js, from `npm run build`), read and compressed once per process:
// the bytes, their gzip and brotli forms, and an ETag per form. Not cached while missing, so a first build made after
// start-up is picked up by the next request; a rebuild is served after a restart.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'
export type ChatScript = Record<Encoding, { body: Buffer; etag: string }>

const compress = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
}

const load = async (path: string): Promise<ChatScript | undefined> => {
  let body: Buffer
  try {
    body = await readFile(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22)
  const [br, gz] = await Promise.all([compress.br(body), compress.gzip(body)])
  // One ETag per encoding: the bytes differ, and caches must not answer a gzip request with brotli.
  return {
    identity: { body, etag: `"${hash}"` },
    gzip: { body: gz, etag: `"${hash}-gzip"` },
    br: { body: br, etag: `"${hash}-br"` },
  }
}

/** The script at `path`, loaded on first use; undefined while the file does not exist. */
export const chatScriptLoader = (path: string) => {
  let loading: Promise<ChatScript | undefined> | undefined
  return () => {
    // Neither a missing file nor a failed read is kept: the next request tries again.
    loading ??= load(path).then(
      (script) => {
        if (!script) loading = undefined
        return script
      },
      (err) => {
        loading = undefined
        throw err
      },
    )
    return loading
  }
}

/** The best encoding the client accepts (`Accept-Encoding`, q=0 meaning refused): brotli, then gzip, then none. */
export const pickEncoding = (accept: string | undefined): Encoding => {
  const accepted = new Map<string, number>()
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return 'identity'
}

/** Whether `If-None-Match` names this ETag (weak comparison, as for GET). */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
