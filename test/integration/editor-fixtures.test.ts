// Every Typebot fixture opens in the flow editor (in Chromium), its first text bubble's settings open in the
// rich-text editor, and a save without changes (Ctrl+S sends the draft anyway) leaves the stored bot as it was.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../support/browser.js'
import { type pageApi, panel, saved, setUpFirstAccount } from '../support/editor.js'
import { describeWithFixtures, listFixtures } from '../support/fixtures.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person } from '../support/webApp.js'

describeWithFixtures('flow editor on the Typebot fixtures', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let errors: string[]
  let workspaceId = ''
  let api: Awaited<ReturnType<typeof pageApi>>
  before(async () => {
    server = await startTestServer({ ENCRYPTION_SECRET: 'editor-fixtures-encryption-secret' })
    browser = await launchBrowser()
    ;({ page, errors } = await openApp(browser, { viewport: { width: 1440, height: 900 } }))
    ;({ workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Fay')))
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  for (const { name, bot } of listFixtures())
    test(`${name}: opens, shows its text, and an unchanged save keeps the bot equal`, async () => {
      const imported = await api('POST', '/v1/bots/import', { workspaceId, bot })
      assert.equal(imported.status, 200, JSON.stringify(imported.json))
      const id = imported.json.bot.id as string
      const before = (await api('GET', `/v1/bots/${id}/export`)).json
      await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${id}/edit`)
      await page.getByRole('button', { name: 'Fit View' }).waitFor()
      const groups = (before.groups ?? []).length
      if (groups > 0) await page.locator('.react-flow__node-botGroup').first().waitFor()
      const text = page.locator('[data-block-row][aria-label^="Text block"]').first()
      if (await text.count()) {
        await text.click()
        await panel(page, 'Text settings').getByRole('textbox', { name: 'Message' }).waitFor()
        await page.keyboard.press('Escape')
      }
      await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
      await page.keyboard.press('Control+s')
      await saved(page)
      const after = (await api('GET', `/v1/bots/${id}/export`)).json
      for (const key of ['groups', 'events', 'edges', 'variables', 'theme', 'settings', 'name'])
        assert.deepEqual(after[key], before[key], `${key} changed by opening and saving`)
      assert.deepEqual(
        errors.filter((e) => !/Failed to load resource/.test(e)),
        [],
      )
    })
})
