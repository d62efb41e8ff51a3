// The web app's controls for issue 30's smaller requests, in Chromium against a real server and a loopback SMTP
// server: Settings → "Start a new chat once the last one ended" (rememberUser.restartOnEnd), Theme → "Show only the
// latest messages" (chat.hidePreviousBubbles), the preview's "Send this preview's emails to me" (disabled until the
// author's email is verified, then the preview's email reaches the author alone) and the results table's Session
// column. Keyboard use, labels and axe on each.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { axeProblems } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { eventually, setUpFirstAccount } from '../support/editor.js'
import { type Mail, type Mailbox, startMailbox } from '../support/mailbox.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person, shot } from '../support/webApp.js'

const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })

const leadBot = () => ({
  version: '6',
  id: 'tb-lead',
  name: 'Leads',
  groups: [
    {
      id: 'g1',
      title: 'Contact',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        text('hello', 'Your email, please?'),
        { id: 'ask-email', type: 'email input', options: { variableId: 'v-email' } },
        { id: 'mail', type: 'Email', options: { recipients: ['{{Email}}', 'sales@example.com'], subject: 'New lead' } },
        text('bye', 'Thanks!'),
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v-email', name: 'Email' }],
  theme: {},
  settings: { typingEmulation: { enabled: false }, general: { rememberUser: { isEnabled: true } } },
})

describe('issue 30 smaller requests: the web app', () => {
  let received: Mail[] = []
  let mailbox: Mailbox
  let server: TestServer
  let browser: Browser
  let page: Page
  let errors: string[]
  let workspaceId = ''
  let botId = ''
  let api: Awaited<ReturnType<typeof setUpFirstAccount>>['api']
  before(async () => {
    mailbox = await startMailbox()
    received = mailbox.received
    const port = mailbox.port
    server = await startTestServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Parley <bot@example.com>' })
    browser = await launchBrowser()
    ;({ page, errors } = await openApp(browser, { viewport: { width: 1400, height: 900 } }))
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
    await mailbox?.close()
  })

  const storedBot = async () => (await api('GET', `/v1/bots/${botId}`)).json.bot
  const view = (name: 'Flow' | 'Theme' | 'Settings') =>
    page
      .getByRole('radiogroup', { name: 'Editor view' })
      .locator('label', { hasText: new RegExp(`^${name}$`) })
      .click()

  test('settings and theme switches: labelled, keyboard-usable, saved with the draft', async () => {
    ;({ workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Iris')))
    const imported = await api('POST', '/v1/bots/import', { workspaceId, bot: leadBot() })
    assert.equal(imported.status, 200, JSON.stringify(imported.json))
    botId = imported.json.bot.id
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/edit`)

    await view('Settings')
    await page.getByRole('button', { name: 'Remember the user' }).click()
    const restart = page.getByRole('switch', { name: 'Start a new chat once the last one ended' })
    await restart.focus()
    await page.keyboard.press('Space')
    assert.equal(await restart.isChecked(), true)
    await eventually(storedBot, (bot) => bot.settings.general?.rememberUser?.restartOnEnd === true)
    assert.deepEqual(await axeProblems(page), [])
    await shot(page, 'settings-restart-on-end')

    await view('Theme')
    await page.getByRole('button', { name: 'Bubbles, buttons and inputs' }).click()
    const latest = page.getByRole('switch', { name: 'Show only the latest messages' })
    await latest.focus()
    await page.keyboard.press('Space')
    await eventually(storedBot, (bot) => bot.theme.chat?.hidePreviousBubbles === true)
    assert.deepEqual(await axeProblems(page), [])
    await shot(page, 'theme-latest-bubbles')
    await page.keyboard.press('Space')
    await eventually(storedBot, (bot) => bot.theme.chat?.hidePreviousBubbles === undefined)
    await view('Flow')
  })

  test("preview emails: off and disabled until the email is verified; on, the author alone gets the preview's email", async () => {
    const toggle = page.getByRole('switch', { name: 'Send this preview’s emails to me' })
    const widget = () => page.frameLocator('iframe[title="Preview of the bot"]').locator('parley-standard')
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await widget().locator('.p-host-bubble', { hasText: 'Your email, please?' }).waitFor()
    assert.equal(await toggle.isDisabled(), true)
    await page.getByText('Confirm your email address first (Account page).').waitFor()

    const me = (await api('GET', '/v1/me')).json.user
    await server.store.accounts.markEmailVerified(me.id)
    await page.reload()
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await widget().locator('.p-host-bubble', { hasText: 'Your email, please?' }).waitFor()
    await page.getByText(`Send email blocks write to ${me.email} only, never to their recipients.`).waitFor()
    assert.equal(await toggle.isChecked(), false)
    await toggle.focus()
    await page.keyboard.press('Space')
    assert.equal(await toggle.isChecked(), true)
    // The switch restarts the preview with the choice.
    const input = widget().locator('.p-input input')
    await widget().locator('.p-host-bubble', { hasText: 'Your email, please?' }).waitFor()
    await input.fill('visitor@example.com')
    await input.press('Enter')
    await widget().locator('.p-host-bubble', { hasText: 'Thanks!' }).waitFor()
    await page.getByRole('region', { name: 'Preview logs' }).getByText('Preview: email sent to you only').waitFor()
    const mails = await eventually(
      async () => received,
      (list) => list.length > 0,
    )
    assert.deepEqual(
      mails.map((m) => m.to),
      [[me.email]],
    )
    // Not hovering the editor's Preview button (its hover colours are not this test's subject).
    await page.mouse.move(700, 5)
    assert.deepEqual(await axeProblems(page), [])
    await shot(page, 'preview-emails')
    await page.getByRole('button', { name: 'Close the preview' }).click()
  })

  test('results: the Session column is hidden until ticked; then it shows the fingerprint and goes into the export', async () => {
    assert.equal((await api('POST', `/v1/bots/${botId}/publish`)).status, 200)
    const publicId = (await storedBot()).publicId
    const start = await server.call('POST', `/api/v1/typebots/${publicId}/startChat`, { body: {} })
    await server.call('POST', `/api/v1/sessions/${start.body.sessionId}/continueChat`, { body: { message: 'ada@example.com' } })
    const fingerprint = createHash('sha256').update(start.body.sessionId).digest('hex').slice(0, 16)

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/results`)
    const table = page.getByRole('table', { name: 'Results' })
    await table.getByRole('cell', { name: 'ada@example.com', exact: true }).waitFor()
    assert.equal(await table.getByRole('columnheader', { name: /^Session( |$)/ }).count(), 0)
    await page.getByRole('button', { name: 'Columns' }).click()
    const column = page.getByRole('checkbox', { name: 'Session', exact: true })
    assert.equal(await column.isChecked(), false)
    await column.focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('Escape')
    await table.getByRole('cell', { name: fingerprint, exact: true }).waitFor()
    assert.ok(!(await table.textContent())?.includes(start.body.sessionId), 'never the session id')
    await page.getByRole('button', { name: 'Export' }).click()
    const csv = page.getByRole('menuitem', { name: /CSV/ })
    assert.match((await csv.getAttribute('href')) ?? '', /sessionColumn=true/)
    await page.keyboard.press('Escape')
    // Checked once the menu has gone (while it closes, it has no items).
    await page.getByRole('menu').waitFor({ state: 'detached' })
    assert.deepEqual(await axeProblems(page), [])
    await shot(page, 'results-session-column')
    assert.deepEqual(errors, [])
  })
})
