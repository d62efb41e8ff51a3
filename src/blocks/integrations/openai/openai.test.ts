// The legacy OpenAI block's "Create speech" task against a local peer speaking OpenAI's audio API.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { openAI } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { loopbackHttpRequest } from '../../../../test/support/loopbackHttp.js'
import { type MediaServer, startMediaServer } from '../../../../test/support/mediaServer.js'

const KEY = 'sk-legacy-0123456789'
let peer: MediaServer
before(async () => {
  peer = await startMediaServer({ openai: KEY, elevenlabs: 'unused' })
})
after(() => peer.close())

test('Create speech: the audio is stored and its URL saved, as with the forged block', async () => {
  const { ctx } = blockContext({
    variables: { Name: 'Ada', Url: null },
    credentials: [{ id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey: KEY, baseUrl: `${peer.url}/v1` } }],
    runtime: { httpRequest: loopbackHttpRequest },
  })
  const count = peer.requests.length
  const result = await openAI.execute(
    {
      id: 'ai',
      type: 'OpenAI',
      options: { task: 'Create speech', credentialsId: 'c1', input: 'Hi {{Name}}', voice: 'echo', saveUrlInVariableId: 'v1' },
    },
    ctx,
  )
  assert.equal(result.logs, undefined)
  assert.deepEqual(peer.requests[count].json, { model: 'tts-1', input: 'Hi Ada', voice: 'echo' })
  const stored = await ctx.readStoredFile(String(result.variableUpdates?.[0].value))
  assert.deepEqual(Buffer.from(stored?.bytes ?? []), peer.speech)
})

test('Create image is not run: an error log, and the flow goes on', async () => {
  const result = await openAI.execute({ id: 'ai', type: 'OpenAI', options: { task: 'Create image', prompt: 'A cat' } }, blockContext().ctx)
  assert.match(result.logs?.[0].description ?? '', /^OpenAI "Create image" is not available: Typebot 3.18 does not run this task either/)
})
