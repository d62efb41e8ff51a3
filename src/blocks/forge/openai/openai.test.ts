// The forged OpenAI block's speech and transcription actions against a local peer speaking OpenAI's audio API
// (multipart parsed on its side), through the real guarded HTTP client.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, test } from 'node:test'
import type { StoredCredentials } from '../../../engine/kinds.js'
import type { ChatFiles } from '../../../engine/types.js'
import { audioFileName } from './createTranscription.js'
import { forgedOpenai } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { memoryFiles } from '../../../../test/support/files.js'
import { loopbackHttpRequest } from '../../../../test/support/loopbackHttp.js'
import { type MediaServer, startMediaServer } from '../../../../test/support/mediaServer.js'

const KEY = 'sk-test-0123456789'
let peer: MediaServer
let credentials: StoredCredentials[]
const httpRequest = loopbackHttpRequest

before(async () => {
  peer = await startMediaServer({ openai: KEY, elevenlabs: 'unused' })
  credentials = [
    { id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey: KEY, baseUrl: `${peer.url}/v1` } },
    { id: 'wrong', type: 'openai', name: 'Wrong key', data: { apiKey: 'sk-wrong-key-42', baseUrl: `${peer.url}/v1` } },
  ]
})
after(() => peer.close())

const context = (files: ChatFiles = memoryFiles()) =>
  blockContext({ variables: { Text: 'Hello there', Out: null, Audio: null }, credentials, files, runtime: { httpRequest } }).ctx
const block = (action: string, options: Record<string, unknown>) => ({
  id: 'b1',
  type: 'openai',
  options: { action, credentialsId: 'c1', ...options },
})
const since = (count: number) => peer.requests.slice(count)

test('Create speech: the templated input goes to {base}/audio/speech; the audio is stored and its URL saved', async () => {
  const ctx = context()
  const count = peer.requests.length
  const result = await forgedOpenai.execute(
    block('Create speech', { input: 'Say: {{Text}}', voice: 'nova', model: 'gpt-4o-mini-tts', instructions: 'Cheerful', saveUrlInVariableId: 'v1' }),
    ctx,
  )
  assert.equal(result.logs, undefined)
  const [request] = since(count)
  assert.equal(request.path, '/v1/audio/speech')
  assert.equal(request.headers.authorization, `Bearer ${KEY}`)
  assert.deepEqual(request.json, { model: 'gpt-4o-mini-tts', input: 'Say: Hello there', voice: 'nova', instructions: 'Cheerful' })
  const [update] = result.variableUpdates ?? []
  assert.equal(update.variableId, 'v1')
  const stored = await ctx.readStoredFile(String(update.value))
  assert.ok(stored)
  assert.deepEqual(Buffer.from(stored.bytes), peer.speech)
  assert.equal(stored.contentType, 'audio/mpeg')
  assert.match(String(update.value), /\/speech\.mp3$/)
})

test("Create speech: Typebot's default model; the block's base URL is set aside with a notice", async () => {
  const count = peer.requests.length
  const result = await forgedOpenai.execute(
    block('Create speech', { input: 'Hi', voice: 'alloy', saveUrlInVariableId: 'v1', baseUrl: 'https://attacker.example/v1' }),
    context(),
  )
  assert.equal(since(count)[0].json.model, 'tts-1')
  assert.equal(result.logs?.[0].status, 'info')
  assert.match(result.logs?.[0].description ?? '', /base URL was ignored/)
  assert.equal(result.variableUpdates?.length, 1)
})

test('Create speech: empty input, no voice or no variable: an error log and no call', async () => {
  const count = peer.requests.length
  const ctx = context()
  const cases: [Record<string, unknown>, string][] = [
    [{ input: '{{Out}}', voice: 'nova', saveUrlInVariableId: 'v1' }, 'Create speech input is empty'],
    [{ input: 'Hi', saveUrlInVariableId: 'v1' }, 'Create speech voice is empty'],
    [{ input: 'Hi', voice: 'nova' }, 'Create speech save variable is empty'],
  ]
  for (const [options, description] of cases) {
    assert.deepEqual(await forgedOpenai.execute(block('Create speech', options), ctx), { logs: [{ status: 'error', description }] })
  }
  assert.equal(peer.requests.length, count)
})

test('Create speech: provider errors are logged with the key masked; storage failures are logged; the variable keeps its value', async () => {
  const ctx = context()
  const wrongKey = await forgedOpenai.execute(
    block('Create speech', { credentialsId: 'wrong', input: 'Hi', voice: 'nova', saveUrlInVariableId: 'v1' }),
    ctx,
  )
  assert.equal(wrongKey.variableUpdates, undefined)
  assert.deepEqual(wrongKey.logs, [{ status: 'error', description: 'OpenAI API error - 401: Incorrect API key provided: ***.' }])
  peer.failNext(429, 'Rate limit reached')
  const limited = await forgedOpenai.execute(block('Create speech', { input: 'Hi', voice: 'nova', saveUrlInVariableId: 'v1' }), ctx)
  assert.deepEqual(limited.logs, [{ status: 'error', description: 'OpenAI API error - 429: Rate limit reached' }])
  const full: ChatFiles = { store: async () => ({ ok: false, message: 'The file is larger than 10 bytes.' }), read: async () => undefined }
  const notStored = await forgedOpenai.execute(block('Create speech', { input: 'Hi', voice: 'nova', saveUrlInVariableId: 'v1' }), context(full))
  assert.equal(notStored.variableUpdates, undefined)
  assert.deepEqual(notStored.logs, [{ status: 'error', description: 'The OpenAI speech could not be stored: The file is larger than 10 bytes.' }])
})

test('Create speech without credentials: the "Credentials not provided" log, no call', async () => {
  const count = peer.requests.length
  const result = await forgedOpenai.execute(
    block('Create speech', { credentialsId: 'none', input: 'Hi', voice: 'nova', saveUrlInVariableId: 'v1' }),
    context(),
  )
  assert.match(result.logs?.[0].description ?? '', /^Credentials not provided for integration/)
  assert.equal(peer.requests.length, count)
})

test('Create transcription of a stored file: multipart file (named by its type) and model; the text goes into the variable', async () => {
  const ctx = context()
  const audio = randomBytes(3000)
  const stored = await ctx.storeFile({ name: 'voice clip', contentType: 'audio/ogg; codecs=opus', bytes: audio })
  assert.ok(stored.ok)
  const count = peer.requests.length
  const withUrl = { ...ctx, variables: ctx.variables.map((v) => (v.name === 'Audio' ? { ...v, value: stored.url } : v)) }
  const result = await forgedOpenai.execute(
    block('Create transcription', { url: '{{Audio}}', prompt: 'A greeting', transcriptionVariableId: 'v1' }),
    withUrl,
  )
  assert.equal(result.logs, undefined)
  const requests = since(count)
  assert.equal(requests.length, 1, 'read from storage, not downloaded')
  const [request] = requests
  assert.equal(request.path, '/v1/audio/transcriptions')
  assert.equal(request.headers.authorization, `Bearer ${KEY}`)
  assert.deepEqual(request.fields, { model: 'whisper-1', prompt: 'A greeting' })
  assert.equal(request.file?.name, 'audio.ogg')
  assert.equal(request.file?.type, 'audio/ogg')
  assert.deepEqual(request.file?.bytes, audio)
  assert.deepEqual(result.variableUpdates, [{ variableId: 'v1', value: 'Heard 3000 bytes in audio.ogg' }])
})

test('Create transcription of a URL: downloaded without the key, named by the URL when the type does not tell', async () => {
  const clip = randomBytes(1500)
  peer.clips.set('hello.wav', { type: 'application/octet-stream', bytes: clip })
  const count = peer.requests.length
  const result = await forgedOpenai.execute(
    block('Create transcription', { url: `${peer.url}/clips/hello.wav?x=1`, model: 'gpt-4o-transcribe', transcriptionVariableId: 'v1' }),
    context(),
  )
  assert.equal(result.logs, undefined)
  const [download, transcription] = since(count)
  assert.equal(download.method, 'GET')
  assert.equal(download.headers.authorization, undefined)
  assert.equal(transcription.file?.name, 'audio.wav')
  assert.deepEqual(transcription.file?.bytes, clip)
  assert.deepEqual(transcription.fields, { model: 'gpt-4o-transcribe' })
  assert.deepEqual(result.variableUpdates, [{ variableId: 'v1', value: 'Heard 1500 bytes in audio.wav' }])
})

test('Create transcription: missing audio, refused or failing downloads are logged and nothing is sent to OpenAI', async () => {
  const ctx = context()
  assert.deepEqual(await forgedOpenai.execute(block('Create transcription', { url: '{{Out}}', transcriptionVariableId: 'v1' }), ctx), {
    logs: [{ status: 'error', description: 'Audio URL is empty' }],
  })
  assert.deepEqual(await forgedOpenai.execute(block('Create transcription', { url: 'https://x.org/a.mp3' }), ctx), {
    logs: [{ status: 'error', description: 'Missing transcription variable' }],
  })
  const count = peer.requests.length
  const missing = await forgedOpenai.execute(block('Create transcription', { url: `${peer.url}/clips/none.mp3`, transcriptionVariableId: 'v1' }), ctx)
  assert.deepEqual(missing.logs, [{ status: 'error', description: 'The audio could not be downloaded: status 404.' }])
  const metadata = await forgedOpenai.execute(
    block('Create transcription', { url: 'http://169.254.169.254/latest/meta-data', transcriptionVariableId: 'v1' }),
    ctx,
  )
  assert.match(metadata.logs?.[0].description ?? '', /^The audio could not be downloaded: Security validation failed/)
  assert.deepEqual(
    since(count).map((r) => r.path),
    ['/clips/none.mp3'],
  )
})

test('Create transcription: provider errors are logged with the key masked', async () => {
  const ctx = context()
  const stored = await ctx.storeFile({ name: 'a.mp3', contentType: 'audio/mpeg', bytes: randomBytes(10) })
  assert.ok(stored.ok)
  const result = await forgedOpenai.execute(
    block('Create transcription', { credentialsId: 'wrong', url: stored.url, transcriptionVariableId: 'v1' }),
    ctx,
  )
  assert.equal(result.variableUpdates, undefined)
  assert.deepEqual(result.logs, [{ status: 'error', description: 'OpenAI API error - 401: Incorrect API key provided: ***.' }])
})

test("audio file names follow the content type, else the URL's extension, else webm", () => {
  assert.equal(audioFileName('audio/x-m4a', 'https://x.org/a.mp3'), 'audio.m4a')
  assert.equal(audioFileName('Audio/MPEG; charset=binary', 'x'), 'audio.mp3')
  assert.equal(audioFileName('application/octet-stream', 'https://x.org/path/a.FLAC?q=1'), 'audio.flac')
  assert.equal(audioFileName(undefined, 'https://x.org/a.weba'), 'audio.webm')
  assert.equal(audioFileName(undefined, 'https://x.org/a.txt'), 'audio.webm')
  assert.equal(audioFileName(undefined, 'https://x.org/clip'), 'audio.webm')
  assert.equal(audioFileName('', 'speech.mp3'), 'audio.mp3')
})

test('an action the block does not have answers with an error log (a name such as toString too)', async () => {
  const unknown = await forgedOpenai.execute(block('toString', {}), context())
  assert.match(unknown.logs?.[0].description ?? '', /OpenAI "toString" is not supported/)
})
