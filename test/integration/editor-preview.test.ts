// The editor's preview in real Chromium: the widget, in a frame on the user-content origin, runs the draft the
// editor made a preview token for (unsaved theme and settings changes made with the editors), from the start and
// from a chosen group; answering an input, the logs of a failing block, and the block the chat waits on
// (highlighted on the canvas); in the theme and settings views the preview takes the middle and follows the editors.
import assert from 'node:assert/strict'
import { builtInThemeTemplates } from '../../src/contract/bot/themeTemplates.js'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Browser, Frame, Locator, Page } from 'playwright-core'
import { launchBrowser } from '../support/browser.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { fillAccountForm, openApp, person } from '../support/webApp.js'
import { artifacts } from '../support/webChat.js'

const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })

/** `failingUrl` answers an error: the HTTP request block fails and logs it with the answer as details. */
const previewBot = (failingUrl: string) => ({
  version: '6',
  id: 'tb-preview',
  name: 'Preview me',
  groups: [
    {
      id: 'g1',
      title: 'Welcome',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        text('hello', 'Hello from the draft'),
        { id: 'ask-name', type: 'text input', options: { variableId: 'v-name' } },
        { id: 'call', type: 'Webhook', options: { webhook: { url: failingUrl, method: 'GET' } } },
        { id: 'ask-email', type: 'email input', options: { variableId: 'v-email' } },
        text('bye', 'Thanks {{Name}}'),
      ],
    },
    {
      id: 'g2',
      title: 'Pricing',
      graphCoordinates: { x: 400, y: 0 },
      blocks: [
        text('pricing', 'Pricing starts here'),
        { id: 'pick-plan', type: 'choice input', items: [{ id: 'i1', content: 'Basic' }], options: {} },
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [
    { id: 'v-name', name: 'Name' },
    { id: 'v-email', name: 'Email' },
  ],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

describe('editor preview panel', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let errors: string[]
  let botId = ''
  before(async () => {
    // HTTP request blocks may call this server itself (loopback is refused otherwise). Chats are not public: the
    // preview's calls pass with its preview token.
    server = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1' })
    browser = await launchBrowser()
    ;({ page, errors } = await openApp(browser, { viewport: { width: 1400, height: 900 } }))
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  /** The viewport only: the drawer covers it, the page under it is of no interest. */
  const shot = async (name: string) => {
    mkdirSync(artifacts, { recursive: true })
    await page.screenshot({ path: join(artifacts, `editor-preview-${name}.png`), animations: 'disabled' })
  }
  const previewFrame = () => page.frameLocator('iframe[title="Preview of the bot"]')
  const widget = () => previewFrame().locator('parley-standard')
  /** The frame the preview runs in now (a restart loads a new one). */
  const frame = (): Frame => {
    const found = page.frames().find((f) => f.url() === `${server.contentUrl}/preview/frame`)
    if (!found) throw new Error('no preview frame')
    return found
  }
  /** The block the chat waits on, highlighted on the canvas. */
  const running = (blockId: string) => page.locator(`[data-block-id="${blockId}"][data-running]`)
  const view = (name: 'Flow' | 'Theme' | 'Settings') =>
    page
      .getByRole('radiogroup', { name: 'Editor view' })
      .locator('label', { hasText: new RegExp(`^${name}$`) })
      .click()
  const answer = async (value: string) => {
    const input = widget().locator('.p-input input').last()
    await input.fill(value)
    await input.press('Enter')
  }
  /** Waits until the widget's first bot bubble has this computed style (it lives in the widget's shadow root). */
  const hostBubbleStyle = (property: string, value: string) =>
    frame().waitForFunction(
      ([property, value]) => {
        const el = (globalThis as any).document.querySelector('parley-standard')?.shadowRoot?.querySelector('.p-host-bubble')
        return el && (globalThis as any).getComputedStyle(el)[property] === value
      },
      [property, value],
    )
  const bubble = (words: string): Locator => widget().locator('.p-host-bubble', { hasText: words })

  test('signed in, a bot imported, the preview opens from the editor', async () => {
    await page.goto(`${server.builderUrl}/setup`)
    await fillAccountForm(page, person('Pia'))
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    const workspaceId = /\/w\/([^/]+)\//.exec(page.url())![1]
    // The app's own session: the CSRF token of /v1/auth/status, the cookie of the page.
    const status = await (await page.request.get(`${server.builderUrl}/v1/auth/status`)).json()
    const imported = await page.request.post(`${server.builderUrl}/v1/bots/import`, {
      headers: { 'x-csrf-token': status.csrfToken },
      data: { workspaceId, bot: previewBot(`${server.url}/v1/no-such-route`) },
    })
    assert.equal(imported.status(), 200, await imported.text())
    botId = (await imported.json()).bot.id
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/edit`)
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await bubble('Hello from the draft').waitFor()
    await page.getByText('Started from the start').waitFor()
    await running('ask-name').waitFor()
    // The bot runs on the user content's origin, not in the builder's page.
    assert.equal(await page.locator('iframe[title="Preview of the bot"]').getAttribute('src'), `${server.contentUrl}/preview/frame`)
    assert.equal(await page.locator('parley-standard').count(), 0)
  })

  test('answers, the logs of a failing block, the block waited on followed on the canvas', async () => {
    await answer('Ada')
    const logs = page.getByRole('region', { name: 'Preview logs' })
    const failed = logs.getByRole('button', { name: /error/ })
    await failed.waitFor()
    assert.equal(await failed.getAttribute('aria-expanded'), 'false')
    await failed.click()
    assert.equal(await failed.getAttribute('aria-expanded'), 'true')
    await logs.getByText('"statusCode":404', { exact: false }).waitFor()
    await running('ask-email').waitFor()
    await answer('ada@example.com')
    await bubble('Thanks Ada').waitFor()
    await page.locator('[data-running]').waitFor({ state: 'detached' })
    await shot('preview-logs')
  })

  test('a settings change (saved as the draft) runs after a restart of the preview', async () => {
    assert.equal(await widget().locator('.p-brand').count(), 0)
    await view('Settings')
    await page.getByRole('button', { name: 'Branding' }).click()
    await page.getByLabel('Show the “Made with Parley” badge').check()
    await page.getByRole('button', { name: 'Restart the preview' }).click()
    await bubble('Hello from the draft').waitFor()
    await widget().locator('.p-brand', { hasText: 'Made with Parley' }).waitFor()
    // The widget's own Restart (at the chat's end) asks the editor, which runs the draft as it is now, too.
    await answer('Ada')
    await answer('ada@example.com')
    await bubble('Thanks Ada').waitFor()
    await page.getByLabel('Show the “Made with Parley” badge').uncheck()
    await widget().getByRole('button', { name: 'Restart' }).click()
    await bubble('Hello from the draft').waitFor()
    await widget().locator('.p-brand').waitFor({ state: 'detached' })
    // The editor saves the draft: the stored bot has the change.
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor()
    const saved = await (await page.request.get(`${server.builderUrl}/v1/bots/${botId}`)).json()
    assert.equal(saved.bot.settings.general?.isBrandingEnabled, false)
  })

  test('the theme follows the theme editor live, without a restart', async () => {
    await view('Theme')
    await page.getByRole('button', { name: 'Bubbles, buttons and inputs' }).click()
    await page.getByLabel('Bot bubbles: background').fill('#ff0000')
    await page.getByLabel('Bot bubbles: background').press('Enter')
    await hostBubbleStyle('backgroundColor', 'rgb(255, 0, 0)')
    // Away from the colour picker.
    await page.getByText('Started from the start').click()
    await shot('preview-theme')
    for (const section of ['Font and background', 'Bubbles, buttons and inputs', 'Avatars', 'Progress bar', 'Custom CSS'])
      await page.getByRole('button', { name: section }).click()
    await page.getByRole('textbox', { name: 'Custom CSS' }).fill('.p-host-bubble { font-style: italic }')
    await hostBubbleStyle('fontStyle', 'italic')
    await shot('theme-more')

    // A Google font: the preview frame loads its stylesheet (as bot pages do; the request is answered here, the
    // machine has no internet) and the bubbles use it.
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ contentType: 'text/css', body: '/* the font faces would be here */' }),
    )
    const fontRequests: string[] = []
    page.on('request', (request) => request.url().startsWith('https://fonts.') && fontRequests.push(request.url()))
    // The frame adds the stylesheet's link before the browser requests it: the request is awaited, not assumed.
    const stylesheet = page.waitForRequest((request) => request.url().startsWith('https://fonts.googleapis.com/'))
    // (Opened by default, the section was folded by the loop above.)
    await page.getByRole('button', { name: 'Font and background' }).click()
    await page.getByRole('combobox', { name: 'Font', exact: true }).click()
    await page.getByRole('option', { name: 'Lato', exact: true }).click()
    await frame().waitForFunction(() => {
      const el = (globalThis as any).document.querySelector('parley-standard')?.shadowRoot?.querySelector('.p-host-bubble')
      return el && /Lato/.test((globalThis as any).getComputedStyle(el).fontFamily)
    })
    await frame().waitForFunction(() => (globalThis as any).document.getElementById('parley-font-Lato'))
    await stylesheet
    assert.deepEqual(
      fontRequests.map((url) => url.replace(/\?.*/, '')),
      ['https://fonts.googleapis.com/css2'],
    )
    assert.match(fontRequests[0], /family=Lato/)
    // Kept answered: every later run of the preview is a new frame, which loads the font again.
  })

  test('the background colour is saved with its type and drawn; trying an image keeps the colour; Enter and Escape close the picker; a typed font is kept', async () => {
    const storedTheme = async () => (await (await page.request.get(`${server.builderUrl}/v1/bots/${botId}`)).json()).bot.theme
    /** Waits until the saved theme passes `check` (autosave follows the edits). */
    const savedTheme = async (check: (theme: any) => boolean) => {
      for (let i = 0; i < 100 && !check(await storedTheme()); i++) await page.waitForTimeout(100)
      return storedTheme()
    }
    const field = page.getByLabel('Background colour')
    if (!(await field.isVisible())) await page.getByRole('button', { name: 'Font and background' }).click()
    const picker = page.locator('.mantine-ColorInput-dropdown')
    await field.fill('#fff4e0')
    await picker.waitFor()
    await field.press('Enter')
    await picker.waitFor({ state: 'hidden' })
    const saved = await savedTheme((theme) => theme.general?.background?.content === '#fff4e0')
    assert.deepEqual(saved.general.background, { type: 'Color', content: '#fff4e0' })
    // The preview draws it.
    await frame().waitForFunction(() => {
      const chat = (globalThis as any).document.querySelector('parley-standard')?.shadowRoot?.querySelector('.p-chat')
      return chat && (globalThis as any).getComputedStyle(chat).backgroundColor === 'rgb(255, 244, 224)'
    })
    // An image tried, then colour again: the colour is back.
    const background = page.getByRole('radiogroup', { name: 'Background' })
    await background.locator('label', { hasText: /^Image$/ }).click()
    await page.getByLabel('Background image URL').waitFor()
    await background.locator('label', { hasText: /^Colour$/ }).click()
    assert.equal(await field.inputValue(), '#fff4e0')
    assert.deepEqual((await savedTheme((theme) => theme.general?.background?.type === 'Color')).general.background, {
      type: 'Color',
      content: '#fff4e0',
    })
    // Escape closes the picker and nothing else.
    await field.click()
    await picker.waitFor()
    await field.press('Escape')
    await picker.waitFor({ state: 'hidden' })
    await field.waitFor()
    // A family outside the list, typed and left with Tab, is kept.
    const font = page.getByRole('combobox', { name: 'Font', exact: true })
    await font.fill('Comic Neue')
    await font.press('Tab')
    const withFont = await savedTheme((theme) => JSON.stringify(theme.general?.font ?? '').includes('Comic Neue'))
    assert.match(JSON.stringify(withFont.general.font), /Comic Neue/)
    assert.equal(await font.inputValue(), 'Comic Neue')
  })

  test('theme templates: a built-in one applied (and undone), the current theme saved for the workspace, then deleted', async () => {
    const storedBot = async () => (await (await page.request.get(`${server.builderUrl}/v1/bots/${botId}`)).json()).bot
    const savedBot = async (check: (bot: any) => boolean) => {
      for (let i = 0; i < 100 && !check(await storedBot()); i++) await page.waitForTimeout(100)
      return storedBot()
    }
    await view('Theme')
    const night = builtInThemeTemplates.find((t) => t.id === 'parley-night')!
    await page.getByRole('button', { name: 'Apply the Night theme' }).click()
    const applied = await savedBot((bot) => bot.selectedThemeTemplateId === 'parley-night')
    assert.equal(applied.selectedThemeTemplateId, 'parley-night')
    assert.deepEqual(applied.theme, night.theme)
    await shot('theme-templates')
    assert.equal(await page.getByRole('button', { name: 'Apply the Night theme' }).getAttribute('aria-pressed'), 'true')
    // Undo brings the theme that was there before.
    await page.getByRole('button', { name: 'Undo' }).click()
    const undone = await savedBot((bot) => bot.selectedThemeTemplateId !== 'parley-night')
    assert.equal(undone.selectedThemeTemplateId, null)
    assert.notDeepEqual(undone.theme, night.theme)
    // The current theme saved as the workspace's template, listed under its name; deleted again.
    await page.getByLabel('Save this theme as a template').fill('Acme brand')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const mine = page.getByRole('button', { name: 'Apply the Acme brand theme' })
    await mine.waitFor()
    await page.getByRole('button', { name: 'Delete the Acme brand template' }).click()
    await mine.waitFor({ state: 'detached' })
    await view('Flow')
  })

  test('test from a chosen group: the label says so, the chat starts there, the running block is its input', async () => {
    await view('Flow')
    await page.getByRole('button', { name: 'Fit View' }).click()
    await page
      .locator('.react-flow__node-botGroup')
      .filter({ has: page.getByRole('button', { name: 'Group title: Pricing', exact: true }) })
      .getByRole('button', { name: /^Group title/ })
      .click()
    await page.getByRole('button', { name: 'Test from here' }).click()
    await page.getByText('Started from group “Pricing”').waitFor()
    await bubble('Pricing starts here').waitFor()
    assert.equal(await bubble('Hello from the draft').count(), 0)
    await running('pick-plan').waitFor()
    // The theme change came along in the request.
    const color = await bubble('Pricing starts here').evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)
    assert.equal(color, 'rgb(255, 0, 0)')
    await view('Settings')
    for (const section of ['Typing emulation', 'Hosted page metadata', 'Security']) await page.getByRole('button', { name: section }).click()
    await page.getByText('Custom head code runs on the hosted page').waitFor()
    await shot('preview-settings')
    await view('Flow')
    await page.getByRole('button', { name: 'Close the preview' }).click()
    await page.locator('iframe[title="Preview of the bot"]').waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  })
})
