// Typebot's embed clients uploading files through Parley, on a real server: generate-upload-url (v3 with a block
// and maybe a size, v2 with neither), the upload as each client sends it (0.10.7: a raw PUT with Cache-Control;
// 0.3.x: a multipart POST with the file last under `file`), CORS on both, the limits at grant and at upload, and
// the reply each client then sends, stored as the answer. Once on a local directory, once on an S3 bucket (s3rver).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createFiles } from '../../src/app/files.js'
import { localFileStorage } from '../../src/runtime/files/local.js'
import { bot, say } from '../support/engine.js'
import { startS3Server } from '../support/s3Server.js'
import { importAndPublish, resultIdOfKey, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const SECRET = 'typebot-uploads-signing-secret'
const SITE = 'https://shop.example'
const pdf = Buffer.from('%PDF-1.7\n% a small test document\n')
const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])

const uploadBot = bot(
  [
    [
      'Upload',
      [
        {
          id: 'askFile',
          type: 'file input',
          // `sizeLimit` (MB): kept from v5 bots, Parley's block limit.
          options: { variableId: 'vFile', sizeLimit: 1, allowedFileTypes: { isEnabled: true, types: ['application/pdf', '.png'] } },
        },
        { id: 'askMany', type: 'file input', options: { variableId: 'vMany', isMultipleAllowed: true } },
        { id: 'askText', type: 'text input', options: { variableId: 'vText', attachments: { isEnabled: true, saveVariableId: 'vAttachments' } } },
        { id: 'askVoice', type: 'text input', options: { variableId: 'vSaid', audioClip: { isEnabled: true, saveVariableId: 'vVoice' } } },
        { id: 'askPlain', type: 'text input', options: {} },
        say('bye', 'Got {{File}}'),
      ],
    ],
  ],
  {
    variables: ['File', 'Many', 'Text', 'Attachments', 'Said', 'Voice'].map((name) => ({ id: `v${name}`, name })),
  },
)

type Answer = { status: number; body: any; headers: Headers }
const answer = async (res: Response): Promise<Answer> => {
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: res.status, body, headers: res.headers }
}

/** 0.10.7's upload when `formData` is empty: the raw file, its type, and a Cache-Control header. */
const putRaw = (url: string, bytes: Uint8Array, type: string) =>
  fetch(url, { method: 'PUT', body: bytes, headers: { origin: SITE, 'content-type': type, 'cache-control': 'public, max-age=86400' } }).then(answer)

/** 0.3.x's upload: the `formData` fields first, then the file under `file`; the browser sets the boundary. */
const postForm = (url: string, file: File | undefined, fields: Record<string, string> = {}, fileField = 'file') => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append(fileField, file)
  return fetch(url, { method: 'POST', body: form, headers: { origin: SITE } }).then(answer)
}

/** What the client sends as `text`: the URL with its last path segment URI-encoded. */
const encodedUrl = (url: string) => {
  const cut = url.lastIndexOf('/') + 1
  return url.slice(0, cut) + encodeURIComponent(url.slice(cut))
}

const flow = (label: string, env: () => Promise<{ env: Record<string, string>; stop?: () => Promise<void> }>) =>
  describe(`Typebot uploads (${label})`, () => {
    let s: TestServer
    let stopExtra: (() => Promise<void>) | undefined
    before(async () => {
      const extra = await env()
      stopExtra = extra.stop
      s = await startTestServer({ FILES_SIGNING_SECRET: SECRET, ...extra.env })
    })
    after(async () => {
      await s.stop()
      await stopExtra?.()
    })

    /** An anonymous chat started as the embed starts it, waiting on the file input. */
    const startChat = async () => {
      const owner = await userWithWorkspace(s)
      const published = await importAndPublish(s, owner.token, owner.workspaceId, uploadBot)
      const start = await s.call('POST', `/api/v1/typebots/${published.publicId}/startChat`, { token: null, body: {}, headers: { origin: SITE } })
      assert.equal(start.status, 200, JSON.stringify(start.body))
      assert.equal(start.body.input.id, 'askFile')
      const sessionId: string = start.body.sessionId
      return {
        owner,
        published,
        sessionId,
        resultKey: start.body.resultId as string,
        v3: (body: Record<string, unknown>) =>
          s.call('POST', '/api/v3/generate-upload-url', { token: null, body: { sessionId, ...body }, headers: { origin: SITE } }),
        v2: (body: Record<string, unknown>) =>
          s.call('POST', '/api/v2/generate-upload-url', { token: null, body: { sessionId, ...body }, headers: { origin: SITE } }),
        send: (message: unknown) =>
          s.call('POST', `/api/v1/sessions/${sessionId}/continueChat`, { token: null, body: message === undefined ? {} : { message } }),
      }
    }

    const served = async (url: string) => {
      const res = await fetch(url)
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) }
    }

    test('0.10.7: v3 with a size, raw PUT after a preflight, the reply with text and attachedFileUrls is the answer', async () => {
      const chat = await startChat()
      const granted = await chat.v3({ blockId: 'askFile', fileName: 'Reçu mars.pdf', fileType: 'application/pdf', fileSize: pdf.length })
      assert.equal(granted.status, 200, JSON.stringify(granted.body))
      assert.equal(granted.headers.get('access-control-allow-origin'), SITE)
      const { presignedUrl, formData, fileUrl } = granted.body
      assert.deepEqual(formData, {})
      assert.ok(fileUrl.startsWith(`${s.url}/v1/files/${chat.owner.workspaceId}/${chat.published.id}/`), fileUrl)
      assert.ok(fileUrl.endsWith('/Recu_mars.pdf'), 'the URL ends with the name and its extension')
      assert.ok(presignedUrl.startsWith(`${fileUrl}?`))

      const preflight = await fetch(presignedUrl, {
        method: 'OPTIONS',
        headers: { origin: SITE, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type,cache-control' },
      })
      assert.equal(preflight.status, 204)
      assert.equal(preflight.headers.get('access-control-allow-origin'), SITE)
      assert.match(preflight.headers.get('access-control-allow-methods')!, /PUT/)
      assert.match(preflight.headers.get('access-control-allow-headers')!, /cache-control/)
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null)

      const stored = await putRaw(presignedUrl, pdf, 'application/pdf')
      assert.equal(stored.status, 200, JSON.stringify(stored.body))
      assert.equal(stored.headers.get('access-control-allow-origin'), SITE)
      assert.deepEqual(await served(fileUrl), { status: 200, type: 'application/pdf', bytes: pdf })

      const next = await chat.send({ type: 'text', text: encodedUrl(fileUrl), attachedFileUrls: [fileUrl] })
      assert.equal(next.status, 200, JSON.stringify(next.body))
      assert.equal(next.body.input.id, 'askMany')

      // Several files: `text` joins the encoded URLs with ", ".
      const urls: string[] = []
      for (const name of ['a.txt', 'b.csv']) {
        const many = await chat.v3({ blockId: 'askMany', fileName: name, fileType: 'text/plain', fileSize: 2 })
        assert.equal((await putRaw(many.body.presignedUrl, Buffer.from('hi'), 'text/plain')).status, 200)
        urls.push(many.body.fileUrl)
      }
      const afterMany = await chat.send({ type: 'text', text: urls.map(encodedUrl).join(', '), attachedFileUrls: urls })
      assert.equal(afterMany.body.input.id, 'askText')

      // A text input's attachment, then a voice clip (`rec-{blockId}-{time}.webm`).
      const attachment = await chat.v3({ blockId: 'askText', fileName: 'notes.md', fileType: 'text/markdown', fileSize: 5 })
      assert.equal((await putRaw(attachment.body.presignedUrl, Buffer.from('notes'), 'text/markdown')).status, 200)
      const afterText = await chat.send({ type: 'text', text: 'see attached', attachedFileUrls: [attachment.body.fileUrl] })
      assert.equal(afterText.body.input.id, 'askVoice')
      const clip = await chat.v3({ blockId: 'askVoice', fileName: `rec-askVoice-${Date.now()}.webm`, fileType: 'audio/webm', fileSize: 3 })
      assert.equal(clip.status, 200, JSON.stringify(clip.body))
      assert.equal((await putRaw(clip.body.presignedUrl, Buffer.from('ogg'), 'audio/webm')).status, 200)
      const afterVoice = await chat.send({ type: 'audio', url: clip.body.fileUrl })
      assert.equal(afterVoice.body.input.id, 'askPlain')
      const noUploads = await chat.v3({ blockId: 'askPlain', fileName: 'a.txt', fileType: 'text/plain' })
      assert.equal(noUploads.status, 400)
      assert.match(noUploads.body.message, /takes no file uploads/)

      const resultId = await resultIdOfKey(s.store.db, chat.resultKey)
      const result = await s.call('GET', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: chat.owner.token })
      const answers = Object.fromEntries(result.body.result.answers.map((a: any) => [a.blockId, a.content]))
      assert.equal(answers.askFile, fileUrl)
      assert.equal(answers.askMany, urls.join(', '))
      assert.equal(answers.askText, 'see attached')
      assert.equal(answers.askVoice, clip.body.fileUrl)
      const variables = Object.fromEntries(result.body.result.variables.map((v: any) => [v.id, v.value]))
      assert.equal(variables.vFile, fileUrl)
      assert.equal(variables.vAttachments, attachment.body.fileUrl)
      assert.equal(variables.vVoice, clip.body.fileUrl)
    })

    test('0.3.x: v2 without block or size, multipart POST (fields first, file last), the object reply; 0.2.x: v1 and the bare string', async () => {
      const chat = await startChat()
      const granted = await chat.v2({ fileName: 'scan.png', fileType: 'image/png' })
      assert.equal(granted.status, 200, JSON.stringify(granted.body))
      assert.deepEqual(granted.body.formData, {})
      const { presignedUrl, fileUrl } = granted.body
      assert.ok(fileUrl.endsWith('/scan.png'))
      const stored = await postForm(presignedUrl, new File([png], 'scan.png', { type: 'image/png' }), { key: 'ignored', policy: 'ignored' })
      assert.equal(stored.status, 200, JSON.stringify(stored.body))
      assert.deepEqual(stored.body, { fileUrl })
      assert.equal(stored.headers.get('access-control-allow-origin'), SITE)
      assert.deepEqual(await served(fileUrl), { status: 200, type: 'image/png', bytes: png })
      const next = await chat.send({ type: 'text', text: encodedUrl(fileUrl), attachedFileUrls: [fileUrl] })
      assert.equal(next.body.input.id, 'askMany')

      // 0.2.x: the v1 path before 0.2.90 (`filePathProps`), the reply is the URLs as a string; an unknown type ("" from
      // the browser) is octet-stream.
      const untyped = await s.call('POST', '/api/v1/generate-upload-url', {
        token: null,
        body: { filePathProps: { sessionId: chat.sessionId, fileName: 'data.bin' }, fileType: '' },
        headers: { origin: SITE },
      })
      assert.equal(untyped.status, 200, JSON.stringify(untyped.body))
      const bytes = Buffer.from([0, 1, 2, 3])
      assert.equal((await postForm(untyped.body.presignedUrl, new File([bytes], 'data.bin'))).status, 200)
      assert.deepEqual(await served(untyped.body.fileUrl), { status: 200, type: 'application/octet-stream', bytes })
      const afterMany = await chat.send(untyped.body.fileUrl)
      assert.equal(afterMany.body.input.id, 'askText')

      const resultId = await resultIdOfKey(s.store.db, chat.resultKey)
      const result = await s.call('GET', `/v1/bots/${chat.published.id}/results/${resultId}`, { token: chat.owner.token })
      assert.deepEqual(
        result.body.result.answers.map((a: any) => a.content),
        [fileUrl, untyped.body.fileUrl],
      )
    })

    test('refused at the grant: no session, another block, a type or size the block refuses, a bad body; errors carry ACAO', async () => {
      const chat = await startChat()
      const noSession = await s.call('POST', '/api/v3/generate-upload-url', {
        token: null,
        body: { sessionId: 'nope', blockId: 'askFile', fileName: 'a.pdf', fileType: 'application/pdf' },
        headers: { origin: SITE },
      })
      assert.equal(noSession.status, 404)
      assert.equal(noSession.body.code, 'not_found')
      assert.match(noSession.body.message, /Session not found/)
      assert.equal(noSession.headers.get('access-control-allow-origin'), SITE)
      const otherBlock = await chat.v3({ blockId: 'askText', fileName: 'a.pdf', fileType: 'application/pdf' })
      assert.equal(otherBlock.status, 400)
      assert.match(otherBlock.body.message, /not waiting on that block/)
      const wrongType = await chat.v3({ blockId: 'askFile', fileName: 'a.exe', fileType: 'application/x-msdownload' })
      assert.equal(wrongType.status, 415)
      assert.match(wrongType.body.message, /application\/pdf, \.png/)
      assert.equal((await chat.v2({ fileName: 'a.exe', fileType: '' })).status, 415)
      const tooBig = await chat.v3({ blockId: 'askFile', fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 1024 * 1024 + 1 })
      assert.equal(tooBig.status, 413)
      assert.match(tooBig.body.message, /larger than this block accepts \(1048576 bytes\)/)
      const invalid = await chat.v3({ fileName: 'a.pdf' })
      assert.equal(invalid.status, 400)
      assert.equal(invalid.body.code, 'validation_failed')
      assert.equal(invalid.headers.get('access-control-allow-origin'), SITE)
    })

    test("refused at the upload: over the block's limit without a size, another type, no file, not a form", async () => {
      const chat = await startChat()
      const raw = await chat.v3({ blockId: 'askFile', fileName: 'big.pdf', fileType: 'application/pdf' })
      const form = await chat.v2({ fileName: 'big.pdf', fileType: 'application/pdf' })
      const big = Buffer.alloc(1024 * 1024 + 1, 1)
      const rawTooBig = await putRaw(raw.body.presignedUrl, big, 'application/pdf')
      assert.equal(rawTooBig.status, 413)
      assert.equal(rawTooBig.headers.get('access-control-allow-origin'), SITE)
      const formTooBig = await postForm(form.body.presignedUrl, new File([big], 'big.pdf', { type: 'application/pdf' }))
      assert.equal(formTooBig.status, 413, JSON.stringify(formTooBig.body))
      assert.match(formTooBig.body.message, /larger than the 1048576 bytes/)
      assert.equal(formTooBig.headers.get('access-control-allow-origin'), SITE)
      // A form announcing far more than the limit is refused before it is read.
      const huge = Buffer.alloc(1024 * 1024 + 128 * 1024, 1)
      const formHuge = await postForm(form.body.presignedUrl, new File([huge], 'big.pdf', { type: 'application/pdf' }))
      assert.equal(formHuge.status, 413)
      assert.match(formHuge.body.message, /larger than the 1048576 bytes/)

      assert.equal((await putRaw(raw.body.presignedUrl, pdf, 'text/html')).status, 415)
      const htmlForm = await postForm(form.body.presignedUrl, new File([pdf], 'big.pdf', { type: 'text/html' }))
      assert.equal(htmlForm.status, 415)
      const noFile = await postForm(form.body.presignedUrl, undefined, { file: 'not a file' })
      assert.equal(noFile.status, 400)
      assert.match(noFile.body.message, /no file/)
      const otherField = await postForm(form.body.presignedUrl, new File([pdf], 'big.pdf', { type: 'application/pdf' }), {}, 'upload')
      assert.equal(otherField.status, 400)
      assert.match(otherField.body.message, /under `file`/)
      const notForm = await fetch(form.body.presignedUrl, { method: 'POST', body: pdf, headers: { 'content-type': 'application/pdf', origin: SITE } })
      assert.equal(notForm.status, 415)
      assert.equal(notForm.headers.get('access-control-allow-origin'), SITE)
      const broken = await fetch(form.body.presignedUrl, {
        method: 'POST',
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }).then(answer)
      assert.equal(broken.status, 400, JSON.stringify(broken.body))
      assert.equal(broken.body.code, 'bad_request')
      for (const url of [raw.body.fileUrl, form.body.fileUrl]) assert.equal((await served(url)).status, 404, 'nothing stored')

      // The same URLs still take a file within the limits.
      assert.equal((await putRaw(raw.body.presignedUrl, pdf, 'application/pdf')).status, 200)
      assert.equal((await postForm(form.body.presignedUrl, new File([pdf], 'big.pdf', { type: 'application/pdf' }))).status, 200)
    })

    test('forged and expired upload URLs are refused for both PUT and POST', async () => {
      const chat = await startChat()
      const granted = await chat.v3({ blockId: 'askFile', fileName: 'a.pdf', fileType: 'application/pdf' })
      const { presignedUrl, fileUrl } = granted.body
      const forged = presignedUrl.replace(/([?&]size=)\d+/, '$1999999999')
      const file = () => new File([pdf], 'a.pdf', { type: 'application/pdf' })
      const forgedPut = await putRaw(forged, pdf, 'application/pdf')
      assert.equal(forgedPut.status, 403)
      assert.equal(forgedPut.headers.get('access-control-allow-origin'), SITE)
      const forgedPost = await postForm(forged, file())
      assert.equal(forgedPost.status, 403)
      assert.match(forgedPost.body.message, /not valid/)
      assert.equal((await postForm(fileUrl, file())).status, 403, 'no signature at all')

      const past = createFiles({
        storage: localFileStorage('/nonexistent'),
        settings: { publicUrl: () => s.url, maxBytes: 1024, signingSecret: SECRET },
        uploads: s.store.fileUploads,
        now: () => Date.now() - 60 * 60_000,
      })
      const owner = { workspaceId: chat.owner.workspaceId, botId: chat.published.id, resultId: 'r1' }
      const session = { id: chat.sessionId, ...(await s.store.chats.session(chat.sessionId))! }
      const old = await past.grantUpload(owner, { refuses: () => undefined }, { blockId: 'askFile', fileName: 'a.pdf' }, session)
      const expired = await postForm(old.uploadUrl, file())
      assert.equal(expired.status, 403)
      assert.match(expired.body.message, /expired/)
      assert.equal((await putRaw(old.uploadUrl, pdf, 'application/pdf')).status, 403)
      assert.equal((await served(fileUrl)).status, 404)
    })
  })

flow('local directory', async () => ({ env: {} }))
flow('S3 bucket', async () => {
  const s3 = await startS3Server()
  const { endpoint, bucket, accessKey, secretKey } = s3.settings
  return { env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey }, stop: s3.stop }
})
