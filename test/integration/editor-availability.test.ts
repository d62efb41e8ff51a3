// The Settings view's Availability section in Chromium: a time zone picked with the keyboard, opening and closing
// times entered as clock times of that zone (stored as moments with the zone's offset), a closing time before the
// opening one shown as an error and kept out of the draft, the hosted page switched off with the keyboard; every
// field labelled, axe-core clean; published, the bot answers as closed and has no page, which the Share tab tells.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person, shot } from '../support/webApp.js'
import { artifacts } from '../support/webChat.js'

const greeter = {
  version: '6',
  name: 'Campaign',
  groups: [
    {
      id: 'g1',
      title: 'Hello',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [{ id: 'hi', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Spring sale!' }] }] } }],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e1' }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: { general: { systemMessages: { botClosed: 'The sale is over' } } },
}

describe('availability settings in the editor', () => {
  let server: TestServer
  let browser: Browser
  before(async () => {
    server = await startTestServer({ PUBLIC_CHAT: 'true' })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('schedule in a chosen time zone, a refused closing time, embed-only; published, it is closed and has no page', async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1400, height: 1000 } })
    const { workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Cleo'))
    const bot = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter })).json.bot
    const general = async () => (await api('GET', `/v1/bots/${bot.id}`)).json.bot.settings.general
    const saved = () =>
      page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor()

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${bot.id}/edit`)
    await page
      .getByRole('radiogroup', { name: 'Editor view' })
      .locator('label', { hasText: /^Settings$/ })
      .click()
    await page.getByRole('button', { name: 'Availability' }).click()
    const zone = page.getByRole('combobox', { name: 'Time zone' })
    const opens = page.getByLabel('Opens at')
    const closes = page.getByLabel('Closes at')
    const hosted = page.getByRole('switch', { name: 'Hosted page' })
    await zone.waitFor()

    // The zone by keyboard: typed, the first match taken with the arrow and Enter.
    await zone.focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('Tokyo')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    assert.equal(await zone.inputValue(), 'Asia/Tokyo')

    await opens.fill('2020-03-01T09:00')
    await closes.fill('2020-03-01T08:00')
    await page.getByText('The closing time must come after the opening time.').waitFor()
    assert.equal(await closes.getAttribute('aria-invalid'), 'true')
    await saved()
    const withoutClosing = await general()
    assert.equal(withoutClosing.opensAt, '2020-03-01T09:00:00+09:00')
    assert.equal(withoutClosing.closesAt, undefined, 'the refused time is not in the draft')
    assert.equal(withoutClosing.timeZone, 'Asia/Tokyo')

    await closes.fill('2020-03-31T18:30')
    await page.getByText('The closing time must come after the opening time.').waitFor({ state: 'detached' })
    // Off with the keyboard.
    await hosted.focus()
    await page.keyboard.press('Space')
    assert.equal(await hosted.isChecked(), false)
    await saved()
    assert.deepEqual(await general(), {
      systemMessages: { botClosed: 'The sale is over' },
      opensAt: '2020-03-01T09:00:00+09:00',
      closesAt: '2020-03-31T18:30:00+09:00',
      timeZone: 'Asia/Tokyo',
      isHostedPageEnabled: false,
    })

    const section = page.getByRole('region', { name: 'Availability' })
    await expectClean(page, 'the Availability settings')
    await section.screenshot({ path: join(artifacts, 'web-app-settings-availability.png'), animations: 'disabled' })
    await shot(page, 'editor-settings-availability')

    // Shown again as Tokyo clock times after a reload.
    await page.reload()
    await page
      .getByRole('radiogroup', { name: 'Editor view' })
      .locator('label', { hasText: /^Settings$/ })
      .click()
    await page.getByRole('button', { name: 'Availability' }).click()
    assert.equal(await page.getByLabel('Opens at').inputValue(), '2020-03-01T09:00')
    assert.equal(await page.getByLabel('Closes at').inputValue(), '2020-03-31T18:30')
    assert.equal(await page.getByRole('switch', { name: 'Hosted page' }).isChecked(), false)

    assert.equal((await api('POST', `/v1/bots/${bot.id}/publish`)).status, 200)
    const refused = await server.call('POST', `/v1/bots/${bot.publicId}/startChat`, { body: {} })
    assert.deepEqual(refused.body, { code: 'bot_closed', message: 'The sale is over' })
    assert.equal((await fetch(`${server.contentUrl}/${bot.publicId}`)).status, 404)

    // The Share tab says so: the schedule in the bot's zone, no page to open and no iframe snippet (it is the page).
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${bot.id}/share`)
    const scheduled = page.getByRole('alert').filter({ hasText: 'Scheduled' })
    await scheduled.waitFor()
    assert.match((await scheduled.textContent()) ?? '', /Takes new chats from Mar 1, 2020, 9:00\s?AM until Mar 31, 2020, 6:30\s?PM \(Asia\/Tokyo\)\./)
    await page.getByRole('alert').filter({ hasText: 'Embed only' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Open the page' }).count(), 0)
    const modes = await page
      .getByRole('radiogroup', { name: 'Embed mode' })
      .getByRole('radio')
      .evaluateAll((radios: any[]) => radios.map((r) => r.value))
    assert.deepEqual(modes, ['standard', 'popup', 'bubble'])
    await expectClean(page, 'the Share tab of a scheduled, embed-only bot')
    await shot(page, 'share-availability')
    assert.deepEqual(errors, [])
  })
})
