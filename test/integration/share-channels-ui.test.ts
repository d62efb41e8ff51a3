// The Share tab's messaging channels in Chromium: a member creates WhatsApp credentials in place, reads the Callback
// URL Meta is to call (on the chat host, PARLEY_CHAT_URL), generates a verify token (which the webhook then takes, as
// Meta's check would), sets a start condition and the session expiry, turns the channel on and saves: the bot record
// holds the credentials and the settings. Then Telegram, against a stand-in for its Bot API (TELEGRAM_API_URL): a
// refused "Connect webhook" shows Telegram's reason, an accepted one the webhook's URL. Every field has a label, axe-core
// finds nothing serious, and a guest sees it all read-only.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Browser, Locator, Page } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { type ServicePeer, startServicePeer } from '../support/servicePeer.js'
import { fillAccountForm, openApp, person, shot } from '../support/webApp.js'

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
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  theme: {},
  settings: {},
}

/** Where screenshots go for a person to look at (besides test-artifacts/). */
const SHOTS = process.env.CHANNELS_UI_SHOTS

/** Saves a screenshot of the page or a part of it where a person can look at it, when CHANNELS_UI_SHOTS is set. */
const look = async (target: Page | Locator, name: string) => {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await target.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', ...('goto' in target ? { fullPage: true } : {}) })
}

/** Picks an option of a Mantine select (a combobox whose options are rendered in a portal). */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The form fields in `scope` without an accessible name (a label, aria-label or aria-labelledby). */
const unlabelled = (scope: Locator) =>
  scope.evaluate((root: any) =>
    [...root.querySelectorAll('input:not([type=hidden]), textarea, select')]
      .filter((el: any) => {
        if (el.getAttribute('aria-hidden') === 'true') return false
        const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .some((id: string) => root.ownerDocument.getElementById(id)?.textContent?.trim())
        return !(el.labels?.length && [...el.labels].some((l: any) => l.textContent.trim())) && !el.getAttribute('aria-label')?.trim() && !labelledBy
      })
      .map((el: any) => el.outerHTML.slice(0, 160)),
  )

describe('messaging channels in the web app', () => {
  let server: TestServer
  let browser: Browser
  // Telegram's Bot API: refuses the first setWebhook (a revoked token), accepts the next ones. The same server
  // stands in for Meta's Graph API, which confirms the phone number ID when the credentials are made.
  let peer: ServicePeer
  const setWebhookCalls = () => peer.requests.filter((r) => r.path.endsWith('/setWebhook'))
  let workspaceId = ''
  let botId = ''
  let api: Awaited<ReturnType<typeof setUpFirstAccount>>['api']

  before(async () => {
    peer = await startServicePeer((req) => {
      if (req.path.endsWith('/getMe')) return { json: { ok: true, result: { id: 123456789, is_bot: true } } }
      if (req.path.startsWith('/v17.0/')) return { json: { id: req.path.slice(7) } }
      return setWebhookCalls().length === 1
        ? { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } }
        : { json: { ok: true, result: true, description: 'Webhook was set' } }
    })
    server = await startTestServer({
      TELEGRAM_API_URL: peer.url,
      WHATSAPP_CLOUD_API_URL: peer.url,
      ENCRYPTION_SECRET: 'channels-ui-test-secret-0123456789',
      // Bot pages (and channel webhooks) on a host name of their own: the Callback URL must be there.
      PARLEY_CHAT_URL: 'https://chat.example.test',
    })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
    await peer?.close()
  })

  test('set up WhatsApp and Telegram on a bot from its Share tab', async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } })
    ;({ workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Ada')))
    const bot = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter })).json.bot
    botId = bot.id
    assert.equal((await api('POST', `/v1/bots/${bot.id}/publish`)).status, 200)
    const readBot = async () => (await api('GET', `/v1/bots/${bot.id}`)).json.bot
    const credentialsOf = async (type: string) =>
      ((await api('GET', `/v1/workspaces/${workspaceId}/credentials`)).json.credentials as { id: string; type: string; name: string }[]).filter(
        (c) => c.type === type,
      )

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${bot.id}/share`)
    const whatsApp = page.getByRole('region', { name: 'WhatsApp' })
    await whatsApp.waitFor()
    await whatsApp.getByText('Set-up guide:').waitFor()
    await whatsApp.getByText('Off', { exact: true }).waitFor()

    // Credentials made in place: the secret fields are password inputs.
    await whatsApp.getByRole('button', { name: 'New credentials' }).click()
    const form = whatsApp.getByRole('group', { name: 'New WhatsApp (Meta Cloud API) credentials' })
    await form.getByLabel('Name').fill('Support line')
    const token = form.getByLabel('System user access token')
    assert.equal(await token.getAttribute('type'), 'password')
    await token.fill('EAAG-test-access-token')
    await form.getByLabel('Phone number ID').fill('106540352242922')
    assert.equal(await form.getByLabel('App secret (optional)').getAttribute('type'), 'password')
    await look(form, 'whatsapp-new-credentials')
    await form.getByRole('button', { name: 'Save credentials' }).click()
    await form.waitFor({ state: 'detached' })
    const [created] = await credentialsOf('whatsApp')
    assert.equal(created?.name, 'Support line')
    assert.equal(await whatsApp.getByRole('combobox', { name: 'Credentials' }).inputValue(), 'Support line')

    // What Meta is given: the webhook on the chat host, and a verify token.
    const callback = await whatsApp.getByRole('textbox', { name: 'Callback URL' }).inputValue()
    assert.equal(callback, `https://chat.example.test/api/v1/workspaces/${workspaceId}/whatsapp/${created.id}/webhook`)
    assert.ok(callback.includes(`/api/v1/workspaces/${workspaceId}/whatsapp/${created.id}/webhook`))
    await whatsApp.getByRole('button', { name: 'Generate verify token' }).click()
    const verifyToken = await whatsApp.getByRole('textbox', { name: 'Verify token' }).inputValue()
    assert.ok(verifyToken.length >= 16, verifyToken)
    await whatsApp.getByText('Valid for one hour, once').waitFor()
    // Meta's check of the Callback URL with that token (the URL's path on this server) answers the challenge.
    const check = `${new URL(callback).pathname}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`
    const verified = await server.call('GET', check, { token: null })
    assert.deepEqual([verified.status, verified.body], [200, 1158201444])
    await look(whatsApp, 'whatsapp-verify-token')

    // Start only on a first message starting with "hello" or containing "order"; chats expire after 12 h.
    await whatsApp.getByRole('button', { name: 'Add a comparison' }).click()
    const first = whatsApp.getByRole('group', { name: 'Comparison 1' })
    await choose(page, first.getByRole('combobox', { name: 'Operator' }), 'Starts with')
    await first.getByRole('textbox', { name: 'Value' }).fill('hello')
    await whatsApp.getByRole('button', { name: 'Add a comparison' }).click()
    const second = whatsApp.getByRole('group', { name: 'Comparison 2' })
    await choose(page, second.getByRole('combobox', { name: 'Operator' }), 'Contains')
    await second.getByRole('textbox', { name: 'Value' }).fill('order')
    await whatsApp.getByText('Any may hold (OR)').click()
    // A third row, removed again.
    await whatsApp.getByRole('button', { name: 'Add a comparison' }).click()
    await whatsApp.getByRole('button', { name: 'Remove comparison 3' }).click()
    await whatsApp.getByRole('group', { name: 'Comparison 3' }).waitFor({ state: 'detached' })
    await whatsApp.getByLabel('Session expiry (hours)').fill('12')
    await whatsApp.getByRole('switch', { name: 'Enabled' }).check()
    await whatsApp.getByText('Unsaved changes').waitFor()
    assert.deepEqual(await unlabelled(page.locator('main')), [])
    await expectClean(page, 'share tab with the WhatsApp panel filled in')
    await whatsApp.getByRole('button', { name: 'Save WhatsApp settings' }).click()
    await page.getByText('Saved. Publish for the change to take effect.').waitFor()
    await whatsApp.getByText('On', { exact: true }).waitFor()

    const saved = await readBot()
    assert.equal(saved.whatsAppCredentialsId, created.id)
    const comparisons = saved.settings.whatsApp.startCondition.comparisons
    assert.ok(comparisons.every((c: { id?: string }) => typeof c.id === 'string' && c.id.length > 0))
    assert.deepEqual(
      {
        ...saved.settings.whatsApp,
        startCondition: { ...saved.settings.whatsApp.startCondition, comparisons: comparisons.map(({ id: _, ...c }: { id: string }) => c) },
      },
      {
        isEnabled: true,
        startCondition: {
          logicalOperator: 'OR',
          comparisons: [
            { comparisonOperator: 'Starts with', value: 'hello' },
            { comparisonOperator: 'Contains', value: 'order' },
          ],
        },
        sessionExpiryTimeout: 12,
      },
    )

    // Telegram: a bot token, the webhook connected (or Telegram's refusal shown), the channel on.
    const telegram = page.getByRole('region', { name: 'Telegram' })
    await telegram.getByRole('button', { name: 'New credentials' }).click()
    const telegramForm = telegram.getByRole('group', { name: 'New Telegram bot credentials' })
    await telegramForm.getByLabel('Name').fill('Acme bot')
    const botToken = telegramForm.getByLabel('Bot token')
    assert.equal(await botToken.getAttribute('type'), 'password')
    await botToken.fill('123456789:AAtest-token-for-the-ui-test')
    await telegramForm.getByRole('button', { name: 'Save credentials' }).click()
    await telegramForm.waitFor({ state: 'detached' })
    const [telegramCredentials] = await credentialsOf('telegram')
    assert.equal(telegramCredentials?.name, 'Acme bot')
    assert.equal(await telegram.getByRole('combobox', { name: 'Credentials' }).inputValue(), 'Acme bot')

    // Telegram refuses (the stand-in's first answer): its reason is shown; the browser logs the failed request.
    const errorsBefore = errors.length
    await telegram.getByRole('button', { name: 'Connect webhook' }).click()
    const refusal = telegram.getByRole('alert')
    await refusal.getByText('The webhook could not be connected').waitFor()
    assert.match((await refusal.textContent()) ?? '', /Unauthorized/)
    const logged = errors.splice(errorsBefore)
    assert.ok(
      logged.every((e) => e.startsWith('Failed to load resource')),
      logged.join('\n'),
    )
    await look(telegram, 'telegram-webhook-refused')
    // Then accepts: the URL Telegram was given is shown, with the credentials' secret token sent along.
    await telegram.getByRole('button', { name: 'Connect webhook' }).click()
    const telegramWebhook = `https://chat.example.test/api/v1/workspaces/${workspaceId}/telegram/${telegramCredentials.id}/webhook`
    await telegram.getByRole('status').getByText(`Telegram sends the messages to ${telegramWebhook}`).waitFor()
    assert.equal(await refusal.count(), 0, 'the refusal is gone')
    const calls = setWebhookCalls()
    assert.equal(calls.length, 2)
    assert.equal(calls[1].path, '/bot123456789:AAtest-token-for-the-ui-test/setWebhook')
    assert.equal(calls[1].body.url, telegramWebhook)
    assert.match(calls[1].body.secret_token, /^[\w-]{16,}$/)
    await look(telegram, 'telegram-webhook-connected')

    await telegram.getByRole('switch', { name: 'Enabled' }).check()
    await telegram.getByRole('button', { name: 'Save Telegram settings' }).click()
    await telegram.getByText('On', { exact: true }).waitFor()
    const both = await readBot()
    assert.equal(both.telegramCredentialsId, telegramCredentials.id)
    assert.deepEqual(both.settings.telegram, { isEnabled: true, sessionExpiryTimeout: 4 })
    assert.equal(both.whatsAppCredentialsId, created.id, 'WhatsApp keeps its credentials')
    assert.equal(both.settings.whatsApp.isEnabled, true, 'and its settings')

    // Both panels, as they rest: labelled and clean.
    await page.reload()
    await whatsApp.getByRole('textbox', { name: 'Callback URL' }).waitFor()
    assert.equal(await whatsApp.getByRole('group', { name: 'Comparison 2' }).getByRole('textbox', { name: 'Value' }).inputValue(), 'order')
    assert.equal(await whatsApp.getByLabel('Session expiry (hours)').inputValue(), '12')
    assert.equal(await telegram.getByRole('switch', { name: 'Enabled' }).isChecked(), true)
    assert.deepEqual(await unlabelled(page.locator('main')), [])
    await expectClean(page, 'share tab with both channels set up')
    await shot(page, 'share-tab-channels')
    await look(page, 'share-tab-channels')
    await look(whatsApp, 'whatsapp-panel')
    await look(telegram, 'telegram-panel')
    assert.deepEqual(errors, [])
  })

  test('a guest sees the channels read-only', async () => {
    const guest = person('Gus')
    const invite = await api('POST', `/v1/workspaces/${workspaceId}/invitations`, { email: guest.email, role: 'guest' })
    assert.equal(invite.status, 200, JSON.stringify(invite.json))
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } })
    await page.goto(invite.json.link)
    await page.getByRole('link', { name: 'Create account' }).click()
    await fillAccountForm(page, guest)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(/\/invitations\//)
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    // (Accepting an invitation logs a 404 of its own, the invitation being gone: only the Share tab is checked.)
    errors.length = 0
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/share`)
    const whatsApp = page.getByRole('region', { name: 'WhatsApp' })
    const telegram = page.getByRole('region', { name: 'Telegram' })
    await whatsApp.getByRole('textbox', { name: 'Callback URL' }).waitFor()
    await whatsApp.getByText('Ask a member of the workspace to publish it.').waitFor()
    for (const panel of [whatsApp, telegram]) {
      assert.equal(await panel.getByRole('switch', { name: 'Enabled' }).isDisabled(), true)
      assert.notEqual(await panel.getByRole('combobox', { name: 'Credentials' }).getAttribute('readonly'), null)
      for (const name of ['New credentials', 'Add a comparison', /^Save .* settings$/, 'Generate verify token', 'Connect webhook'])
        assert.equal(await panel.getByRole('button', { name }).count(), 0, `no ${name} button`)
    }
    assert.equal(await whatsApp.getByRole('group', { name: 'Comparison 1' }).getByRole('combobox', { name: 'Operator' }).getAttribute('readonly'), '')
    assert.deepEqual(await unlabelled(page.locator('main')), [])
    await expectClean(page, 'share tab as a guest')
    await look(page, 'share-tab-channels-guest')
    assert.deepEqual(errors, [])
  })
})
