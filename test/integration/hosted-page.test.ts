// The pages Parley serves to browsers: the hosted page of a published bot (metadata, escaping of hostile bot texts,
// noindex, customHeadCode only when the operator allows it, CSP, query parameters), the pages for bots that cannot
// be chatted with, and the widget's script at /chat.js (encodings, ETag, 503 before a build).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { loadConfig } from '../../src/config.js'
import { launchBrowser, newContext } from '../support/browser.js'
import { requestAs } from '../support/hosts.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish, importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const HOSTILE = `Evil </title><script>alert(1)</script> "quoted" 'single' & more`

const page = async (s: TestServer, path: string) => {
  const res = await fetch(s.url + path)
  return { status: res.status, headers: res.headers, html: await res.text() }
}

/** The content of `<meta name|property="name" content="…">`, unescaped back. */
const metaContent = (html: string, name: string) => {
  const found = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1]
  return found
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The options the page's bootstrap gives `Parley.initStandard` (besides the element). */
const initOptions = (html: string) => {
  const json = /Parley\.initStandard\(Object\.assign\((\{.*\}), \{ element \}\)\)/.exec(html)?.[1]
  assert.ok(json, 'no initStandard call in the page')
  return JSON.parse(json)
}

describe('hosted bot pages', { concurrency: true }, () => {
  let server: TestServer
  let customHeadServer: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let scriptDir: string
  const script = `window.Parley = { loaded: true } // ${'widget '.repeat(500)}`

  before(async () => {
    scriptDir = await mkdtemp(join(tmpdir(), 'parley-chat-js-'))
    await writeFile(join(scriptDir, 'parley-chat.js'), script)
    server = await startTestServer({ WEB_CHAT_SCRIPT: join(scriptDir, 'parley-chat.js') })
    // A second process on the same database, with the operator's permission for customHeadCode.
    customHeadServer = await startTestServer({
      DATABASE_URL: server.database.url,
      HOSTED_PAGE_CUSTOM_HEAD: 'true',
      WEB_CHAT_SCRIPT: join(scriptDir, 'missing.js'),
    })
    owner = await userWithWorkspace(server)
  })
  after(async () => {
    await customHeadServer?.stop()
    await server?.stop()
    await rm(scriptDir, { recursive: true, force: true })
  })

  const publish = (doc: Record<string, unknown>) => importAndPublish(server, owner.token, owner.workspaceId, doc)
  const hello = (extra: Parameters<typeof bot>[1] = {}) => bot([['g', [say('hi', 'Hello there')]]], extra)

  test('title, description, favicon and social image from the metadata, variables filled from the bot only', async () => {
    const doc = hello({
      variables: [
        { id: 'v1', name: 'Brand', value: 'Acme' },
        { id: 'v2', name: 'Visitor' },
      ],
      settings: {
        metadata: {
          title: '{{Brand}} support',
          description: 'Ask {{Brand}} anything, {{Visitor}}',
          favIconUrl: 'https://cdn.example.com/icon.png',
          imageUrl: 'https://cdn.example.com/social.png',
        },
      },
    })
    const imported = await publish({ ...doc, name: 'Support bot' })
    const { status, headers, html } = await page(server, `/${imported.publicId}`)
    assert.equal(status, 200)
    assert.equal(headers.get('content-type'), 'text/html; charset=utf-8')
    assert.match(html, /<title>Acme support<\/title>/)
    assert.equal(metaContent(html, 'description'), 'Ask Acme anything,')
    assert.equal(metaContent(html, 'og:title'), 'Acme support')
    assert.equal(metaContent(html, 'og:image'), 'https://cdn.example.com/social.png')
    assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image')
    assert.equal(metaContent(html, 'twitter:image'), 'https://cdn.example.com/social.png')
    assert.match(html, /<link rel="icon" href="https:\/\/cdn\.example\.com\/icon\.png">/)
    assert.match(html, /<meta name="robots" content="noindex">/)
    assert.match(html, /<parley-standard><\/parley-standard>/)
    assert.match(html, /<script src="\/chat\.js"><\/script>/)
    assert.deepEqual(initOptions(html), { bot: imported.publicId })
    // Without metadata: the bot's name, a description of our own, the default icon, no image.
    const plain = await publish({ ...hello(), name: 'Plain bot' })
    const bare = (await page(server, `/${plain.publicId}`)).html
    assert.match(bare, /<title>Plain bot<\/title>/)
    assert.equal(metaContent(bare, 'description'), 'Chat with Plain bot.')
    assert.match(bare, /<link rel="icon" href="data:image\/svg\+xml,/)
    assert.equal(metaContent(bare, 'og:image'), undefined)
    assert.equal(metaContent(bare, 'twitter:card'), 'summary')
  })

  test("the page is marked with the bot's language (English when it names none), its fallback lines in it; a tag that is not one is refused", async () => {
    const english = await publish(hello({}))
    const englishHtml = (await page(server, `/${english.publicId}`)).html
    assert.match(englishHtml, /<html lang="en">/)
    assert.match(englishHtml, /<p class="parley-message" hidden>The chat could not be loaded\. Please try again later\.<\/p>/)
    const brazilian = await publish(hello({ settings: { general: { language: 'pt-BR' } } }))
    const brazilianHtml = (await page(server, `/${brazilian.publicId}`)).html
    assert.match(brazilianHtml, /<html lang="pt-BR">/)
    assert.match(brazilianHtml, /<p class="parley-message" hidden>Não foi possível carregar o chat\. Tente novamente mais tarde\.<\/p>/)
    assert.match(brazilianHtml, /<noscript><p class="parley-message">Este chat precisa de JavaScript\.<\/p><\/noscript>/)
    // A language Parley does not speak: English lines, the bot's own tag.
    const italian = (await page(server, `/${(await publish(hello({ settings: { general: { language: 'it' } } }))).publicId}`)).html
    assert.match(italian, /<html lang="it">/)
    assert.match(italian, /The chat could not be loaded\./)
    const refused = await server.call('POST', '/v1/bots/import', {
      token: owner.token,
      body: { workspaceId: owner.workspaceId, bot: hello({ settings: { general: { language: '"><script>' } } }) },
    })
    assert.equal(refused.status, 400)
    assert.match(JSON.stringify(refused.body), /language tag/)
  })

  test('hostile names, descriptions and URLs are escaped or dropped; the theme background cannot break out of CSS', async () => {
    const doc = hello({
      settings: {
        metadata: {
          description: HOSTILE,
          favIconUrl: 'javascript:alert(1)',
          imageUrl: 'https://cdn.example.com/a.png?x="><script>alert(2)</script>',
        },
      },
      theme: { general: { background: { type: 'Color', content: 'red;}</style><script>alert(3)</script>' } } },
    })
    const imported = await publish({ ...doc, name: HOSTILE })
    const { html } = await page(server, `/${imported.publicId}?name=${encodeURIComponent('"><script>alert(4)</script>')}`)
    // The only script elements are the bootstrap and the widget's.
    assert.deepEqual(
      [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0].replace(/nonce="[^"]+"/, 'nonce')),
      ['<script src="/chat.js">', '<script nonce>'],
    )
    assert.ok(!html.includes('alert(1)</script>') && !html.includes('javascript:'))
    assert.equal(metaContent(html, 'description'), HOSTILE)
    assert.match(html, /<title>Evil &lt;\/title&gt;&lt;script&gt;/)
    assert.equal(metaContent(html, 'og:image'), 'https://cdn.example.com/a.png?x=%22%3E%3Cscript%3Ealert(2)%3C/script%3E')
    assert.match(html, /body \{ background: #fff; \}/)
    // The query parameter reaches the widget as JSON in the bootstrap, with nothing in it that could end the script.
    assert.deepEqual(initOptions(html).prefilledVariables, { name: '"><script>alert(4)</script>' })
    assert.match(html, /\\u003cscript\\u003ealert\(4\)\\u003c\/script\\u003e/)
  })

  test('theme background as the page background: a colour, or an image', async () => {
    const coloured = await publish(hello({ theme: { general: { background: { type: 'Color', content: '#1a2b3c' } } } }))
    assert.match((await page(server, `/${coloured.publicId}`)).html, /body \{ background: #1a2b3c; \}/)
    const pictured = await publish(hello({ theme: { general: { background: { type: 'Image', content: 'https://cdn.example.com/bg.jpg' } } } }))
    assert.match((await page(server, `/${pictured.publicId}`)).html, /background: #fff url\("https:\/\/cdn\.example\.com\/bg\.jpg"\) center/)
  })

  test('indexing only when the bot allows it; query parameters become prefilled variables, hidden unless the bot keeps them', async () => {
    const indexed = await publish(hello({ settings: { metadata: { allowIndexing: true }, general: { isHideQueryParamsEnabled: false } } }))
    const open = (await page(server, `/${indexed.publicId}?Name=Ada&Name=Grace&plan=pro`)).html
    assert.doesNotMatch(open, /noindex/)
    assert.deepEqual(initOptions(open).prefilledVariables, { Name: 'Grace', plan: 'pro' })
    assert.doesNotMatch(open, /replaceState/)
    const hidden = await publish(hello())
    assert.match((await page(server, `/${hidden.publicId}?Name=Ada`)).html, /history\.replaceState/)
    // No query: no prefilled variables, nothing to hide.
    const none = (await page(server, `/${hidden.publicId}`)).html
    assert.doesNotMatch(none, /prefilledVariables|replaceState/)
  })

  test('a strict CSP with a fresh nonce; customHeadCode only where the operator allows it, and then without CSP', async () => {
    const imported = await publish(hello({ settings: { metadata: { customHeadCode: '<script>window.tracked = true</script>' } } }))
    const first = await page(server, `/${imported.publicId}?a=1`)
    const second = await page(server, `/${imported.publicId}?a=1`)
    const csp = first.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    assert.ok(nonce, csp)
    assert.match(csp, /script-src 'self' 'nonce-[^']+' 'unsafe-eval'/)
    assert.match(csp, /object-src 'none'/)
    assert.match(csp, /base-uri 'none'/)
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/)
    assert.ok(first.html.includes(`<script nonce="${nonce}">`))
    assert.notEqual(/'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1], nonce)
    assert.doesNotMatch(first.html, /window\.tracked/)
    assert.doesNotMatch(first.html, / on\w+=/)
    assert.equal(first.headers.get('x-content-type-options'), 'nosniff')

    const allowed = await page(customHeadServer, `/${imported.publicId}`)
    assert.equal(allowed.status, 200)
    assert.match(allowed.html, /<script>window\.tracked = true<\/script>\n<\/head>/)
    assert.equal(allowed.headers.get('content-security-policy'), null)
    // A bot without head code keeps its CSP on that server too.
    const plain = await publish(hello())
    assert.ok((await page(customHeadServer, `/${plain.publicId}`)).headers.get('content-security-policy'))
  })

  test('unknown, unpublished, closed and archived bots get a styled HTML page, never JSON', async () => {
    for (const path of ['/no-such-bot', '/bad%20id%3Cscript%3E', `/${'x'.repeat(100)}`]) {
      const missing = await page(server, path)
      assert.equal(missing.status, 404, path)
      assert.equal(missing.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.match(missing.html, /There is no bot here/)
      assert.match(missing.headers.get('content-security-policy') ?? '', /default-src 'none'/)
      assert.doesNotMatch(missing.html, /<script/)
    }
    const draft = await importBot(server, owner.token, owner.workspaceId, hello())
    assert.equal((await page(server, `/${draft.publicId}`)).status, 404)

    const closing = await publish({ ...hello({ settings: { general: { systemMessages: { botClosed: 'Gone <fishing>' } } } }), name: 'Shop <bot>' })
    const closed = await server.call('PATCH', `/v1/bots/${closing.id}`, { token: owner.token, body: { bot: { isClosed: true } } })
    assert.equal(closed.status, 200, JSON.stringify(closed.body))
    const shut = await page(server, `/${closing.publicId}`)
    assert.equal(shut.status, 410)
    assert.match(shut.html, /<h1>Gone &lt;fishing&gt;<\/h1>/)
    assert.match(shut.html, /<strong>Shop &lt;bot&gt;<\/strong>/)

    const archiving = await publish(hello())
    assert.equal((await server.call('PATCH', `/v1/bots/${archiving.id}`, { token: owner.token, body: { bot: { isArchived: true } } })).status, 200)
    assert.equal((await page(server, `/${archiving.publicId}`)).status, 404)
  })

  test('the API keeps its paths: /v1, /api, /health and /docs are not bot pages, nor public ids', async () => {
    for (const path of ['/v1', '/api', '/parties']) {
      const res = await server.call('GET', path)
      assert.equal(res.status, 404, path)
      assert.equal(res.body.code, 'not_found', path)
    }
    assert.equal((await server.call('GET', '/health')).body.status, 'ok')
    assert.equal((await page(server, '/docs')).status, 200)
    // Nor can a bot take one of those addresses.
    const imported = await importBot(server, owner.token, owner.workspaceId, hello())
    for (const publicId of ['docs', 'Chat.js', 'v1']) {
      const res = await server.call('PATCH', `/v1/bots/${imported.id}`, { token: owner.token, body: { bot: { publicId } } })
      assert.equal(res.status, 400, publicId)
      assert.match(JSON.stringify(res.body.issues), /reserved/)
    }
    assert.equal((await server.call('PATCH', `/v1/bots/${imported.id}`, { token: owner.token, body: { bot: { publicId: 'docs-bot' } } })).status, 200)
  })

  test('/chat.js: JavaScript with cache headers, brotli or gzip as accepted, an ETag per encoding and 304s', async () => {
    const get = (headers: Record<string, string>) => fetch(`${server.url}/chat.js`, { headers })
    const plain = await get({ 'accept-encoding': 'identity' })
    assert.equal(plain.status, 200)
    assert.equal(plain.headers.get('content-type'), 'text/javascript; charset=utf-8')
    assert.equal(plain.headers.get('cache-control'), 'public, max-age=300')
    assert.equal(plain.headers.get('vary'), 'accept-encoding')
    assert.equal(plain.headers.get('content-encoding'), null)
    assert.equal(await plain.text(), script)
    const etag = plain.headers.get('etag')!
    assert.match(etag, /^"[\w-]+"$/)

    // fetch decodes on its own: the raw bytes are checked through node's decoders instead.
    const raw = async (acceptEncoding: string) => {
      const { request } = await import('node:http')
      return new Promise<{ headers: Record<string, any>; body: Buffer }>((resolve, reject) => {
        request(`${server.url}/chat.js`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        })
          .on('error', reject)
          .end()
      })
    }
    const br = await raw('gzip, deflate, br')
    assert.equal(br.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(br.body).toString(), script)
    assert.ok(br.body.length < script.length / 5)
    const gz = await raw('gzip;q=1, br;q=0')
    assert.equal(gz.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gz.body).toString(), script)
    assert.equal(new Set([etag, br.headers.etag, gz.headers.etag]).size, 3)

    const cached = await get({ 'accept-encoding': 'identity', 'if-none-match': etag })
    assert.equal(cached.status, 304)
    assert.equal(cached.headers.get('etag'), etag)
    assert.equal((await get({ 'accept-encoding': 'gzip', 'if-none-match': etag })).status, 200)
    assert.equal((await fetch(`${server.url}/chat.js`, { method: 'HEAD' })).status, 200)
  })

  test('/chat.js before the widget is built: a clear 503', async () => {
    const res = await customHeadServer.call('GET', '/chat.js')
    assert.equal(res.status, 503)
    assert.equal(res.body.code, 'widget_not_built')
    assert.match(res.body.message, /npm run build/)
  })
})

/** A GET with the Host header a browser would send for that host name (fetch may not set it). */
const getAs = (s: TestServer, host: string, path: string) => requestAs(s, host, 'GET', path)

describe('bot pages on a chat host of their own (PARLEY_CHAT_URL)', () => {
  let server: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  before(async () => {
    server = await startTestServer({ PARLEY_CHAT_URL: 'https://chat.example.test/', PARLEY_PUBLIC_URL: 'https://build.example.test' })
    owner = await userWithWorkspace(server)
  })
  after(() => server?.stop())

  test('the builder host redirects bot pages there, query kept; the chat host serves them; the app is told', async () => {
    const { publicId } = await importAndPublish(server, owner.token, owner.workspaceId, bot([['g', [say('hi', 'Hello')]]]))
    const fromBuilder = await getAs(server, 'build.example.test', `/${publicId}?Name=Ada&x=1`)
    assert.equal(fromBuilder.status, 302)
    assert.equal(fromBuilder.headers.location, `https://chat.example.test/${publicId}?Name=Ada&x=1`)
    const onChatHost = await getAs(server, 'chat.example.test', `/${publicId}`)
    assert.equal(onChatHost.status, 200)
    // A proxy that passes the port on in Host (nginx's $http_host) is still the chat host: no redirect loop.
    assert.equal((await getAs(server, 'chat.example.test:443', `/${publicId}`)).status, 200)
    assert.match(String(onChatHost.headers['content-security-policy']), /script-src 'self' 'nonce-/)
    // Paths that are not bot pages stay where they are.
    assert.equal((await getAs(server, 'build.example.test', '/health')).status, 200)
    const status = await requestAs(server, 'build.example.test', 'GET', '/v1/auth/status')
    assert.equal(status.body.chatUrl, 'https://chat.example.test')
  })

  test('a chat host with the builder host name is refused at start (cookies do not tell ports apart)', () => {
    assert.throws(
      () => loadConfig({ PARLEY_CHAT_URL: 'https://example.test:8443', PARLEY_PUBLIC_URL: 'https://example.test' }),
      /PARLEY_CHAT_URL: needs a host name of its own/,
    )
  })
})

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const widget = join(repoRoot, 'dist', 'web', 'parley-chat.js')

describe('hosted bot page in Chromium', () => {
  let server: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
    // The widget as `npm run build` makes it (its script, when the checkout has it and the bundle is missing).
    const build = join(repoRoot, 'scripts', 'build-web.mjs')
    if (!existsSync(widget) && existsSync(build)) spawnSync(process.execPath, [build], { cwd: repoRoot, stdio: 'inherit' })
    server = await startTestServer()
    owner = await userWithWorkspace(server)
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('the page loads the widget from /chat.js under its CSP, chats with the query as variables, runs a script action and hides the query', async (t) => {
    if (!existsSync(widget)) return t.skip('the web chat widget is not built (npm run build writes dist/web/parley-chat.js)')
    const doc = bot(
      [
        [
          'g',
          [
            say('hi', 'Hello {{Name}}, welcome! Your city?'),
            { id: 'ask', type: 'text input', options: { variableId: 'vCity' } },
            // The author's script runs in the page (the CSP allows it: 'unsafe-eval').
            { id: 'code', type: 'Code', options: { content: 'window.visited = {{City}}', isExecutedOnClient: true } },
            say('bye', '{{City}} it is.'),
          ],
        ],
      ],
      {
        variables: [
          { id: 'vName', name: 'Name' },
          { id: 'vCity', name: 'City' },
        ],
        settings: { typingEmulation: { enabled: false } },
        theme: { general: { background: { type: 'Color', content: '#fdf6e3' } } },
      },
    )
    const imported = await importAndPublish(server, owner.token, owner.workspaceId, { ...doc, name: 'Greeter' })
    const context = await newContext(browser)
    t.after(() => context.close())
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
    page.on('pageerror', (err) => problems.push(err.message))
    await page.goto(`${server.url}/${imported.publicId}?Name=Ada`)
    await page.getByText('Hello Ada, welcome! Your city?').waitFor()
    await page.getByRole('textbox').fill('Lyon')
    await page.getByRole('textbox').press('Enter')
    await page.getByText('Lyon it is.').waitFor()
    assert.equal(await page.evaluate('window.visited'), 'Lyon')
    assert.equal(new URL(page.url()).search, '')
    assert.equal(await page.title(), 'Greeter')
    assert.equal(await page.evaluate('getComputedStyle(document.body).backgroundColor'), 'rgb(253, 246, 227)')
    assert.deepEqual(problems, [])
    await mkdir(join(repoRoot, 'test-artifacts'), { recursive: true })
    await page.screenshot({ path: join(repoRoot, 'test-artifacts', 'hosted-page.png') })
  })
  test('without the widget (not built), the page says the chat could not be loaded', async (t) => {
    const bare = await startTestServer({ DATABASE_URL: server.database.url, WEB_CHAT_SCRIPT: join(repoRoot, 'no-such-widget.js') })
    t.after(() => bare.stop())
    const imported = await importAndPublish(server, owner.token, owner.workspaceId, bot([['g', [say('hi', 'Hello')]]]))
    const context = await newContext(browser)
    t.after(() => context.close())
    const page = await context.newPage()
    await page.goto(`${bare.url}/${imported.publicId}`)
    await page.getByText('The chat could not be loaded.').waitFor()
    assert.equal(await page.locator('parley-standard').count(), 0)
  })
})
