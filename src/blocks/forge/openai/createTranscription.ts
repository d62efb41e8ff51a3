// OpenAI "Create transcription": the audio at the block's URL (a file this server stored for the workspace, else a
// download through the guarded HTTP client, which bounds its size) is sent to `POST {base}/audio/transcriptions`
// as multipart/form-data (`file`, `model`, `prompt`); the answer's `text` goes into the block's variable.
import type { BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { StoredFile } from '../../../engine/types.js'
import { idOption, invalid } from '../../shared/forgedActions.js'
import { openAiHeaders, endpointUrl, LLM_TIMEOUT_MS } from '../../shared/llm/client.js'
import { connect, optionText } from '../../shared/llm/completion.js'
import type { ForgedLlmAction } from '../../shared/llm/forged.js'
import { callProvider } from '../../shared/providerCall.js'

/** Typebot's model when the block names none. */
const DEFAULT_MODEL = 'whisper-1'
/** Like Typebot's audio downloads. */
const DOWNLOAD_TIMEOUT_MS = 10_000

// The API names the format by the file's extension: from the content type, else the URL's (Typebot's choices).
const EXTENSION_OF_TYPE: Record<string, string> = {
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/mp3': 'mp3',
  'audio/mpeg': 'mp3',
  'audio/mpga': 'mpga',
  'audio/ogg': 'ogg',
  'application/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
  'video/mpeg': 'mpeg',
  'video/webm': 'webm',
}
const EXTENSIONS = new Set(['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'])

const bareType = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() || undefined

/** `audio.<ext>` for a file of this content type found at this URL (or name); `webm` when nothing tells. */
export const audioFileName = (contentType: string | undefined, url: string): string => {
  const fromType = EXTENSION_OF_TYPE[bareType(contentType) ?? '']
  let path = url.split(/[?#]/)[0]
  try {
    path = new URL(url).pathname
  } catch {}
  const last = path.split('/').pop() ?? ''
  const fromUrl = last.includes('.') ? last.split('.').pop()?.toLowerCase() : undefined
  const extension = fromType ?? (fromUrl === 'weba' ? 'webm' : fromUrl && EXTENSIONS.has(fromUrl) ? fromUrl : 'webm')
  return `audio.${extension}`
}

/** The audio at `url`: read from this server's storage when it stored it for the workspace, else downloaded. */
const audioAt = async (url: string, ctx: BlockContext): Promise<{ ok: true; file: StoredFile } | { ok: false; log: BlockLog }> => {
  const stored = await ctx.readStoredFile(url)
  if (stored) return { ok: true, file: stored }
  // No secret goes with the download: the URL is the bot's.
  const outcome = await ctx.runtime.httpRequest({ url, method: 'GET', headers: {}, timeoutMs: DOWNLOAD_TIMEOUT_MS, binaryResponse: true })
  const failed = (why: string) => ({
    ok: false as const,
    log: { status: 'error' as const, description: `The audio could not be downloaded: ${why}.` },
  })
  if (!outcome.ok) return failed(outcome.message)
  if (outcome.status >= 400) return failed(`status ${outcome.status}`)
  if (!outcome.bytes?.byteLength) return failed('the body is empty')
  return { ok: true, file: { name: '', contentType: outcome.headers['content-type'] ?? '', bytes: outcome.bytes } }
}

export const createTranscription: ForgedLlmAction = async (options, ctx, connection) => {
  const url = optionText(options.url, ctx)
  const variableId = idOption(options.transcriptionVariableId)
  if (!url) return invalid('Audio URL is empty')
  if (!variableId) return invalid('Missing transcription variable')
  const connected = await connect(connection, ctx)
  if ('log' in connected) return { logs: [connected.log] }
  const { endpoint, notices } = connected
  const audio = await audioAt(url, ctx)
  if (!audio.ok) return { logs: [...notices, audio.log] }
  const { file } = audio
  const form = new FormData()
  const type = bareType(file.contentType)
  form.append('file', new Blob([file.bytes], type ? { type } : {}), audioFileName(type, file.name || url))
  form.append('model', optionText(options.model, ctx) ?? DEFAULT_MODEL)
  const prompt = optionText(options.prompt, ctx)
  if (prompt) form.append('prompt', prompt)
  // Encoded by the platform's multipart encoder, which picks the boundary and names it in the content type.
  const encoded = new Response(form)
  const call = await callProvider(ctx, 'OpenAI', endpoint.apiKey, {
    url: endpointUrl(endpoint, '/audio/transcriptions'),
    method: 'POST',
    headers: { ...openAiHeaders(endpoint), 'content-type': encoded.headers.get('content-type') ?? '' },
    body: new Uint8Array(await encoded.arrayBuffer()),
    timeoutMs: LLM_TIMEOUT_MS,
  })
  if (!call.ok) return { logs: [...notices, call.log] }
  const text = transcriptOf(call.answer.text)
  if (text === undefined) {
    return { logs: [...notices, { status: 'error', description: `OpenAI answered without a transcription: ${call.answer.text.slice(0, 200)}` }] }
  }
  return { variableUpdates: [{ variableId, value: text }], ...(notices.length > 0 && { logs: notices }) }
}

const transcriptOf = (body: string): string | undefined => {
  try {
    const text = JSON.parse(body)?.text
    return typeof text === 'string' ? text : undefined
  } catch {
    return undefined
  }
}
