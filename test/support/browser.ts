// Typebot's real embed client in headless Chromium, for compatibility tests. One browser per test file (reused),
// one fresh context per test. The client (`@typebot.io/js`, FSL-licensed: test-only, never served by Parley) is
// served from node_modules by "site" servers of the test's own, on other loopback ports than the API, so every call
// the client makes to Parley is cross-origin as on a real website. Requests that leave loopback are answered here
// (images with a blank one) or aborted (fonts, analytics), so nothing depends on the network.
//
// More scenarios plug in as the test/integration/typebot-embed*.test.ts files do: `useEmbedEnvironment()` gives the
// server, its owner and the sites, `env.open(t, client, publicId)` a `Chat` to drive (its page, and `root`, where
// the bot lives). An upload scenario picks its files with `chat.root.locator('typebot-standard input[type=file]')
// .setInputFiles(…)` (the client's file input, hidden, inside the shadow root) and can watch the upload with
// `context.waitForEvent('response', …)`; a wait-for-webhook one relies on the `wsHost` every page already passes
// (the Parley server's host:port, which the client dials with ws://, as it does for loopback hosts).
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { after, before, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type FrameLocator, type Locator, type Page } from 'playwright-core'
import { userWithWorkspace } from './seed.js'
import { startTestServer, type TestServer } from './server.js'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The embed clients tested: the newest on npm, and the newest 0.3 (what older snippets load). */
export const clients = [
  { version: '0.10.7', package: 'typebot-js-0-10' },
  { version: '0.3.92', package: 'typebot-js-0-3' },
] as const
export type Client = (typeof clients)[number]

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const webJs = (client: Client) => join(repoRoot, 'node_modules', client.package, 'dist', 'web.js')

export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`)
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
}

export type Site = {
  /** `http://127.0.0.1:<port>`: an origin of its own, different from the API's and from other sites'. */
  origin: string
  /** Serves the HTML at a fresh path of the site and returns its URL. */
  page: (html: string) => string
  close: () => Promise<void>
}

/** A file a site serves besides its pages. */
export type SiteFile = { body: string | Buffer; contentType: string }

/**
 * A static website on a loopback port of its own: the pages given to it (`page`), and the files `fileAt` finds for
 * a path (scripts, stand-ins for third parties).
 */
export const startStaticSite = async (fileAt: (path: string) => SiteFile | undefined = () => undefined): Promise<Site> => {
  const pages = new Map<string, string>()
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const file = fileAt(path)
    if (file) return res.writeHead(200, { 'content-type': file.contentType }).end(file.body)
    const html = pages.get(path)
    if (html) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    page(html) {
      const path = `/page-${pages.size + 1}`
      pages.set(path, html)
      return origin + path
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A website serving the clients' `web.js` under `/typebot-<version>/web.js`, and the pages given to it. */
export const startSite = (): Promise<Site> => {
  const scripts = new Map(clients.map((c) => [`/typebot-${c.version}/web.js`, readFileSync(webJs(c))]))
  return startStaticSite((path) => {
    const script = scripts.get(path)
    return script && { body: script, contentType: 'text/javascript' }
  })
}

export type EmbedOptions = {
  client: Client
  /** A public id (live chat), or a bot object (preview, as the builder embeds it). */
  typebot: string | Record<string, unknown>
  /** The Parley server's URL. */
  apiHost: string
  /** Other props of `initStandard` (prefilledVariables, resultId…). */
  props?: Record<string, unknown>
}

/** A page embedding the bot as Typebot's "standard" snippet does. */
export const embedHtml = ({ client, typebot, apiHost, props = {} }: EmbedOptions) => {
  const init = { typebot, apiHost, wsHost: new URL(apiHost).host, ...props }
  // `<` escaped so that no text of the bot can close the script element.
  const json = JSON.stringify(init).replace(/</g, '\\u003c')
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Embed ${client.version}</title></head>
<body style="margin:0">
<typebot-standard style="width:100%;height:600px"></typebot-standard>
<script type="module">import Typebot from '/typebot-${client.version}/web.js'; Typebot.initStandard(${json})</script>
</body></html>`
}

/** A page that only holds another page (of any origin) in an iframe. */
export const iframeHtml = (src: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Host page</title></head>
<body style="margin:0"><iframe src="${src}" style="width:100%;height:640px;border:0"></iframe></body></html>`

/** A 1×1 transparent GIF: what outside images (a template's pictures) load as, so the client shows them at once. */
const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

const LOOPBACK = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//

/** A fresh context (its own storage) that never leaves loopback; waits fail after 10 s rather than 30. */
export const newContext = async (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> => {
  const context = await browser.newContext(options)
  context.setDefaultTimeout(10_000)
  await context.route(
    (url) => !LOOPBACK.test(url.href),
    (route) =>
      route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/gif', body: BLANK_GIF }) : route.abort('blockedbyclient'),
  )
  return context
}

/** Sends `Authorization: Bearer <token>` on every request to the API's origin, as the builder's preview does. */
export const authenticateApi = (context: BrowserContext, apiHost: string, token: string) =>
  context.route(`${apiHost}/**`, (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } }))

const HOST_BUBBLE = '.typebot-host-bubble'
const GUEST_BUBBLE = '.typebot-guest-bubble'

export type Chat = {
  page: Page
  /** Where the bot lives: the page itself, or the iframe holding it. */
  root: Page | FrameLocator
  /** Types the answer into the current input and sends it, then waits for it to show as the user's bubble. */
  answer: (text: string) => Promise<void>
  /** Clicks the button (a choice, a multiple-choice item or its send button) with this label. */
  click: (label: string) => Promise<void>
  /** Waits until a bot bubble contains the text; returns that bubble. */
  waitForBubble: (text: string | RegExp) => Promise<Locator>
  /** Waits until the text shows anywhere in the bot (error screens, inputs). */
  waitForText: (text: string | RegExp) => Promise<void>
  /** Texts of the bot's bubbles, in order. */
  hostBubbles: () => Promise<string[]>
  /** Texts of the user's answers, in order. */
  guestBubbles: () => Promise<string[]>
}

/**
 * Opens the URL in the context; the bot is on that page, or in its iframe when `inIframe`. A failed wait says what
 * the bot showed and what the page logged.
 */
export const openChat = async (context: BrowserContext, url: string, options: { inIframe?: boolean } = {}): Promise<Chat> => {
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (err) => logs.push(`uncaught: ${err.message}`))
  await page.goto(url)
  const root: Page | FrameLocator = options.inIframe ? page.frameLocator('iframe') : page
  const bot = root.locator('typebot-standard')

  const explain = async (what: string, err: unknown): Promise<never> => {
    // The bot renders in its shadow root; its style elements are left out. The rendered lines are what helps.
    const shown = await bot
      .evaluate(
        // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (one line per bubble) is wanted
        (el: any) => [...(el.shadowRoot?.children ?? [])].map((child: any) => (child.tagName === 'STYLE' ? '' : child.innerText)).join('\n'),
        null,
        { timeout: 1000 },
      )
      .catch(() => '')
    throw new Error(
      `${what}: ${(err as Error).message.split('\n')[0]}\nThe bot shows:\n${shown.trim() || '(nothing)'}\nThe page logged:\n${logs.join('\n') || '(nothing)'}`,
    )
  }
  const guard = async <T>(what: string, action: () => Promise<T>) => {
    try {
      return await action()
    } catch (err) {
      return explain(what, err)
    }
  }
  const texts = (selector: string) => bot.locator(selector).allInnerTexts()

  return {
    page,
    root,
    answer: (text) =>
      guard(`answering "${text}"`, async () => {
        const input = bot.locator('.typebot-input input:visible, .typebot-input textarea:visible').last()
        await input.fill(text)
        // Enter sends a one-line answer; in a long (textarea) one it starts a new line, so its button sends it.
        if ((await input.evaluate((el: any) => el.tagName)) === 'TEXTAREA') await bot.locator('.typebot-input-form .typebot-button').last().click()
        else await input.press('Enter')
        await bot.locator(GUEST_BUBBLE, { hasText: text }).last().waitFor()
      }),
    click: (label) => guard(`clicking "${label}"`, () => bot.locator('.typebot-button, .typebot-selectable', { hasText: label }).last().click()),
    waitForBubble: (text) =>
      guard(`waiting for a bubble "${text}"`, async () => {
        const bubble = bot.locator(HOST_BUBBLE, { hasText: text }).last()
        await bubble.waitFor()
        return bubble
      }),
    waitForText: (text) => guard(`waiting for "${text}"`, () => bot.getByText(text).first().waitFor()),
    hostBubbles: () => texts(HOST_BUBBLE),
    guestBubbles: () => texts(GUEST_BUBBLE),
  }
}

export type EmbedEnvironment = {
  server: TestServer
  owner: Awaited<ReturnType<typeof userWithWorkspace>>
  browser: Browser
  /** The website the bots are embedded on, and another one (another origin: iframes, allowed origins). */
  site: Site
  otherSite: Site
  /** A fresh context, closed when the test ends; `token` authenticates its API calls (preview). */
  context: (t: TestContext, options?: { token?: string }) => Promise<BrowserContext>
  /** A fresh context with the bot embedded on a page of the site. */
  open: (
    t: TestContext,
    client: Client,
    typebot: EmbedOptions['typebot'],
    options?: { token?: string; props?: EmbedOptions['props'] },
  ) => Promise<Chat>
  /** The bot's results with their answers, through the owner's /v1 API. */
  results: (botId: string) => Promise<any[]>
}

/**
 * Registers the hooks of a test file of the embed clients: a Parley server (with `env`) and its owner with a
 * workspace, Chromium and two sites, shared by the file's tests and stopped after them.
 */
export const useEmbedEnvironment = (env: Record<string, string> = {}): EmbedEnvironment => {
  const e = {} as EmbedEnvironment
  before(async () => {
    // Whatever started is kept for `after` to stop, even when another part failed (e.g. no Chromium).
    const started = await Promise.allSettled([startTestServer(env), launchBrowser(), startSite(), startSite()])
    const [server, browser, site, otherSite] = started.map((r) => (r.status === 'fulfilled' ? r.value : undefined))
    Object.assign(e, { server, browser, site, otherSite })
    const failed = started.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
    e.owner = await userWithWorkspace(e.server)
  })
  after(async () => {
    await e.browser?.close()
    await Promise.all([e.site?.close(), e.otherSite?.close(), e.server?.stop()])
  })
  e.context = async (t, options = {}) => {
    const context = await newContext(e.browser)
    t.after(() => context.close())
    if (options.token) await authenticateApi(context, e.server.url, options.token)
    return context
  }
  e.open = async (t, client, typebot, options = {}) =>
    openChat(await e.context(t, options), e.site.page(embedHtml({ client, typebot, apiHost: e.server.url, props: options.props })))
  e.results = async (botId) => {
    const res = await e.server.call('GET', `/v1/bots/${botId}/results`, { token: e.owner.token })
    if (res.status !== 200) throw new Error(`listing results: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.results
  }
  return e
}
