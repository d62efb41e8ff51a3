// Stored files end to end on a real server: an upload URL for the block a chat waits on, the PUT, the reply with the
// file URL, serving it with safe headers, the limits (size, type, signature, expiry, block), and deletion with the
// result or the bot. Once on a local directory with anonymous chats (PUBLIC_CHAT), once on an S3 bucket (s3rver).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createFiles } from '../../src/app/files.js'
import { localFileStorage } from '../../src/runtime/files/local.js'
import { bot, say } from '../support/engine.js'
import { startS3Server } from '../support/s3Server.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const SECRET = 'files-test-signing-secret'
const pdf = Buffer.from('%PDF-1.7\n% a small test document\n')

const uploadBot = bot(
  [
    [
      'Upload',
      [
        {
          id: 'askFile',
          type: 'file input',
          options: { variableId: 'vFile', allowedFileTypes: { isEnabled: true, types: ['application/pdf', '.png'] } },
        },
        { id: 'askText', type: 'text input', options: { variableId: 'vText', attachments: { isEnabled: true, saveVariableId: 'vAttachments' } } },
        { id: 'askVoice', type: 'text input', options: { audioClip: { isEnabled: true, saveVariableId: 'vVoice' } } },
        { id: 'askPlain', type: 'text input', options: {} },
        say('bye', 'Got {{File}}'),
      ],
    ],
  ],
  {
    variables: [
      { id: 'vFile', name: 'File' },
      { id: 'vText', name: 'Text' },
      { id: 'vAttachments', name: 'Attachments' },
      { id: 'vVoice', name: 'Voice' },
    ],
  },
)

const put = (url: string, body: Uint8Array | string, contentType?: string) =>
  fetch(url, { method: 'PUT', body, headers: contentType ? { 'content-type': contentType } : {} }).then(async (res) => ({
    status: res.status,
    body: (await res.json().catch(() => undefined)) as any,
  }))

const flow = (label: string, env: () => Promise<{ env: Record<string, string>; stop?: () => Promise<void> }>) =>
  describe(`Stored files (${label})`, () => {
    let s: TestServer
    let stopExtra: (() => Promise<void>) | undefined
    before(async () => {
      const extra = await env()
      stopExtra = extra.stop
      s = await startTestServer({ PUBLIC_CHAT: 'true', FILES_SIGNING_SECRET: SECRET, ...extra.env })
    })
    after(async () => {
      await s.stop()
      await stopExtra?.()
    })

    /** An anonymous live chat on the upload bot, waiting on the file input. */
    const startChat = async () => {
      const owner = await userWithWorkspace(s)
      const published = await importAndPublish(s, owner.token, owner.workspaceId, uploadBot)
      const start = await s.call('POST', `/v1/bots/${published.publicId}/startChat`, { token: null, body: {} })
      assert.equal(start.status, 200, JSON.stringify(start.body))
      const sessionId: string = start.body.sessionId
      return {
        owner,
        published,
        start,
        sessionId,
        ask: (body: Record<string, unknown>) => s.call('POST', `/v1/sessions/${sessionId}/files`, { token: null, body }),
        send: (message: unknown) => s.call('POST', `/v1/sessions/${sessionId}/continueChat`, { token: null, body: { message } }),
      }
    }

    test('upload, reply with the file URL, served with safe headers; deleting the result deletes the file', async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'Reçu mars.pdf', contentType: 'application/pdf', size: pdf.length })
      assert.equal(granted.status, 200, JSON.stringify(granted.body))
      const { uploadUrl, fileUrl, expiresAt } = granted.body
      assert.ok(fileUrl.startsWith(`${s.url}/v1/files/${chat.owner.workspaceId}/${chat.published.id}/`), fileUrl)
      assert.ok(uploadUrl.startsWith(`${fileUrl}?`))
      assert.ok(Date.parse(expiresAt) > Date.now() + 9 * 60_000)
      assert.equal((await fetch(fileUrl)).status, 404, 'nothing before the PUT')

      const stored = await put(uploadUrl, pdf, 'application/pdf')
      assert.deepEqual(stored, { status: 200, body: { fileUrl } })
      const next = await chat.send(fileUrl)
      assert.equal(next.status, 200, JSON.stringify(next.body))
      assert.equal(next.body.input.id, 'askText')

      const served = await fetch(fileUrl)
      assert.equal(served.status, 200)
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), pdf)
      assert.equal(served.headers.get('content-type'), 'application/pdf')
      assert.equal(served.headers.get('content-disposition'), `inline; filename="Re_u mars.pdf"; filename*=UTF-8''Re%C3%A7u%20mars.pdf`)
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
      assert.match(served.headers.get('content-security-policy')!, /^sandbox;/)
      assert.match(served.headers.get('cache-control')!, /max-age/)

      const resultId = await resultIdOfKey(s.store.db, chat.start.body.resultId)
      const result = await s.call('GET', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: chat.owner.token })
      assert.equal(result.body.result.answers[0].content, fileUrl)
      assert.equal(result.body.result.variables.find((v: any) => v.id === 'vFile').value, fileUrl)

      const guest = await s.call('DELETE', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: (await s.user('Stranger')).token })
      assert.equal(guest.status, 404)
      const deleted = await s.call('DELETE', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: chat.owner.token })
      assert.deepEqual(deleted, { status: 200, body: { id: resultId }, headers: deleted.headers })
      const gone = await s.call('GET', fileUrl.slice(s.url.length))
      assert.equal(gone.status, 404)
      assert.equal(gone.body.code, 'not_found')
      assert.equal((await s.call('GET', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: chat.owner.token })).status, 404)
    })

    test("limits: the block's size and types, the server's maximum, the waiting block, uploads it takes", async () => {
      const chat = await startChat()
      const tooBig = await chat.ask({ blockId: 'askFile', fileName: 'a.pdf', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 })
      assert.equal(tooBig.status, 413)
      assert.equal(tooBig.body.code, 'payload_too_large')
      const wrongType = await chat.ask({ blockId: 'askFile', fileName: 'a.exe', contentType: 'application/octet-stream', size: 10 })
      assert.equal(wrongType.status, 415)
      assert.match(wrongType.body.message, /application\/pdf, \.png/)
      const wrongBlock = await chat.ask({ blockId: 'askText', fileName: 'a.pdf', size: 10 })
      assert.equal(wrongBlock.status, 400)
      assert.match(wrongBlock.body.message, /not waiting on that block/)
      const unknownSession = await s.call('POST', '/v1/sessions/nope/files', {
        token: null,
        body: { blockId: 'askFile', fileName: 'a.pdf', size: 1 },
      })
      assert.equal(unknownSession.status, 404)
      const invalid = await chat.ask({ blockId: 'askFile', fileName: '', size: -1 })
      assert.equal(invalid.status, 400)

      // Attachments: any type; then the voice clip: audio only; then a plain text input: no uploads.
      await chat.send('https://example.com/elsewhere.pdf')
      const attachment = await chat.ask({ blockId: 'askText', fileName: 'notes.txt', contentType: 'text/plain', size: 5 })
      assert.equal(attachment.status, 200, JSON.stringify(attachment.body))
      assert.equal((await put(attachment.body.uploadUrl, 'notes', 'text/plain')).status, 200)
      const withAttachment = await chat.send({ type: 'text', text: 'see attached', attachedFileUrls: [attachment.body.fileUrl] })
      assert.equal(withAttachment.body.input.id, 'askVoice')
      assert.equal((await chat.ask({ blockId: 'askVoice', fileName: 'clip.txt', contentType: 'text/plain', size: 5 })).status, 415)
      const clip = await chat.ask({ blockId: 'askVoice', fileName: 'clip.webm', contentType: 'audio/webm', size: 3 })
      assert.equal(clip.status, 200)
      assert.equal((await put(clip.body.uploadUrl, 'abc', 'audio/webm')).status, 200)
      await chat.send({ type: 'audio', url: clip.body.fileUrl })
      const plain = await chat.ask({ blockId: 'askPlain', fileName: 'a.txt', size: 1 })
      assert.equal(plain.status, 400)
      assert.match(plain.body.message, /takes no file uploads/)
      const served = await fetch(attachment.body.fileUrl)
      assert.equal(served.headers.get('content-disposition'), `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`)
    })

    test('upload URLs: forged, expired, a larger body or another type are refused, nothing is stored', async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'a.pdf', contentType: 'application/pdf', size: pdf.length })
      const { uploadUrl, fileUrl } = granted.body
      const forged = uploadUrl.replace(/([?&]size=)\d+/, '$1999999')
      assert.equal((await put(forged, pdf, 'application/pdf')).status, 403)
      assert.equal((await put(fileUrl, pdf, 'application/pdf')).status, 403, 'no signature at all')
      const bigger = await put(uploadUrl, Buffer.concat([pdf, Buffer.from('x')]), 'application/pdf')
      assert.equal(bigger.status, 413)
      assert.equal(bigger.body.code, 'payload_too_large')
      const html = await put(uploadUrl, pdf, 'text/html')
      assert.equal(html.status, 415)
      assert.equal((await fetch(fileUrl)).status, 404)

      // A URL signed with the server's key but an hour ago has expired.
      const past = createFiles({
        storage: localFileStorage('/nonexistent'),
        settings: { publicUrl: () => s.url, maxBytes: 1024, signingSecret: SECRET },
        uploads: s.store.fileUploads,
        now: () => Date.now() - 60 * 60_000,
      })
      const owner = { workspaceId: chat.owner.workspaceId, botId: chat.published.id, resultId: 'r1' }
      const session = { id: chat.sessionId, ...(await s.store.chats.session(chat.sessionId))! }
      const old = await past.grantUpload(owner, { refuses: () => undefined }, { blockId: 'askFile', fileName: 'a.pdf', size: pdf.length }, session)
      const expired = await put(old.uploadUrl, pdf)
      assert.equal(expired.status, 403)
      assert.match(expired.body.message, /expired/)
      assert.equal((await put(uploadUrl, pdf, 'application/pdf')).status, 200, 'the genuine URL still works')
    })

    test('an upload URL stores one file once: used again after the answer was stored, it is refused and the file stays', async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'a.pdf', contentType: 'application/pdf', size: pdf.length })
      assert.equal((await put(granted.body.uploadUrl, pdf, 'application/pdf')).status, 200)
      const again = await put(granted.body.uploadUrl, pdf, 'application/pdf')
      assert.equal(again.status, 409)
      assert.equal(again.body.code, 'conflict')
      assert.match(again.body.message, /used already/)
      assert.equal((await chat.send(granted.body.fileUrl)).body.input.id, 'askText')

      const swap = Buffer.from('%PDF-1.7\n% another document\n')
      const replayed = await put(granted.body.uploadUrl, swap.subarray(0, pdf.length), 'application/pdf')
      assert.equal(replayed.status, 409)
      assert.deepEqual(Buffer.from(await (await fetch(granted.body.fileUrl)).arrayBuffer()), pdf)
    })

    test('two uploads racing on one URL (a PUT and a form POST): one is stored, the other refused', async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'a.pdf', contentType: 'application/pdf', size: pdf.length })
      const other = Buffer.from(pdf.toString().replace('small', 'other'))
      const form = new FormData()
      form.append('file', new File([other], 'a.pdf', { type: 'application/pdf' }))
      const [byPut, byPost] = await Promise.all([
        put(granted.body.uploadUrl, pdf, 'application/pdf'),
        fetch(granted.body.uploadUrl, { method: 'POST', body: form }).then(async (res) => ({ status: res.status, body: (await res.json()) as any })),
      ])
      assert.deepEqual([byPut.status, byPost.status].sort(), [200, 409], JSON.stringify([byPut.body, byPost.body]))
      const loser = byPut.status === 409 ? byPut : byPost
      assert.equal(loser.body.code, 'conflict')
      const stored = Buffer.from(await (await fetch(granted.body.fileUrl)).arrayBuffer())
      assert.deepEqual(stored, byPut.status === 200 ? pdf : other)
    })

    test('an upload URL dies when its chat moves on, even unused', async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'a.pdf', contentType: 'application/pdf', size: pdf.length })
      assert.equal((await chat.send('https://example.com/elsewhere.pdf')).body.input.id, 'askText')
      const late = await put(granted.body.uploadUrl, pdf, 'application/pdf')
      assert.equal(late.status, 403)
      assert.equal(late.body.code, 'forbidden')
      assert.match(late.body.message, /moved on/)
      assert.equal((await fetch(granted.body.fileUrl)).status, 404)
    })

    test('unknown and traversal paths answer 404 JSON', async () => {
      for (const path of [
        '/v1/files/w/b/r/aaaaaaaaaaaaaaaaaaaaaa/a.txt',
        '/v1/files/w/b/r/aaaaaaaaaaaaaaaaaaaaaa/..%2F..%2F..%2Fpackage.json',
        '/v1/files/w/b/r/aaaaaaaaaaaaaaaaaaaaaa/.meta.json',
        '/v1/files/%2e%2e/%2e%2e/%2e%2e/aaaaaaaaaaaaaaaaaaaaaa/package.json',
      ]) {
        const res = await s.call('GET', path)
        assert.equal(res.status, 404, path)
        assert.equal(res.body.code, 'not_found', path)
      }
    })

    test("deleting a bot deletes its results' files", async () => {
      const chat = await startChat()
      const granted = await chat.ask({ blockId: 'askFile', fileName: 'a.png', contentType: 'image/png', size: 4 })
      assert.equal((await put(granted.body.uploadUrl, Buffer.from([137, 80, 78, 71]), 'image/png')).status, 200)
      assert.equal((await fetch(granted.body.fileUrl)).status, 200)
      assert.equal((await s.call('DELETE', `/v1/bots/${chat.published.id}`, { token: chat.owner.token })).status, 200)
      assert.equal((await fetch(granted.body.fileUrl)).status, 404)
    })
  })

flow('local directory', async () => ({ env: {} }))
flow('S3 bucket', async () => {
  const s3 = await startS3Server()
  const { endpoint, bucket, accessKey, secretKey } = s3.settings
  return { env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey }, stop: s3.stop }
})
