// The web app in the user's language (issue 28, item 4): the browser's language by default, the account's choice
// when made (kept on the server, so another browser follows), dates in the language's format. Expected texts are read
// from the language files, so the test checks the wiring, and test/unit/i18n.test.ts that every text exists.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, newContext } from '../support/browser.js'
import { pageApi } from '../support/editor.js'
import { person } from '../support/webApp.js'
import { startTestServer, type TestServer } from '../support/server.js'

const texts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../web/app/src/i18n/locales/${language}.json`, import.meta.url), 'utf8'))
const pt = texts('pt-BR')
const de = texts('de')

/** A signed-out browser speaking `locale`, on UTC so dates read the same here and there. */
const browserIn = async (browser: Browser, locale: string): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await newContext(browser, { locale, timezoneId: 'UTC' })
  return { context, page: await context.newPage() }
}

describe('the web app speaks the user’s language', () => {
  let server: TestServer
  let browser: Browser
  const ada = person('Ada')
  before(async () => {
    server = await startTestServer()
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  test("a Brazilian browser gets Portuguese from the first page; a choice in the account is kept and followed by the user's other browsers; dates read as the language writes them", async () => {
    const { page } = await browserIn(browser, 'pt-BR')
    await page.goto(`${server.builderUrl}/setup`)
    await page.getByLabel(pt['Your name']).fill(ada.name)
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'pt-BR')
    await page.getByLabel(pt.Email).fill(ada.email)
    await page.getByLabel(new RegExp(`^${pt.Password}`)).fill(ada.password)
    await page.getByRole('button', { name: pt['Create account'] }).click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    await page.getByRole('button', { name: pt['New bot'] }).first().waitFor()

    // The account's choice: German, whatever the browser says.
    await page.goto(`${server.builderUrl}/account`)
    await page.getByLabel(pt['Language of Parley'], { exact: true }).first().click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: de['Your account'] }).waitFor()
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'de')
    const api = await pageApi(page, server.builderUrl)
    assert.equal((await api('GET', '/v1/me')).json.user.language, 'de')

    // Dates as German writes them: a token's creation time in the tokens table.
    const made = await api('POST', '/v1/me/tokens', { name: 'Deploys' })
    assert.equal(made.status, 200, JSON.stringify(made.json))
    await page.reload()
    const createdAt = new Date(made.json.token?.createdAt ?? made.json.createdAt)
    const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(createdAt)
    await page.getByRole('cell', { name: german }).waitFor()

    // Another browser, in English: signed in, the account's German follows.
    const other = await browserIn(browser, 'en-US')
    await other.page.goto(`${server.builderUrl}/signin`)
    await other.page.getByLabel('Email').fill(ada.email)
    await other.page.getByLabel(/^Password/).fill(ada.password)
    await other.page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await other.page.waitForURL(/\/w\/[^/]+\/bots/)
    await other.page.getByRole('button', { name: de['New bot'] }).first().waitFor()

    // Back to the browser's language: the English browser speaks English again.
    await other.page.goto(`${server.builderUrl}/account`)
    await other.page.getByLabel(de['Language of Parley'], { exact: true }).first().click()
    await other.page
      .getByRole('option', { name: /English/ })
      .first()
      .click()
    await other.page.getByRole('heading', { name: 'Your account' }).waitFor()
    assert.equal((await api('GET', '/v1/me')).json.user.language, null)
  })

  test('PATCH /v1/me takes the five languages and null, nothing else', async () => {
    const { token } = await server.user('Bea')
    assert.equal((await server.call('PATCH', '/v1/me', { body: { language: 'it' }, token })).status, 400)
    assert.equal((await server.call('PATCH', '/v1/me', { body: { language: 'pt-BR' }, token })).body.user.language, 'pt-BR')
    assert.equal((await server.call('GET', '/v1/me', { token })).body.user.language, 'pt-BR')
    assert.equal((await server.call('PATCH', '/v1/me', { body: { language: null }, token })).body.user.language, null)
  })
})
