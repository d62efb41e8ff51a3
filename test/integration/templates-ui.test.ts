// The template gallery in Chromium: the "New bot" dialog lists the server's templates by category; a preview chats
// with a template in the preview frame on the user-content origin (no bot created); "Use this template" on one whose
// block needs credentials asks for them (created in place here), and the bot editor opens on a bot whose block holds
// them. A template without credentials is used from the keyboard. Labelled, axe-clean, screenshots in test-artifacts/.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person, shot } from '../support/webApp.js'

/** Whether the element has the keyboard focus (run in the page). */
const isFocused = (el: any) => el === el.ownerDocument.activeElement

describe('template gallery in the web app', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let errors: string[]
  let workspaceId = ''
  let api: Awaited<ReturnType<typeof setUpFirstAccount>>['api']

  before(async () => {
    server = await startTestServer({ ENCRYPTION_SECRET: 'templates-ui-test-secret-0123456789' })
    browser = await launchBrowser()
    ;({ page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } }))
    ;({ workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Tess')))
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  const dialog = () => page.getByRole('dialog', { name: 'Create a bot' })
  const openGallery = async () => {
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots`)
    await page.getByRole('button', { name: 'New bot' }).first().click()
    await dialog().getByRole('button', { name: 'Use the Quiz template' }).waitFor()
  }
  const botCount = async () => (await api('GET', `/v1/bots?workspaceId=${workspaceId}`)).json.bots.length as number

  test('gallery by category → preview chats with the template on the content origin, creating no bot', async () => {
    await openGallery()
    for (const category of ['Marketing', 'Customer support', 'Feedback and surveys', 'Scheduling', 'Quizzes', 'Online shop', 'Events'])
      await dialog().getByRole('region', { name: category }).waitFor()
    const support = dialog().getByRole('region', { name: 'Customer support' })
    await support.getByRole('button', { name: 'Use the FAQ with AI template' }).waitFor()
    await shot(page, 'template-gallery')
    await support.getByText(/^Needs OpenAI .*credentials$/).waitFor()
    await expectClean(page, 'the template gallery')

    await dialog().getByRole('button', { name: 'Preview the Quiz template' }).click()
    const iframe = dialog().locator('iframe[title="Preview of the Quiz template"]')
    await iframe.waitFor()
    assert.equal(await iframe.getAttribute('src'), `${server.contentUrl}/preview/frame`, 'the template runs on the content origin')
    const widget = page.frameLocator('iframe[title="Preview of the Quiz template"]').locator('parley-standard')
    await widget.locator('.p-host-bubble', { hasText: 'Ready for a quick quiz?' }).waitFor()
    await widget.getByRole('button', { name: "Let's go" }).click()
    await widget.locator('.p-host-bubble', { hasText: 'Question 1 of 3' }).waitFor()
    await widget.getByRole('button', { name: 'Mercury' }).click()
    await widget.locator('.p-host-bubble', { hasText: 'Right!' }).waitFor()
    assert.equal(await page.locator('parley-standard').count(), 0, "nothing of the template runs in the builder's page")
    await shot(page, 'template-preview')
    await expectClean(page, 'the template preview')
    assert.equal(await botCount(), 0, 'a preview creates no bot')
  })

  test('preview of the AI template says it needs credentials → use → credentials created in place → the editor opens', async () => {
    await dialog().getByRole('button', { name: 'Back to the templates' }).click()
    const quizPreview = dialog().getByRole('button', { name: 'Preview the Quiz template' })
    await quizPreview.waitFor()
    assert.equal(await quizPreview.evaluate(isFocused), true, 'back at the template the user left')
    await dialog().getByRole('button', { name: 'Preview the FAQ with AI template' }).click()
    await dialog()
      .getByRole('region', { name: 'Preview logs' })
      .getByText(/needs openai credentials: this preview runs it without any/)
      .waitFor()
    await shot(page, 'template-preview-credentials-log')
    await dialog().getByRole('button', { name: 'Use this template' }).click()

    const step = dialog().getByRole('group', { name: /^OpenAI block: OpenAI.* credentials$/ })
    await step.waitFor()
    assert.equal(await dialog().getByRole('button', { name: 'Back to the templates' }).evaluate(isFocused), true, 'a step starts at its back button')
    const create = dialog().getByRole('button', { name: 'Create the bot' })
    assert.equal(await create.isDisabled(), true, 'not before every block has credentials')
    await step.getByRole('button', { name: 'New credentials' }).click()
    const form = step.getByRole('group', { name: /^New OpenAI.* credentials$/ })
    await form.getByLabel('Name').fill('Team key')
    const key = form.getByLabel('API key')
    assert.equal(await key.getAttribute('type'), 'password')
    await key.fill('sk-templates-ui-test')
    await shot(page, 'template-credentials-form')
    await expectClean(page, 'the credentials step')
    await form.getByRole('button', { name: 'Save credentials' }).click()
    await form.waitFor({ state: 'detached' })
    assert.equal(await step.getByRole('combobox', { name: 'Credentials' }).inputValue(), 'Team key')
    await shot(page, 'template-credentials-chosen')
    await create.click()

    await page.waitForURL(/\/bots\/[^/]+\/edit$/)
    const botId = /\/bots\/([^/]+)\/edit$/.exec(page.url())![1]
    const bot = (await api('GET', `/v1/bots/${botId}`)).json.bot
    const [credentials] = (await api('GET', `/v1/workspaces/${workspaceId}/credentials`)).json.credentials
    assert.equal(bot.name, 'FAQ with AI')
    const block = bot.groups.flatMap((g: any) => g.blocks).find((b: any) => b.type === 'openai')
    assert.equal(block.options.credentialsId, credentials.id, "the bot's block holds the credentials chosen")
    assert.equal(await page.getByRole('textbox', { name: 'Bot name' }).inputValue(), 'FAQ with AI')
  })

  test('a template without credentials is used from the keyboard, named in the dialog', async () => {
    // On a phone the cards stack, their buttons whole on screen.
    await page.setViewportSize({ width: 375, height: 740 })
    await openGallery()
    const box = (await dialog().getByRole('button', { name: 'Use the Event registration template' }).boundingBox())!
    assert.ok(box.x >= 0 && box.x + box.width <= 375, 'the button is on screen')
    await shot(page, 'template-gallery-phone')
    await page.setViewportSize({ width: 1280, height: 900 })
    await dialog().getByLabel('Name').fill('Our leads')
    const use = dialog().getByRole('button', { name: 'Use the Lead capture template' })
    await use.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/bots\/[^/]+\/edit$/)
    assert.equal(await page.getByRole('textbox', { name: 'Bot name' }).inputValue(), 'Our leads')
    assert.deepEqual(errors, [])
  })
})
