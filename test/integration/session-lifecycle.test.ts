// The session lifecycle on a real server with tiny expiries: a preview chat, its snapshot and its upload go first
// while the live chat and its published snapshot stay; then the abandoned live chat goes, its unanswered upload
// with it, while its result, answers and answered file stay, and the visitor who comes back starts a fresh chat on
// the same result. Last, the background job purges by itself.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const LIVE_EXPIRY_MS = 3000
const PREVIEW_EXPIRY_MS = 1000
const pdf = Buffer.from('%PDF-1.7\n% a small test document\n')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const uploadBot = bot(
  [
    [
      'Upload',
      [
        { id: 'askFile', type: 'file input', options: { variableId: 'vFile' } },
        { id: 'askText', type: 'text input', options: { variableId: 'vText', attachments: { isEnabled: true, saveVariableId: 'vAttachments' } } },
        say('bye', 'Got {{File}}'),
      ],
    ],
  ],
  {
    variables: [
      { id: 'vFile', name: 'File' },
      { id: 'vText', name: 'Text' },
      { id: 'vAttachments', name: 'Attachments' },
    ],
  },
)

describe('Session lifecycle', () => {
  let s: TestServer
  let filesDir: string
  before(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'parley-lifecycle-files-'))
    s = await startTestServer({
      PUBLIC_CHAT: 'true',
      FILES_DIR: filesDir,
      SESSION_EXPIRY_DAYS: String(LIVE_EXPIRY_MS / 86_400_000),
      PREVIEW_EXPIRY_HOURS: String(PREVIEW_EXPIRY_MS / 3_600_000),
      // Purged when the test says so.
      PURGE_INTERVAL_MINUTES: '0',
    })
  })
  after(async () => {
    await s.stop()
    await rm(filesDir, { recursive: true, force: true })
  })

  /** Asks for an upload URL for the block the chat waits on and sends the file to it; answers the file URL. */
  const upload = async (sessionId: string, blockId: string, token: string | null) => {
    const granted = await s.call('POST', `/v1/sessions/${sessionId}/files`, {
      token,
      body: { blockId, fileName: 'doc.pdf', contentType: 'application/pdf', size: pdf.length },
    })
    assert.equal(granted.status, 200, JSON.stringify(granted.body))
    const put = await fetch(granted.body.uploadUrl, { method: 'PUT', body: pdf, headers: { 'content-type': 'application/pdf' } })
    assert.equal(put.status, 200)
    return granted.body.fileUrl as string
  }
  const pathOf = (fileUrl: string) => join(filesDir, ...fileUrl.slice(`${s.url}/v1/files/`.length).split('/'))
  const continueChat = (sessionId: string, message: string) =>
    s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: null, body: { message } })
  const snapshotIds = async () => (await s.store.db.selectFrom('publishedBots').select('id').execute()).map((r) => r.id)

  test('previews go first, then the abandoned chat; results, answers and answered files stay', async () => {
    const owner = await userWithWorkspace(s)
    const published = await importAndPublish(s, owner.token, owner.workspaceId, uploadBot)
    const current = (await s.store.bots.get(published.id))!.publishedId!

    // A visitor uploads a file and answers with it, then uploads an attachment and leaves without answering.
    const live = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    assert.equal(live.status, 200, JSON.stringify(live.body))
    const answered = await upload(live.body.sessionId, 'askFile', null)
    assert.equal((await continueChat(live.body.sessionId, answered)).body.input.id, 'askText')
    const unanswered = await upload(live.body.sessionId, 'askText', null)

    // The builder previews the draft and uploads a file in the preview.
    const preview = await s.call('POST', `/v1/bots/${published.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    const previewFile = await upload(preview.body.sessionId, 'askFile', owner.token)
    assert.ok(previewFile.includes('/_preview/'), previewFile)
    assert.equal((await snapshotIds()).filter((id) => id.startsWith('preview-')).length, 1)
    for (const url of [answered, unanswered, previewFile]) assert.ok(existsSync(pathOf(url)), url)

    await sleep(PREVIEW_EXPIRY_MS + 300)
    assert.deepEqual(await s.lifecycle.purge(), { sessions: 1, snapshots: 1, files: 1 })
    const previewAgain = await s.call('POST', `/v1/sessions/${preview.body.sessionId}/continueChat`, {
      token: owner.token,
      body: { message: 'hello' },
    })
    assert.equal(previewAgain.status, 404)
    assert.equal(existsSync(pathOf(previewFile)), false, 'the preview upload is gone')
    assert.deepEqual(await snapshotIds(), [current], 'the preview snapshot is gone, the published one stays')
    assert.ok(await s.store.chats.session(live.body.sessionId), 'the live chat is not expired yet')
    assert.ok(existsSync(pathOf(unanswered)))

    await sleep(LIVE_EXPIRY_MS - PREVIEW_EXPIRY_MS)
    assert.deepEqual(await s.lifecycle.purge(), { sessions: 1, snapshots: 0, files: 1 })
    const expired = await continueChat(live.body.sessionId, 'hello')
    assert.equal(expired.status, 404)
    assert.equal(expired.body.code, 'not_found')
    assert.match(expired.body.message, /Session not found/)
    assert.equal(existsSync(pathOf(unanswered)), false, 'the upload never answered with is gone')
    assert.ok(existsSync(pathOf(answered)), 'the answered file stays with the result')
    assert.deepEqual(await snapshotIds(), [current])

    const resultId = await resultIdOfKey(s.store.db, live.body.resultId)
    const result = await s.call('GET', `/v1/bots/${published.id}/results/${resultId}`, { token: owner.token })
    assert.equal(result.status, 200)
    assert.deepEqual(
      result.body.result.answers.map((a: any) => a.content),
      [answered],
    )
    assert.equal((await fetch(answered)).status, 200)

    // Remember-user: the visitor comes back with the result's key and starts a fresh chat on the same result.
    const back = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: { resultId: live.body.resultId } })
    assert.equal(back.status, 200, JSON.stringify(back.body))
    assert.notEqual(back.body.sessionId, live.body.sessionId)
    assert.equal(back.body.input.id, 'askFile')
    assert.equal(await resultIdOfKey(s.store.db, back.body.resultId), resultId)
  })
})

describe('Session lifecycle in the background', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer({ PUBLIC_CHAT: 'true', SESSION_EXPIRY_DAYS: String(300 / 86_400_000), PURGE_INTERVAL_MINUTES: String(100 / 60_000) })
  })
  after(() => s.stop())

  test('the job started with the server purges an abandoned chat by itself', async () => {
    const owner = await userWithWorkspace(s)
    const published = await importAndPublish(s, owner.token, owner.workspaceId, uploadBot)
    const live = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
    assert.equal(live.status, 200)
    for (let i = 0; i < 100 && (await s.store.chats.session(live.body.sessionId)); i++) await sleep(50)
    assert.equal(await s.store.chats.session(live.body.sessionId), undefined)
  })
})
