// Blocks that make files, through a real server: a QR code made locally, OpenAI speech and ElevenLabs speech from
// a local peer speaking their APIs, and an OpenAI transcription of the stored speech. Each file is stored by the
// server and served back at the URL saved in the block's variable.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import QRCode from 'qrcode'
import { bot, say } from '../support/engine.js'
import { type MediaServer, startMediaServer } from '../support/mediaServer.js'
import { readPng } from '../support/png.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const OPENAI_KEY = 'sk-media-0123456789'
const ELEVENLABS_KEY = 'xi-media-0123456789'

describe('blocks that make files', () => {
  let s: TestServer
  let peer: MediaServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  const credentials: Record<string, string> = {}

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    peer = await startMediaServer({ openai: OPENAI_KEY, elevenlabs: ELEVENLABS_KEY })
    owner = await userWithWorkspace(s)
    for (const [type, data] of [
      ['openai', { apiKey: OPENAI_KEY, baseUrl: `${peer.url}/v1` }],
      ['elevenlabs', { apiKey: ELEVENLABS_KEY, baseUrl: peer.url }],
    ] as const) {
      const res = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, { token: owner.token, body: { type, name: type, data } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      credentials[type] = res.body.credentials.id
    }
  })
  after(async () => {
    await s.stop()
    await peer.close()
  })

  /** Asks a name, then makes a QR code, OpenAI speech (transcribed back) and ElevenLabs speech, and shows them. */
  const mediaBot = () =>
    bot(
      [
        [
          'main',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'vName' } },
            {
              id: 'qr',
              type: 'qr-code',
              options: { action: 'Generate a QR Code', data: 'https://example.org/hi/{{Name}}', saveUrlInVariableId: 'vQr' },
            },
            {
              id: 'speech',
              type: 'openai',
              options: {
                action: 'Create speech',
                credentialsId: credentials.openai,
                input: 'Hello {{Name}}',
                voice: 'nova',
                saveUrlInVariableId: 'vSpeech',
              },
            },
            {
              id: 'transcribe',
              type: 'openai',
              options: { action: 'Create transcription', credentialsId: credentials.openai, url: '{{Speech}}', transcriptionVariableId: 'vHeard' },
            },
            {
              id: 'eleven',
              type: 'elevenlabs',
              options: {
                action: 'Convert text to speech',
                credentialsId: credentials.elevenlabs,
                voiceId: 'v-1',
                text: 'Bye {{Name}}',
                saveUrlInVariableId: 'vEleven',
              },
            },
            { id: 'showQr', type: 'image', content: { url: '{{QR}}' } },
            { id: 'playSpeech', type: 'audio', content: { url: '{{Speech}}' } },
            say('heard', 'Heard: {{Heard}}'),
            { id: 'playEleven', type: 'audio', content: { url: '{{Eleven}}' } },
          ],
        ],
      ],
      {
        variables: [
          { id: 'vName', name: 'Name' },
          { id: 'vQr', name: 'QR' },
          { id: 'vSpeech', name: 'Speech' },
          { id: 'vHeard', name: 'Heard' },
          { id: 'vEleven', name: 'Eleven' },
        ],
      },
    )

  const download = async (url: string) => {
    const res = await fetch(url)
    assert.equal(res.status, 200, url)
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) }
  }

  test('the QR code, the speech files and the transcription: each file is served back at the URL in its variable', async () => {
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, mediaBot())
    const first = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal(first.status, 200, JSON.stringify(first.body))
    const count = peer.requests.length
    const turn = await s.call('POST', `/v1/sessions/${first.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Ada' } })
    assert.equal(turn.status, 200, JSON.stringify(turn.body))
    const logs = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, first.body.resultId))
      .execute()
    assert.deepEqual(logs, [], 'no error logs')
    const [qr, speech, heard, eleven] = turn.body.messages
    for (const message of [qr, speech, eleven])
      assert.ok(message.content.url.startsWith(`${s.url}/v1/files/${owner.workspaceId}/`), message.content.url)

    const png = await download(qr.content.url)
    assert.equal(png.type, 'image/png')
    const image = readPng(png.bytes)
    assert.equal(image.width, (QRCode.create('https://example.org/hi/Ada', {}).modules.size + 8) * 4)

    const audio = await download(speech.content.url)
    assert.equal(audio.type, 'audio/mpeg')
    assert.deepEqual(audio.bytes, peer.speech)
    const elevenAudio = await download(eleven.content.url)
    assert.deepEqual(elevenAudio.bytes, peer.speech)
    assert.notEqual(eleven.content.url, speech.content.url)

    // The transcription read the stored speech from storage (no download) and sent it as the multipart file.
    const requests = peer.requests.slice(count)
    assert.deepEqual(
      requests.map((r) => r.path),
      ['/v1/audio/speech', '/v1/audio/transcriptions', '/v1/text-to-speech/v-1'],
    )
    assert.deepEqual(requests[1].file?.bytes, peer.speech)
    assert.equal(requests[1].file?.name, 'audio.mp3')
    assert.equal(requests[1].headers.authorization, `Bearer ${OPENAI_KEY}`)
    assert.equal(requests[2].headers['xi-api-key'], ELEVENLABS_KEY)
    const heardText = heard.content.richText.flatMap((p: any) => p.children.map((c: any) => c.text)).join('')
    assert.equal(heardText, `Heard: Heard ${peer.speech.length} bytes in audio.mp3`)
  })

  test('a provider error is stored for the owners only; the flow goes on to the next blocks', async () => {
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, mediaBot())
    const first = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: owner.token, body: {} })
    peer.failNext(500, 'The server had an error')
    const turn = await s.call('POST', `/v1/sessions/${first.body.sessionId}/continueChat`, { token: owner.token, body: { message: 'Bob' } })
    assert.equal(turn.status, 200, JSON.stringify(turn.body))
    assert.equal(turn.body.logs, undefined, 'whoever chats does not read integration errors')
    const logs = await s.store.db
      .selectFrom('logs')
      .select(['status', 'description'])
      .where('resultId', '=', await resultIdOfKey(s.store.db, first.body.resultId))
      .execute()
    assert.deepEqual(logs, [
      { status: 'error', description: 'OpenAI API error - 500: The server had an error' },
      { status: 'error', description: 'Audio URL is empty' },
    ])
    // The QR code and the ElevenLabs speech were still made.
    const urls = turn.body.messages.filter((m: any) => m.content?.url).map((m: any) => m.content.url)
    assert.equal(urls.length, 2)
    for (const url of urls) assert.equal((await fetch(url)).status, 200)
  })
})
