// Parley's own web chat widget in headless Chromium: the built script (dist/web/parley-chat.js, built once per
// file) served by a "site" of another origin as `/chat.js`, pages embedding it, and a driver for its shadow DOM
// (Playwright's CSS locators pierce open shadow roots). Screenshots go to test-artifacts/ for review.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { after, before, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import { CHROMIUM, newContext, type SiteFile, startStaticSite } from './browser.js'
import { userWithWorkspace } from './seed.js'
import { startTestServer, type TestServer } from './server.js'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const artifacts = join(repoRoot, 'test-artifacts')

// A fake microphone (a tone) that needs no permission prompt, for voice clips.
const launchChromium = () =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] })

const buildWidget = (): Buffer => {
  const res = spawnSync(process.execPath, [join(repoRoot, 'scripts/build-web.mjs')], { encoding: 'utf8' })
  if (res.status !== 0) throw new Error(`building the widget failed:\n${res.stderr}`)
  return readFileSync(join(repoRoot, 'dist/web/parley-chat.js'))
}

export type WidgetSite = {
  origin: string
  page: (html: string) => string
  /** Serves a file of the site at this path (a stand-in for a third party's script, say). */
  asset: (path: string, body: string, contentType: string) => void
  close: () => Promise<void>
}

const startWidgetSite = async (script: Buffer): Promise<WidgetSite> => {
  const assets = new Map<string, SiteFile>()
  const site = await startStaticSite((path) => {
    if (path === '/chat.js') return { body: script, contentType: 'text/javascript' }
    // A JSON API of the site, for requests the bot has the browser make.
    if (path === '/data.json') return { body: '{"plan":"pro","seats":3}', contentType: 'application/json' }
    if (path.startsWith('/landed')) return { body: '<!doctype html><title>Landed</title><p>Landed</p>', contentType: 'text/html; charset=utf-8' }
    return assets.get(path)
  })
  return { ...site, asset: (path, body, contentType) => void assets.set(path, { body, contentType }) }
}

/** A page of a small website with the script loaded and `body` (elements, scripts using window.Parley). */
export const sitePage = (body: string, title = 'Acme support') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{margin:0;font-family:Georgia,serif;background:#f4f1ea;color:#222}header{padding:16px 24px;background:#222;color:#fff}main{max-width:760px;margin:0 auto;padding:16px}</style>
</head><body><header>Acme Inc.</header><main><h1>${title}</h1>
<script src="/chat.js"></script>
${body}
</main></body></html>`

export type WebChat = {
  page: Page
  answer: (text: string) => Promise<void>
  click: (label: string) => Promise<void>
  waitForBubble: (text: string | RegExp) => Promise<Locator>
  hostBubbles: () => Promise<string[]>
  guestBubbles: () => Promise<string[]>
  screenshot: (name: string) => Promise<void>
}

/** `scope`: where the chat is, when not on the page itself (the editor's preview frame). */
export const driveChat = (page: Page, logs: string[], scope: Pick<Page, 'locator'> = page): WebChat => {
  const guard = async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action()
    } catch (err) {
      const shown = await scope
        .locator('.p-chat')
        .first()
        // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (one line per bubble) is wanted
        .innerText({ timeout: 1000 })
        .catch(() => '(no chat)')
      throw new Error(
        `${what}: ${(err as Error).message.split('\n')[0]}\nThe chat shows:\n${shown}\nThe page logged:\n${logs.join('\n') || '(nothing)'}`,
      )
    }
  }
  return {
    page,
    answer: (text) =>
      guard(`answering "${text}"`, async () => {
        const input = scope.locator('.p-input input:not([type=file]), .p-input textarea').last()
        const guests = scope.locator('.p-guest-bubble')
        const before = await guests.count()
        await input.fill(text)
        await input.press('Enter')
        // Sent once a new user bubble shows (its text may already be the server's format: lastMessageNewFormat).
        await guests.nth(before).waitFor()
      }),
    click: (label) => guard(`clicking "${label}"`, () => scope.locator('.p-input .p-button, .p-choice-item', { hasText: label }).last().click()),
    waitForBubble: (text) =>
      guard(`waiting for a bubble "${text}"`, async () => {
        const bubble = scope.locator('.p-host-bubble:not(.p-typing)', { hasText: text }).last()
        await bubble.waitFor()
        return bubble
      }),
    hostBubbles: () => scope.locator('.p-host-bubble:not(.p-typing)').allInnerTexts(),
    guestBubbles: () => scope.locator('.p-guest-bubble').allInnerTexts(),
    screenshot: async (name) => {
      mkdirSync(artifacts, { recursive: true })
      await page.screenshot({ path: join(artifacts, `web-chat-${name}.png`), animations: 'disabled' })
    },
  }
}

export type PageOptions = { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' }

export type WebChatEnvironment = {
  server: TestServer
  owner: Awaited<ReturnType<typeof userWithWorkspace>>
  browser: Browser
  site: WidgetSite
  context: (t: TestContext) => Promise<BrowserContext>
  /** Opens a page of the site in a fresh context and returns its driver. */
  open: (t: TestContext, html: string, options?: PageOptions) => Promise<WebChat>
  openIn: (context: BrowserContext, url: string, options?: PageOptions) => Promise<WebChat>
}

/** Hooks of a test file: a Parley server (with `env`), its owner, Chromium and the site, stopped after the file. */
export const useWebChatEnvironment = (env: Record<string, string> = {}): WebChatEnvironment => {
  const e = {} as WebChatEnvironment
  before(async () => {
    const script = buildWidget()
    const started = await Promise.allSettled([startTestServer(env), launchChromium(), startWidgetSite(script)])
    const [server, browser, site] = started.map((r) => (r.status === 'fulfilled' ? r.value : undefined))
    Object.assign(e, { server, browser, site })
    const failed = started.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
    e.owner = await userWithWorkspace(e.server)
  })
  after(async () => {
    await e.browser?.close()
    await Promise.all([e.site?.close(), e.server?.stop()])
  })
  e.context = async (t) => {
    const context = await newContext(e.browser)
    t.after(() => context.close())
    return context
  }
  e.openIn = async (context, url, options = {}) => {
    const page = await context.newPage()
    if (options.viewport) await page.setViewportSize(options.viewport)
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: options.reducedMotion })
    const logs: string[] = []
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`))
    page.on('pageerror', (err) => logs.push(`uncaught: ${err.message}`))
    // Not `load`: that also waits for the bubbles' media and frames (outside hosts, unreachable here); the chat's
    // own helpers wait for what each test needs.
    await page.goto(url, { waitUntil: 'domcontentloaded' })
    return driveChat(page, logs)
  }
  e.open = async (t, html, options) => e.openIn(await e.context(t), e.site.page(html), options)
  return e
}
