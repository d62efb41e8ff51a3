// axe-core (WCAG 2.1 A and AA rules) on every page a builder and a visitor use, in Chromium: no serious and no
// critical violation. The pages hold real content (a bot imported from a Typebot export, a chat with answers), so
// the canvas, the results table and the chat are checked as people see them.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { pageApi } from '../support/editor.js'
import { driveChat } from '../support/webChat.js'
import { fillAccountForm, openApp, person } from '../support/webApp.js'
import { startTestServer, type TestServer } from '../support/server.js'

const surveyBot = {
  version: '6',
  id: 'tb-a11y',
  name: 'Pizza order',
  events: [{ id: 'ev', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e0' }],
  groups: [
    {
      id: 'g1',
      title: 'Welcome',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: 't1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi! What is your name?' }] }] } },
        { id: 'n1', type: 'text input', options: { variableId: 'v-name' } },
        { id: 'r1', type: 'rating input', options: { variableId: 'v-score' } },
        {
          id: 'c1',
          type: 'choice input',
          options: { variableId: 'v-size' },
          items: [
            { id: 'i1', content: 'Small' },
            { id: 'i2', content: 'Large', outgoingEdgeId: 'e1' },
          ],
        },
      ],
    },
    {
      id: 'g2',
      title: 'Check',
      graphCoordinates: { x: 400, y: 0 },
      blocks: [
        {
          id: 'k1',
          type: 'Condition',
          items: [
            {
              id: 'k1i',
              outgoingEdgeId: 'e2',
              content: { comparisons: [{ id: 'cmp', variableId: 'v-size', comparisonOperator: 'Equal to', value: 'Large' }] },
            },
          ],
        },
      ],
    },
    {
      id: 'g3',
      title: 'Bye',
      graphCoordinates: { x: 800, y: 0 },
      blocks: [{ id: 't3', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Thanks {{Name}}!' }] }] } }],
    },
  ],
  edges: [
    { id: 'e0', from: { eventId: 'ev' }, to: { groupId: 'g1' } },
    { id: 'e1', from: { blockId: 'c1', itemId: 'i2' }, to: { groupId: 'g2' } },
    { id: 'e2', from: { blockId: 'k1', itemId: 'k1i' }, to: { groupId: 'g3' } },
  ],
  variables: [
    { id: 'v-name', name: 'Name' },
    { id: 'v-size', name: 'Size' },
    { id: 'v-score', name: 'Score' },
  ],
  theme: {},
  settings: {},
}

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let workspaceId = ''
  let botId = ''
  before(async () => {
    server = await startTestServer({ ENCRYPTION_SECRET: 'a11y-test-encryption-secret' })
    browser = await launchBrowser()
    ;({ page } = await openApp(browser, { viewport: { width: 1280, height: 860 } }))
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  test('setup, dashboard, sign-in', async () => {
    await page.goto(`${server.builderUrl}/setup`)
    await page.getByLabel('Your name').waitFor()
    await expectClean(page, 'setup')
    await fillAccountForm(page, person('Ada'))
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    workspaceId = /\/w\/([^/]+)\//.exec(page.url())![1]
    const api = await pageApi(page, server.builderUrl)
    const imported = await api('POST', '/v1/bots/import', { workspaceId, bot: surveyBot })
    assert.equal(imported.status, 200)
    botId = imported.json.bot.id
    assert.equal((await api('POST', `/v1/bots/${botId}/publish`)).status, 200)
    await page.reload()
    await page.getByRole('link', { name: 'Pizza order' }).first().waitFor()
    await expectClean(page, 'dashboard')
    await page.getByRole('button', { name: 'New bot' }).first().click()
    await page
      .getByRole('button', { name: /^Use the .* template$/ })
      .first()
      .waitFor()
    await expectClean(page, 'the create-a-bot dialog')
    await page.keyboard.press('Escape')
    const signIn = await (await openApp(browser)).page
    await signIn.goto(`${server.builderUrl}/signin`)
    await signIn.getByLabel('Email').waitFor()
    await expectClean(signIn, 'sign-in')
  })

  test('the editor with a real bot, and a block open', async () => {
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/edit`)
    await page.locator('.react-flow__node-botGroup').first().waitFor()
    await expectClean(page, 'editor')
    await page.getByRole('button', { name: /^Text input,/ }).click()
    await page.getByRole('complementary', { name: 'Text input settings' }).waitFor()
    await expectClean(page, 'editor with block settings')
    // At 1280 px the header's states are whole (the bot's name gives way).
    for (const badge of await page.locator('header .mantine-Badge-label, .mantine-Badge-label').all())
      assert.equal(await badge.evaluate((el: any) => el.scrollWidth <= el.clientWidth), true, `badge "${await badge.textContent()}" is cut`)
    const view = (name: string) =>
      page
        .getByRole('radiogroup', { name: 'Editor view' })
        .locator('label', { hasText: new RegExp(`^${name}$`) })
        .click()
    await view('Theme')
    await page.getByRole('button', { name: 'Apply the Night theme' }).waitFor()
    await expectClean(page, 'theme view with the template gallery')
    await view('Settings')
    await page.getByRole('button', { name: 'General' }).click()
    await page.getByLabel('Language', { exact: true }).first().waitFor()
    await expectClean(page, 'settings view')
  })

  test('share, the hosted page mid-chat, results and analytics', async () => {
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/share`)
    const link = page.getByRole('textbox', { name: 'Link' })
    await link.waitFor()
    await expectClean(page, 'share')
    const visitor = await openApp(browser)
    await visitor.page.goto(await link.inputValue())
    const chat = driveChat(visitor.page, visitor.errors)
    await chat.waitForBubble('What is your name?')
    await chat.answer('Grace')
    const eight = visitor.page.getByRole('button', { name: '8', exact: true })
    await eight.waitFor()
    await expectClean(visitor.page, 'hosted page at a rating')
    await eight.click()
    await visitor.page.locator('.p-rating .p-send').click()
    await visitor.page.locator('.p-input .p-button, .p-choice-item', { hasText: 'Large' }).first().waitFor()
    await expectClean(visitor.page, 'hosted page at buttons')
    await chat.click('Large')
    await chat.waitForBubble('Thanks Grace!')
    assert.equal(await visitor.page.locator('html').getAttribute('lang'), 'en')

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/results`)
    await page.getByRole('cell', { name: 'Grace' }).waitFor()
    await expectClean(page, 'results')
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/analytics`)
    await page.locator('.react-flow__node').first().waitFor()
    await expectClean(page, 'analytics')
  })
})
