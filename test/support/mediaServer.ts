// A local peer for the blocks that make or send audio: OpenAI's `POST /v1/audio/speech` (JSON in, audio bytes out)
// and `POST /v1/audio/transcriptions` (multipart/form-data in, parsed here as a real server would; `{ text }` out),
// ElevenLabs' `POST /v1/text-to-speech/{voiceId}`, and `GET /clips/{name}` serving audio to download. Keys are
// checked as the providers do (bearer token, `xi-api-key`); a wrong key gets a 401 quoting it, as some providers
// do, so tests can see it masked. Every request is recorded.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ReceivedFile = { name: string; type: string; bytes: Buffer }
export type MediaRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The JSON body, when there was one. */
  json?: any
  /** The multipart fields (text ones) and the file, when the body was multipart/form-data. */
  fields?: Record<string, string>
  file?: ReceivedFile
}

export type MediaServer = {
  /** `http://127.0.0.1:<port>`: ElevenLabs' base URL; OpenAI's is `${url}/v1`. */
  url: string
  requests: MediaRequest[]
  /** What speech requests answer (random bytes by default). */
  speech: Buffer
  /** Audio served at `/clips/<name>`, with its content type. */
  clips: Map<string, { type: string; bytes: Buffer }>
  /** Makes the next provider request fail with this status and message. */
  failNext: (status: number, message: string) => void
  close: () => Promise<void>
}

export const startMediaServer = async (keys: { openai: string; elevenlabs: string }): Promise<MediaServer> => {
  const requests: MediaRequest[] = []
  const failures: { status: number; message: string }[] = []
  const clips = new Map<string, { type: string; bytes: Buffer }>()
  const peer: { speech: Buffer } = { speech: randomBytes(2048) }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk)
    const raw = Buffer.concat(chunks)
    const path = req.url ?? ''
    const contentType = req.headers['content-type'] ?? ''
    const recorded: MediaRequest = { method: req.method ?? '', path, headers: req.headers }
    if (contentType.startsWith('application/json')) recorded.json = JSON.parse(raw.toString('utf8'))
    if (contentType.startsWith('multipart/form-data')) {
      // The platform's multipart parser reads the body as any server framework would.
      const form = await new Request('http://peer/', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData()
      recorded.fields = {}
      for (const [name, value] of form) {
        if (typeof value === 'string') recorded.fields[name] = value
        else recorded.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) }
      }
    }
    requests.push(recorded)
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    const clip = req.method === 'GET' && /^\/clips\/([^/?]+)/.exec(path)
    if (clip) {
      const found = clips.get(clip[1])
      if (!found) return json(404, { error: 'no such clip' })
      res.writeHead(200, { 'content-type': found.type })
      return res.end(found.bytes)
    }
    const isOpenAi = path.startsWith('/v1/audio/')
    const tts = /^\/v1\/text-to-speech\/([^/?]+)/.exec(path)
    if (req.method !== 'POST' || (!isOpenAi && !tts)) return json(404, { error: { message: `No route ${req.method} ${path}` } })
    const given = isOpenAi ? (req.headers.authorization ?? '').replace(/^Bearer /, '') : String(req.headers['xi-api-key'] ?? '')
    if (given !== (isOpenAi ? keys.openai : keys.elevenlabs)) {
      return isOpenAi
        ? json(401, { error: { message: `Incorrect API key provided: ${given}.`, type: 'invalid_request_error' } })
        : json(401, { detail: { status: 'invalid_api_key', message: `Invalid API key: ${given}` } })
    }
    const failure = failures.shift()
    if (failure) return json(failure.status, isOpenAi ? { error: { message: failure.message } } : { detail: { message: failure.message } })
    if (path.startsWith('/v1/audio/transcriptions')) {
      if (!recorded.file || !recorded.fields?.model) return json(400, { error: { message: "'file' and 'model' are required" } })
      return json(200, { text: `Heard ${recorded.file.bytes.length} bytes in ${recorded.file.name}` })
    }
    if (path.startsWith('/v1/audio/speech') && !(recorded.json?.input && recorded.json?.voice && recorded.json?.model)) {
      return json(400, { error: { message: "'input', 'voice' and 'model' are required" } })
    }
    if (tts && !recorded.json?.text) return json(400, { detail: { message: 'text is required' } })
    res.writeHead(200, { 'content-type': 'audio/mpeg' })
    res.end(peer.speech)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get speech() {
      return peer.speech
    },
    set speech(bytes: Buffer) {
      peer.speech = bytes
    },
    clips,
    failNext: (status, message) => failures.push({ status, message }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
