// The API docs page (/docs) in Chromium: its title and version, an operation's description and example values, and
// nothing loaded from anywhere but the server itself.
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { exampleIds } from '../../src/api/routes/botExamples.js'
import { launchBrowser, newContext } from '../support/browser.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { artifacts } from '../support/webChat.js'

const version = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version

describe('API docs page', () => {
  let s: TestServer
  let browser: Browser
  before(async () => {
    s = await startTestServer()
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await s?.stop()
  })

  test('shows the title and version, and an operation opens on its description and example JSON, all served locally', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const elsewhere: string[] = []
    const errors: string[] = []
    page.on('request', (req) => !req.url().startsWith(s.url) && !req.url().startsWith('data:') && elsewhere.push(req.url()))
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()))
    page.on('pageerror', (err) => errors.push(err.message))

    await page.goto(`${s.url}/docs`)
    assert.equal(await page.title(), 'Parley API docs')
    const title = page.locator('.info .title', { hasText: 'Parley API' })
    await title.waitFor()
    assert.equal((await title.locator('.version').first().textContent())?.trim(), version)
    await page.locator('.info').getByText('Where to start').waitFor()

    const operation = page.locator('.opblock-post', { has: page.locator('[data-path="/v1/bots/{publicId}/startChat"]') })
    await operation.locator('.opblock-summary-control').click()
    await operation.locator('.opblock-description-wrapper').getByText('Starts a chat with a published bot').waitFor()
    // The request body and the 200 answer show the example values (not a schema-made sample).
    const requestExample = operation.locator('.opblock-section-request-body .highlight-code')
    await requestExample.getByText('"textBubbleContentFormat"').waitFor()
    const answer = operation.locator('.responses-table tr.response[data-code="200"] .highlight-code')
    await answer.getByText(exampleIds.sessionId).first().waitFor()
    await answer.getByText('Hi! I take orders for Fernhill Coffee').first().waitFor()
    // The path parameter shows its example value.
    await operation.locator('tr[data-param-name="publicId"]').getByText(exampleIds.publicId).waitFor()

    mkdirSync(artifacts, { recursive: true })
    await page.screenshot({ path: join(artifacts, 'api-docs-page.png') })
    await operation.screenshot({ path: join(artifacts, 'api-docs-start-chat-operation.png') })
    assert.deepEqual(elsewhere, [], 'requests that left the server')
    assert.deepEqual(errors, [], 'console errors (a refused resource would show here)')
    await context.close()
  })
})
