// Issue 13, point 5: Parley's web chat widget against Typebot's embed client (`@typebot.io/js` 0.10.7, a dev
// dependency for this comparison only). Size: gzipped bytes of dist/web/parley-chat.js vs the client's dist/web.js.
// Speed: time from navigation start to the first bot bubble visible, in headless Chromium, for each on a page of a
// loopback "site", both talking to the same Parley server (compiled, SQLite) and the same published bot through
// Parley's Typebot-compatible API; a fresh browser context (empty cache) per load, the two alternating, median of
// each, and their ratio.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from 'playwright-core'
import { greetingBot, WELCOME_TEXT } from './lib/bots.js'
import { freshDir, httpCaller, log, median, newestMtime, repoRoot, round, setupBots, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const widgetPath = join(repoRoot, 'dist', 'web', 'parley-chat.js')
const typebotPath = join(repoRoot, 'node_modules', 'typebot-js-0-10', 'dist', 'web.js')

/** Builds the widget (scripts/build-web.mjs) when it is missing or older than its sources. */
const ensureWidget = () => {
  const script = join(repoRoot, 'scripts', 'build-web.mjs')
  const sources = join(repoRoot, 'web', 'chat', 'src')
  const built = existsSync(widgetPath) ? statSync(widgetPath).mtimeMs : 0
  if (
    !existsSync(script) ||
    !existsSync(sources) ||
    built >= Math.max(newestMtime(sources, '.ts'), newestMtime(sources, '.tsx'), newestMtime(sources, '.css'))
  )
    return
  log('dist/web/parley-chat.js is missing or older than web/chat/src: running scripts/build-web.mjs')
  const res = spawnSync(process.execPath, [script], { cwd: repoRoot, encoding: 'utf8' })
  if (res.status !== 0) log(`widget build failed:\n${(res.stdout + res.stderr).split('\n').slice(0, 10).join('\n')}`)
}

/**
 * Run in every page before its own scripts: each animation frame, looks for the welcome text (in the document and in
 * every shadow root) in an element that is rendered and not transparent, and records when it first is.
 */
const watchFirstBubble = (text: string) => `(() => {
  const text = ${JSON.stringify(text)}
  const shown = (el) => !!el && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().width > 0
  const find = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.data.includes(text) && shown(node.parentElement)) return true
      } else if (node.shadowRoot && find(node.shadowRoot)) return true
    }
    return false
  }
  const tick = () => {
    if (find(document)) window.__firstBubble = performance.now()
    else requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

type Site = { origin: string; close: () => Promise<void> }

/** The pages of the two clients and their scripts, on an origin of their own (as a customer's website). */
const startSite = async (apiHost: string, publicId: string): Promise<Site> => {
  const pages: Record<string, string> = {
    '/parley.html': `<!doctype html><html><head><meta charset="utf-8"><title>Parley</title></head><body style="margin:0">
<parley-standard bot="${publicId}" api-host="${apiHost}" style="display:block;width:100%;height:600px"></parley-standard>
<script src="/parley-chat.js"></script></body></html>`,
    '/typebot.html': `<!doctype html><html><head><meta charset="utf-8"><title>Typebot</title></head><body style="margin:0">
<typebot-standard style="width:100%;height:600px"></typebot-standard>
<script type="module">import Typebot from '/web.js'; Typebot.initStandard(${JSON.stringify({ typebot: publicId, apiHost })})</script>
</body></html>`,
  }
  const scripts: Record<string, Buffer> = { '/parley-chat.js': readFileSync(widgetPath), '/web.js': readFileSync(typebotPath) }
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (pages[path]) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[path])
    if (scripts[path]) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts[path])
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Milliseconds from navigation start to the welcome bubble, in a fresh context (nothing cached, nothing stored). */
const firstBubble = async (browser: Browser, url: string): Promise<number> => {
  const context = await browser.newContext()
  try {
    // Nothing leaves loopback (Typebot's client asks for web fonts): both clients get the same network.
    await context.route(
      (u) => !/^https?:\/\/127\.0\.0\.1(:\d+)?\//.test(u.href),
      (route) => route.abort('blockedbyclient'),
    )
    await context.addInitScript({ content: watchFirstBubble(WELCOME_TEXT) })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(err.message))
    await page.goto(url)
    const handle = await page.waitForFunction('window.__firstBubble', null, { timeout: 15_000 }).catch(() => {
      throw new Error(`no welcome bubble at ${url} within 15 s${errors.length ? `: ${errors.join('; ')}` : ''}`)
    })
    return (await handle.jsonValue()) as number
  } finally {
    await context.close()
  }
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

export const benchWebChat = async ({ runs }: { runs: number }): Promise<Figure[]> => {
  ensureWidget()
  if (!existsSync(widgetPath)) {
    log('dist/web/parley-chat.js is not built (npm run build): the web chat figures are skipped')
    return []
  }
  if (!existsSync(CHROMIUM)) {
    log(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH): only the size figure is measured`)
  }
  const ours = { bytes: statSync(widgetPath).size, gzip: gzipSize(widgetPath) }
  const typebot = { bytes: statSync(typebotPath).size, gzip: gzipSize(typebotPath) }
  const figures = [
    figure(
      'webchat.gzipKB',
      'Web chat widget, gzipped',
      round(ours.gzip / 1024, 1),
      'KB',
      { op: '<=', value: 40 },
      {
        parleyBytes: ours.bytes,
        parleyGzipBytes: ours.gzip,
        typebotBytes: typebot.bytes,
        typebotGzipBytes: typebot.gzip,
        ratioToTypebot: round(ours.gzip / typebot.gzip, 3),
      },
    ),
  ]
  if (!existsSync(CHROMIUM)) return figures

  const server = await spawnParley({ DATABASE_URL: `sqlite:${join(freshDir('webchat'), 'parley.db')}` })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  let site: Site | undefined
  try {
    const { bots } = await setupBots(httpCaller(server.url), [greetingBot()])
    site = await startSite(server.url, bots[0].publicId)
    // One load of each first: Chromium's and the server's own warm-up are not either client's cost.
    await firstBubble(browser, `${site.origin}/parley.html`)
    await firstBubble(browser, `${site.origin}/typebot.html`)
    const times = { parley: [] as number[], typebot: [] as number[] }
    for (let i = 0; i < runs; i++) {
      // Alternating which goes first, so that neither always follows the other.
      const order = i % 2 ? (['typebot', 'parley'] as const) : (['parley', 'typebot'] as const)
      for (const client of order) times[client].push(await firstBubble(browser, `${site.origin}/${client}.html`))
    }
    const parleyMs = median(times.parley)
    const typebotMs = median(times.typebot)
    log(`first bubble: Parley ${round(parleyMs, 0)} ms, Typebot ${round(typebotMs, 0)} ms (medians of ${runs})`)
    figures.push(
      figure(
        'webchat.firstBubbleRatio',
        'Web chat: first bubble, Parley ÷ Typebot client',
        round(parleyMs / typebotMs, 2),
        '×',
        { op: '<=', value: 0.5 },
        {
          parleyMedianMs: round(parleyMs, 1),
          typebotMedianMs: round(typebotMs, 1),
          parleyMs: times.parley.map((t) => round(t, 1)),
          typebotMs: times.typebot.map((t) => round(t, 1)),
        },
      ),
    )
    return figures
  } finally {
    await browser.close()
    await site?.close()
    await server.stop()
  }
}
