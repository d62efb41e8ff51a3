// Typebot's real embed client (0.10.7 and 0.3.92) in headless Chromium, on what goes through Parley besides chat
// turns: a file upload (generate-upload-url, then the raw PUT of 0.10.x or the multipart POST of 0.3.x, the file
// served back at its URL) and a Wait-for-webhook block (the client's PartySocket room on Parley, fed by
// executeWebhook).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { WebSocket } from 'playwright-core'
import { clients, embedHtml, openChat, useEmbedEnvironment } from '../support/browser.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish, resultIdOfKey } from '../support/seed.js'

const fast = { typingEmulation: { enabled: false } }
const pdf = Buffer.from('%PDF-1.4\n% a small test document\n%%EOF\n')

describe('Typebot embed client in Chromium: uploads and webhooks', { concurrency: true }, () => {
  const env = useEmbedEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)

  for (const client of clients) {
    describe(`@typebot.io/js ${client.version}`, { concurrency: 1 }, () => {
      test('a file input: the file goes to Parley’s storage, is served back at its URL, and is the answer', async (t) => {
        const { id, publicId } = await publish(
          bot(
            [
              [
                'g',
                [
                  say('hi', 'Send your invoice.'),
                  {
                    id: 'upload',
                    type: 'file input',
                    options: { variableId: 'vFile', allowedFileTypes: { isEnabled: true, types: ['.pdf'] }, sizeLimit: 1 },
                  },
                  say('thanks', 'Got it.'),
                ],
              ],
            ],
            { variables: [{ id: 'vFile', name: 'File' }], settings: fast },
          ),
        )
        const chat = await env.open(t, client, publicId)
        await chat.waitForBubble('Send your invoice.')
        const uploaded = chat.page
          .context()
          .waitForEvent('response', (res) => res.url().includes('/v1/files/') && res.request().method() !== 'OPTIONS')
        await chat.root.locator('typebot-standard input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf })
        const upload = await uploaded
        assert.equal(upload.status(), 200, await upload.text())
        // 0.10.x PUTs the raw file (formData is empty); 0.3.x always posts a form.
        assert.equal(upload.request().method(), client.version === '0.10.7' ? 'PUT' : 'POST')
        await chat.waitForBubble('Got it.')

        const [result] = await env.results(id)
        const fileUrl = result.answers.find((a: any) => a.blockId === 'upload')?.content
        assert.match(fileUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/v1\/files\/.+\/invoice\.pdf$/)
        const served = await fetch(fileUrl)
        assert.equal(served.headers.get('content-type'), 'application/pdf')
        assert.deepEqual(Buffer.from(await served.arrayBuffer()), pdf)
      })

      test('a Wait-for-webhook block: the client listens on Parley’s room; executeWebhook’s payload is mapped and the flow goes on', async (t) => {
        const { id, publicId } = await publish(
          bot(
            [
              [
                'g',
                [
                  say('hi', 'Waiting for your order to be confirmed…'),
                  {
                    id: 'wait',
                    type: 'webhook',
                    options: { responseVariableMapping: [{ id: 'm1', bodyPath: 'data.order.status', variableId: 'vStatus' }] },
                  },
                  say('done', 'Your order is {{Status}}.'),
                ],
              ],
            ],
            { variables: [{ id: 'vStatus', name: 'Status' }], settings: fast },
          ),
        )
        const context = await env.context(t)
        // Sockets are page events: listened for as soon as the page exists, before the client can open one.
        const listening = new Promise<WebSocket>((resolve) =>
          context.on('page', (page) => page.on('websocket', (ws) => ws.url().includes('/parties/main/') && resolve(ws))),
        )
        const started = context.waitForEvent('response', (res) => res.url().endsWith('/startChat'))
        const chat = await openChat(context, env.site.page(embedHtml({ client, typebot: publicId, apiHost: env.server.url })))
        await chat.waitForBubble('Waiting for your order to be confirmed…')
        const socket = await listening
        const frame = socket.waitForEvent('framereceived')

        // The result's id, as its "Result ID" variable would give it to an integration (the client holds its key).
        const resultId = await resultIdOfKey(env.server.store.db, (await (await started).json()).resultId)
        const delivered = await env.server.call('POST', `/api/v1/typebots/${id}/blocks/wait/results/${resultId}/executeWebhook`, {
          token: env.owner.token,
          body: { order: { status: 'confirmed' } },
        })
        assert.deepEqual([delivered.status, delivered.body], [200, { message: 'OK' }])
        assert.equal((await frame).payload, JSON.stringify({ data: { order: { status: 'confirmed' } } }))
        await chat.waitForBubble('Your order is confirmed.')
      })
    })
  }
})
