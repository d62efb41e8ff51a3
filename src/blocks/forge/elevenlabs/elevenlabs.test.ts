// The ElevenLabs block against a local peer speaking ElevenLabs' text-to-speech API, through the real guarded HTTP client.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { StoredCredentials } from '../../../engine/kinds.js'
import type { HttpRequest } from '../../../engine/types.js'
import { elevenlabs } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { loopbackHttpRequest } from '../../../../test/support/loopbackHttp.js'
import { type MediaServer, startMediaServer } from '../../../../test/support/mediaServer.js'

const KEY = 'xi-test-key-0123456789'
let peer: MediaServer
let credentials: StoredCredentials[]

before(async () => {
  peer = await startMediaServer({ openai: 'unused', elevenlabs: KEY })
  credentials = [
    { id: 'c1', type: 'elevenlabs', name: 'ElevenLabs', data: { apiKey: KEY, baseUrl: peer.url } },
    { id: 'wrong', type: 'elevenlabs', name: 'Wrong', data: { apiKey: 'xi-wrong-key-77', baseUrl: `${peer.url}/` } },
    { id: 'default', type: 'elevenlabs', name: 'No base URL', data: { apiKey: KEY } },
  ]
})
after(() => peer.close())

const context = (httpRequest = loopbackHttpRequest) =>
  blockContext({ variables: { Name: 'Ada', Out: null }, credentials, runtime: { httpRequest } }).ctx
const block = (options: Record<string, unknown>) => ({
  id: 'b1',
  type: 'elevenlabs',
  options: { action: 'Convert text to speech', credentialsId: 'c1', voiceId: 'voice 1', saveUrlInVariableId: 'v1', ...options },
})

test('the templated text goes to {base}/v1/text-to-speech/{voiceId} with xi-api-key; the audio is stored and its URL saved', async () => {
  const ctx = context()
  const count = peer.requests.length
  const result = await elevenlabs.execute(block({ text: 'Welcome {{Name}}', modelId: 'eleven_multilingual_v2' }), ctx)
  assert.equal(result.logs, undefined)
  const [request] = peer.requests.slice(count)
  assert.equal(request.path, '/v1/text-to-speech/voice%201')
  assert.equal(request.headers['xi-api-key'], KEY)
  assert.equal(request.headers.accept, 'audio/mpeg')
  assert.equal(request.headers.authorization, undefined)
  assert.deepEqual(request.json, { model_id: 'eleven_multilingual_v2', text: 'Welcome Ada' })
  const [update] = result.variableUpdates ?? []
  assert.equal(update.variableId, 'v1')
  const stored = await ctx.readStoredFile(String(update.value))
  assert.ok(stored)
  assert.deepEqual(Buffer.from(stored.bytes), peer.speech)
  assert.equal(stored.contentType, 'audio/mpeg')
})

test('without a model the body has none (ElevenLabs picks its default)', async () => {
  const count = peer.requests.length
  const result = await elevenlabs.execute(block({ text: 'Hi' }), context())
  assert.equal(result.variableUpdates?.length, 1)
  assert.deepEqual(peer.requests[count].json, { text: 'Hi' })
})

test("credentials without a base URL call ElevenLabs' own API", async () => {
  const sent: HttpRequest[] = []
  const recording = async (req: HttpRequest) => {
    sent.push(req)
    return { ok: false as const, reason: 'network' as const, message: 'offline' }
  }
  const result = await elevenlabs.execute(block({ credentialsId: 'default', text: 'Hi', voiceId: 'abc' }), context(recording))
  assert.equal(sent[0].url, 'https://api.elevenlabs.io/v1/text-to-speech/abc')
  assert.deepEqual(result.logs, [{ status: 'error', description: 'ElevenLabs request failed: offline' }])
})

test('missing voice, text or variable: the error log and no call', async () => {
  const count = peer.requests.length
  const ctx = context()
  assert.deepEqual(await elevenlabs.execute(block({ voiceId: '', text: 'Hi' }), ctx), {
    logs: [{ status: 'error', description: 'Voice ID is missing' }],
  })
  assert.deepEqual(await elevenlabs.execute(block({ text: '{{Out}}' }), ctx), { logs: [{ status: 'error', description: 'Text is missing' }] })
  assert.deepEqual(await elevenlabs.execute(block({ text: 'Hi', saveUrlInVariableId: undefined }), ctx), {
    logs: [{ status: 'error', description: 'Save variable is missing' }],
  })
  const noCredentials = await elevenlabs.execute(block({ credentialsId: undefined, text: 'Hi' }), ctx)
  assert.match(noCredentials.logs?.[0].description ?? '', /^Credentials not provided for integration/)
  assert.equal(peer.requests.length, count)
})

test('provider errors are logged with the key masked; the variable keeps its value', async () => {
  const ctx = context()
  const wrongKey = await elevenlabs.execute(block({ credentialsId: 'wrong', text: 'Hi' }), ctx)
  assert.equal(wrongKey.variableUpdates, undefined)
  assert.deepEqual(wrongKey.logs, [{ status: 'error', description: 'ElevenLabs API error - 401: Invalid API key: ***' }])
  peer.failNext(422, 'Quota exceeded')
  const quota = await elevenlabs.execute(block({ text: 'Hi' }), ctx)
  assert.deepEqual(quota.logs, [{ status: 'error', description: 'ElevenLabs API error - 422: Quota exceeded' }])
})
