// Custom domains in Chromium: a member sets the bot's domain on the Share tab (checked as typed, with the DNS record
// to add), then a visitor chats on that domain, which Chromium resolves to the loopback server
// (--host-resolver-rules): the page, its widget and every chat call stay on the domain's origin, and the builder's
// session cookie of the same browser never goes there. Where the operator requires proof, the tab shows the challenge
// and its answer, and "Verify now" tells why it fails while the file is missing, then passes once it is published
// on the site the domain leads to. axe-core finds nothing
// serious on the tab.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { CHROMIUM } from '../support/browser.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { driveChat } from '../support/webChat.js'
import { person, shot } from '../support/webApp.js'

const say = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
const greeter = {
  version: '6',
  name: 'Support',
  groups: [
    {
      id: 'g1',
      title: 'Start',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        say('hi', 'Welcome to support. Your name?'),
        { id: 'ask', type: 'text input', options: { variableId: 'v1' } },
        say('bye', 'Nice to meet you, {{Name}}.'),
      ],
    },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [{ id: 'v1', name: 'Name' }],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
}

/** Loopback and the test's domains only: nothing leaves the machine. */
const LOCAL = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|[a-z.]+\.example\.org)(:\d+)?\//

const newLocalContext = async (browser: Browser): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(10_000)
  await context.route(
    (url) => !LOCAL.test(url.href),
    (route) => route.abort('blockedbyclient'),
  )
  return context
}

describe('custom domains in the web app and on the domain', () => {
  let s: TestServer
  let browser: Browser
  before(async () => {
    s = await startTestServer()
    // The domains' DNS: every *.example.org name leads to this machine.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--host-resolver-rules=MAP *.example.org 127.0.0.1'] })
  })
  after(async () => {
    await browser?.close()
    await s?.stop()
  })

  test('set on the Share tab, then chatted with on the domain', async () => {
    const context = await newLocalContext(browser)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(err.message))
    const { workspaceId, api } = await setUpFirstAccount(page, s.builderUrl, person('Ada'))
    const bot = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter })).json.bot
    assert.equal((await api('POST', `/v1/bots/${bot.id}/publish`)).status, 200)

    await page.goto(`${s.builderUrl}/w/${workspaceId}/bots/${bot.id}/share`)
    const panel = page.getByRole('region', { name: 'Custom domain' })
    await panel.waitFor()
    const field = panel.getByRole('textbox', { name: 'Domain' })
    const save = panel.getByRole('button', { name: 'Save domain' })
    // Checked as typed: a path is not a domain.
    await field.fill('chat.example.org/support')
    await panel.getByText('This is not a host name, such as chat.example.org.').waitFor()
    assert.equal(await save.isDisabled(), true)
    await field.fill('https://Chat.Example.org')
    await save.click()
    await panel.getByText('Served', { exact: true }).waitFor()
    await panel.getByText(`add a CNAME record for chat.example.org pointing to ${new URL(s.contentUrl).hostname}.`).waitFor()
    assert.equal(await field.inputValue(), 'chat.example.org')
    assert.equal((await api('GET', `/v1/bots/${bot.id}`)).json.bot.customDomain, 'chat.example.org')
    await expectClean(page, 'the Share tab with a custom domain')
    await shot(page, 'share-custom-domain')

    // The same browser, signed in on the builder, opens the domain: the bot's page, chatting over the domain's origin.
    const visitor = await context.newPage()
    const logs: string[] = []
    visitor.on('console', (msg) => logs.push(msg.text()))
    const requests: { url: string; cookie?: string }[] = []
    visitor.on('request', (req) => requests.push({ url: req.url(), cookie: req.headers().cookie }))
    const port = new URL(s.url).port
    const origin = `http://chat.example.org:${port}`
    await visitor.goto(`${origin}/`)
    assert.equal(await visitor.title(), 'Support')
    const chat = driveChat(visitor, logs)
    await chat.waitForBubble('Welcome to support. Your name?')
    await chat.answer('Grace')
    await chat.waitForBubble('Nice to meet you, Grace.')
    await chat.screenshot('custom-domain-chat')
    const calls = requests.filter((r) => r.url.includes('/api/') || r.url.includes('/v1/'))
    assert.ok(calls.length >= 2, JSON.stringify(requests))
    assert.deepEqual(
      calls.filter((r) => !r.url.startsWith(`${origin}/`)),
      [],
    )
    assert.deepEqual(
      requests.filter((r) => r.cookie?.includes('parley_session')),
      [],
    )
    // The chat is stored as the bot's result.
    const results = (await api('GET', `/v1/bots/${bot.id}/results`)).json
    assert.equal(results.results.length, 1)
    assert.deepEqual(errors, [])
    await context.close()
  })
})

describe('custom domains in the web app when proof is required', () => {
  let s: TestServer
  let browser: Browser
  // The site the domain leads to now (its owner's): nothing there at first, then the file its owner publishes.
  const published = new Map<string, string>()
  const domainSite = createServer((req, res) => {
    const file = published.get(req.url ?? '')
    if (file === undefined) return res.writeHead(404).end('Not Found')
    res.end(file)
  })
  before(async () => {
    await new Promise<void>((resolve) => domainSite.listen(0, '127.0.0.1', resolve))
    const standIn = `http://127.0.0.1:${(domainSite.address() as AddressInfo).port}`
    s = await startTestServer({ CUSTOM_DOMAIN_VERIFICATION: 'http', HTTP_REQUEST_ALLOWLIST: '127.0.0.1' }, { challengeOrigin: () => standIn })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  })
  after(async () => {
    await browser?.close()
    await s?.stop()
    domainSite.close()
  })

  test('the challenge and its answer are shown; Verify now fails with the reason, then passes once the file is published', async () => {
    const context = await newLocalContext(browser)
    const page = await context.newPage()
    const { workspaceId, api } = await setUpFirstAccount(page, s.builderUrl, person('Bea'))
    const bot = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter })).json.bot
    assert.equal((await api('POST', `/v1/bots/${bot.id}/publish`)).status, 200)
    await page.goto(`${s.builderUrl}/w/${workspaceId}/bots/${bot.id}/share`)
    const panel = page.getByRole('region', { name: 'Custom domain' })
    await panel.getByRole('textbox', { name: 'Domain' }).fill('proof.example.org')
    await panel.getByRole('button', { name: 'Save domain' }).click()
    await panel.getByText('Not served yet', { exact: true }).waitFor()
    const challenge = await panel.getByRole('textbox', { name: 'Challenge address' }).inputValue()
    assert.match(challenge, /^http:\/\/proof\.example\.org\/\.well-known\/parley-domain-challenge\/[0-9a-f]{32}$/)
    const answer = await panel.getByRole('textbox', { name: 'File content' }).inputValue()
    assert.ok(answer.length >= 32, answer)

    await panel.getByRole('button', { name: 'Verify now' }).click()
    const failed = panel.getByRole('alert').filter({ hasText: 'The domain could not be verified' })
    await failed.waitFor()
    assert.match((await failed.textContent()) ?? '', /answered 404: put the file there/)
    await expectClean(page, 'the custom domain panel with a failed check')
    await shot(page, 'share-custom-domain-unverified')

    published.set(new URL(challenge).pathname, answer)
    await panel.getByRole('button', { name: 'Verify now' }).click()
    await panel.getByRole('status').filter({ hasText: 'The domain is verified' }).waitFor()
    await panel.getByText('Served', { exact: true }).waitFor()
    await panel.getByText(/^Verified on /).waitFor()
    const state = (await api('GET', `/v1/bots/${bot.id}/customDomain`)).json
    assert.equal(state.served, true)
    await expectClean(page, 'the custom domain panel once verified')
    await context.close()
  })
})
