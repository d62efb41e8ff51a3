// The web app's webhooks in Chromium: a member adds a webhook on a bot's Webhooks tab, copies its secret, and reads
// the delivery log of a receiver that first fails (500, retried, then failed) and takes the event once redelivered;
// the receiver checks the signature with the secret the dialog showed. The workspace page lists the bot's webhook
// beside workspace-wide ones. The same server has bot pages on a chat host of their own (PARLEY_CHAT_URL): the
// Share tab gives links there.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person, shot } from '../support/webApp.js'

const greeter = {
  version: '6',
  name: 'Greeter',
  groups: [
    {
      id: 'g1',
      title: 'Hello',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 'hi', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Your name?' }] }] } },
        { id: 'ask', type: 'text input', options: { variableId: 'v1' } },
        { id: 'bye', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Thanks' }] }] } },
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  theme: {},
  settings: {},
}

describe('webhooks in the web app', () => {
  let server: TestServer
  let browser: Browser
  let receiver: Server
  let receiverUrl = ''
  let failing = true
  const received: { signature: string; body: string }[] = []

  before(async () => {
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        received.push({ signature: String(req.headers['parley-signature']), body })
        res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' }).end(failing ? '{"error":"database unavailable"}' : '{"ok":true}')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/parley`
    server = await startTestServer({
      ENCRYPTION_SECRET: 'webhooks-ui-test-secret-0123456789',
      HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
      PARLEY_WEBHOOK_POLL_MS: '50',
      PARLEY_WEBHOOK_RETRY_BASE_MS: '50',
      PARLEY_WEBHOOK_MAX_ATTEMPTS: '2',
      // Bot pages on a host name of their own: the Share tab must give links there (checked below).
      PARLEY_CHAT_URL: 'https://chat.example.test',
    })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
    receiver?.close()
  })

  test('add a webhook on a bot, see failed deliveries with the answer excerpt, redeliver, verify the signature', async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } })
    const { workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Ada'))
    const imported = await api('POST', '/v1/bots/import', { workspaceId, bot: greeter })
    const bot = imported.json.bot
    assert.equal((await api('POST', `/v1/bots/${bot.id}/publish`)).status, 200)

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${bot.id}/webhooks`)
    await page.getByRole('button', { name: 'Add webhook' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' })
    await dialog.getByLabel('Receiver URL').fill(receiverUrl)
    await dialog.getByLabel(/Answer given/).check()
    await dialog.getByRole('button', { name: 'Add webhook' }).click()
    const secret = await dialog.getByLabel('Signing secret', { exact: true }).inputValue()
    assert.ok(secret.length >= 24, secret)
    await shot(page, 'webhook-secret')
    await dialog.getByRole('button', { name: 'Done' }).click()
    const table = page.getByRole('table', { name: 'Webhooks' })
    await table.getByText(receiverUrl).waitFor()
    await table.getByText('Answer given').waitFor()

    // A visitor's chat: one answer, then the end.
    const started = await server.call('POST', `/api/v1/typebots/${bot.publicId}/startChat`, { token: null, body: {} })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const answered = await server.call('POST', `/api/v1/sessions/${started.body.sessionId}/continueChat`, { token: null, body: { message: 'Grace' } })
    assert.equal(answered.status, 200)
    await waitFor(() => received.length >= 4, 'the receiver to be tried twice per event')

    await page.getByRole('button', { name: `Actions for the webhook to ${receiverUrl}` }).click()
    await page.getByRole('menuitem', { name: 'Deliveries' }).click()
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiverUrl}` })
    const deliveries = log.getByRole('table', { name: 'Deliveries' })
    await waitFor(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click()
      return (await deliveries.getByText('failed', { exact: true }).count()) >= 2
    }, 'both events to fail after their attempts')
    await deliveries.getByText('HTTP 500').first().waitFor()
    await deliveries.getByText('{"error":"database unavailable"}').first().waitFor()
    await shot(page, 'webhook-deliveries-failed')

    failing = false
    const before = received.length
    await deliveries.getByRole('button', { name: /^Redeliver answer\.created/ }).click()
    await waitFor(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click()
      return (await deliveries.getByText('delivered', { exact: true }).count()) === 1
    }, 'the redelivered event to be delivered')
    const last = received.slice(before).at(-1)!
    const [t, v1] = last.signature.split(',').map((p) => p.split('=')[1])
    assert.equal(createHmac('sha256', secret).update(`${t}.${last.body}`).digest('hex'), v1, 'signed with the secret the dialog showed')
    assert.equal(JSON.parse(last.body).type, 'answer.created')
    await shot(page, 'webhook-deliveries-redelivered')
    await page.keyboard.press('Escape')

    // The workspace page lists it too (it is the bot's; workspace-wide ones would be marked on the bot's tab).
    await page.getByRole('link', { name: 'Webhooks' }).click()
    await page.getByRole('table', { name: 'Webhooks' }).getByText(receiverUrl).waitFor()
    // …naming the bot it is limited to.
    await page
      .getByRole('table', { name: 'Webhooks' })
      .getByRole('link', { name: `Only ${bot.name}` })
      .waitFor()
    await shot(page, 'webhooks-workspace-page')

    // With PARLEY_CHAT_URL, the Share tab's link and snippets are on the chat host.
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${bot.id}/share`)
    assert.equal(await page.getByRole('textbox', { name: 'Link' }).inputValue(), `https://chat.example.test/${bot.publicId}`)
    assert.match(
      await page.getByRole('textbox', { name: 'Snippet' }).inputValue(),
      /<script src="https:\/\/chat\.example\.test\/chat\.js"><\/script>/,
    )
    await shot(page, 'share-tab-chat-host')
    assert.deepEqual(errors, [])
  })
})

const waitFor = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
