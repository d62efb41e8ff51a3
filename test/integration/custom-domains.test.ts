// Custom domains (app/customDomains.ts): a published bot's `customDomain` serves its page at that host, picked by the
// request's Host header; one bot per domain across the server; with CUSTOM_DOMAIN_VERIFICATION=http only once the
// domain's owner published the HTTP challenge's answer at the domain, fetched through it (here loopback stand-ins
// for its DNS, its owner's site and the proxy).
import assert from 'node:assert/strict'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { requestAs, setCookies, signUpOn } from '../support/hosts.js'
import { importAndPublish, importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const say = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
const greeter = (name: string, greeting: string) => ({
  version: '6',
  name,
  groups: [
    { id: 'g1', title: 'Start', graphCoordinates: { x: 0, y: 0 }, blocks: [say('hi', greeting), { id: 'ask', type: 'text input', options: {} }] },
  ],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})

const setDomain = (s: TestServer, token: string, botId: string, customDomain: unknown) =>
  s.call('PATCH', `/v1/bots/${botId}`, { token, body: { bot: { customDomain } } })

describe('custom domains with the default settings', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let other: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  let second: Record<string, any>
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s, 'Owner')
    other = await userWithWorkspace(s, 'Other')
    bot = await importAndPublish(s, owner.token, owner.workspaceId, greeter('Support', 'Welcome to support'))
    second = await importAndPublish(s, other.token, other.workspaceId, greeter('Sales', 'Welcome to sales'))
  })
  after(() => s?.stop())

  test('a pasted address is stored as its host name; what is not a host name is a 400 on bot.customDomain', async () => {
    const res = await setDomain(s, owner.token, bot.id, '  HTTPS://Chat.Example.ORG/ ')
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.bot.customDomain, 'chat.example.org')
    for (const bad of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      'chat.example.org:8080',
      'chat.example.org/support',
      'intranet',
      'a b.example.org',
      'ftp://x.example.org',
    ]) {
      const refused = await setDomain(s, owner.token, bot.id, bad)
      assert.equal(refused.status, 400, bad)
      assert.equal(refused.body.issues[0].path, 'bot.customDomain', bad)
    }
    assert.equal((await s.call('GET', `/v1/bots/${bot.id}`, { token: owner.token })).body.bot.customDomain, 'chat.example.org')
  })

  test("the domain serves the bot's page, picked by the Host header; its own public id too, no other bot", async () => {
    const page = await requestAs(s, 'chat.example.org', 'GET', '/?Name=Ada')
    assert.equal(page.status, 200)
    assert.match(String(page.headers['content-type']), /text\/html/)
    assert.match(page.body, new RegExp(`"bot":"${bot.publicId}"`))
    assert.match(page.body, /<title>Support<\/title>/)
    assert.match(String(page.headers['content-security-policy']), /script-src 'self' 'nonce-/)
    // Host names are case-insensitive, and proxies may pass the port on.
    assert.equal((await requestAs(s, 'Chat.Example.Org:8443', 'GET', '/')).status, 200)
    assert.equal((await requestAs(s, 'chat.example.org', 'HEAD', '/')).status, 200)
    assert.equal((await requestAs(s, 'chat.example.org', 'GET', `/${bot.publicId}`)).status, 200)
    const foreign = await requestAs(s, 'chat.example.org', 'GET', `/${second.publicId}`)
    assert.equal(foreign.status, 404)
    assert.doesNotMatch(foreign.body, new RegExp(second.publicId))
    // The widget's script is there, and the API's paths keep answering as the API.
    assert.notEqual((await requestAs(s, 'chat.example.org', 'GET', '/chat.js')).status, 404)
    assert.equal((await requestAs(s, 'chat.example.org', 'GET', '/v1')).body.code, 'not_found')
  })

  test('visitors chat from the domain: same-origin chat API calls, CORS for its origin', async () => {
    const origin = 'https://chat.example.org'
    const started = await requestAs(s, 'chat.example.org', 'POST', `/api/v1/typebots/${bot.publicId}/startChat`, { headers: { origin }, body: {} })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    assert.equal(started.headers['access-control-allow-origin'], origin)
    assert.equal(started.body.messages[0].content.richText[0].children[0].text, 'Welcome to support')
    const next = await requestAs(s, 'chat.example.org', 'POST', `/api/v1/sessions/${started.body.sessionId}/continueChat`, {
      headers: { origin },
      body: { message: 'Hi' },
    })
    assert.equal(next.status, 200, JSON.stringify(next.body))
  })

  test('files sent from the domain: the upload URL (on the user content origin) takes its origin, the chat goes on', async () => {
    const filer = {
      ...greeter('Files', 'Send your receipt'),
      groups: [
        {
          id: 'g1',
          title: 'Start',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [say('hi', 'Send your receipt'), { id: 'file', type: 'file input', options: {} }, say('ok', 'Got it')],
        },
      ],
    }
    const files = await importAndPublish(s, owner.token, owner.workspaceId, filer)
    assert.equal((await setDomain(s, owner.token, files.id, 'files.example.org')).status, 200)
    const origin = 'https://files.example.org'
    const started = await requestAs(s, 'files.example.org', 'POST', `/api/v1/typebots/${files.publicId}/startChat`, { headers: { origin }, body: {} })
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const pdf = Buffer.from('%PDF-1.7\n% a receipt\n')
    const granted = await requestAs(s, 'files.example.org', 'POST', '/api/v3/generate-upload-url', {
      headers: { origin },
      body: { sessionId: started.body.sessionId, blockId: 'file', fileName: 'receipt.pdf', fileType: 'application/pdf', fileSize: pdf.length },
    })
    assert.equal(granted.status, 200, JSON.stringify(granted.body))
    assert.equal(granted.headers['access-control-allow-origin'], origin)
    assert.ok(granted.body.fileUrl.startsWith(`${s.contentUrl}/v1/files/`), granted.body.fileUrl)
    const put = await fetch(granted.body.presignedUrl, { method: 'PUT', headers: { origin, 'content-type': 'application/pdf' }, body: pdf })
    assert.equal(put.status, 200, await put.text())
    assert.equal(put.headers.get('access-control-allow-origin'), origin)
    const next = await requestAs(s, 'files.example.org', 'POST', `/api/v1/sessions/${started.body.sessionId}/continueChat`, {
      headers: { origin },
      body: { message: { type: 'text', text: granted.body.fileUrl, attachedFileUrls: [granted.body.fileUrl] } },
    })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(next.body.messages[0].content.richText[0].children[0].text, 'Got it')
  })

  test("the domain is never the builder's: no session cookie set or read there, builder pages are elsewhere", async () => {
    const ada = await signUpOn(s.builderUrl, 'Ada')
    const me = await requestAs(s, 'chat.example.org', 'GET', '/v1/me', { headers: { cookie: ada.cookie } })
    assert.equal(me.status, 401)
    const page = await requestAs(s, 'chat.example.org', 'GET', '/', { headers: { cookie: ada.cookie } })
    assert.equal(page.status, 200)
    assert.deepEqual(setCookies(page), [])
    const signup = await requestAs(s, 'chat.example.org', 'POST', '/v1/auth/signup', {
      body: { name: 'Eve', email: 'eve-domain@example.com', password: 'long enough pw' },
    })
    assert.equal(signup.status, 421)
    assert.deepEqual(setCookies(signup), [])
    for (const path of ['/signin', '/w/x/bots', '/assets/app.js']) {
      const res = await requestAs(s, 'chat.example.org', 'GET', path)
      assert.equal(res.status, 302, path)
      assert.equal(res.headers.location, `${s.builderUrl}${path}`)
    }
  })

  test('an unknown host serves no bot page', async () => {
    const home = await requestAs(s, 'unknown.example.net', 'GET', '/')
    assert.equal(home.status, 302)
    assert.equal(home.headers.location, `${s.builderUrl}/`)
    const page = await requestAs(s, 'unknown.example.net', 'GET', `/${bot.publicId}`)
    assert.equal(page.status, 302)
    assert.equal(page.headers.location, `${s.contentUrl}/${bot.publicId}`)
  })

  test('one bot per domain across the server: 409 custom_domain_taken, until the holder lets it go', async () => {
    const taken = await setDomain(s, other.token, second.id, 'CHAT.example.org')
    assert.equal(taken.status, 409)
    assert.equal(taken.body.code, 'custom_domain_taken')
    assert.match(taken.body.message, /chat\.example\.org/)
    assert.equal((await s.call('GET', `/v1/bots/${second.id}`, { token: other.token })).body.bot.customDomain, null)
    // Created with it: refused, and no bot is left behind.
    const before = (await s.call('GET', `/v1/bots?workspaceId=${other.workspaceId}`, { token: other.token })).body.bots.length
    const created = await s.call('POST', '/v1/bots', {
      token: other.token,
      body: { workspaceId: other.workspaceId, bot: { customDomain: 'chat.example.org' } },
    })
    assert.equal(created.status, 409)
    assert.equal(created.body.code, 'custom_domain_taken')
    assert.equal((await s.call('GET', `/v1/bots?workspaceId=${other.workspaceId}`, { token: other.token })).body.bots.length, before)
    // A copy of the holder has no domain.
    const copy = await s.call('POST', `/v1/bots/${bot.id}/duplicate`, { token: owner.token })
    assert.equal(copy.status, 200, JSON.stringify(copy.body))
    assert.equal(copy.body.bot.customDomain, null)
    // Saving the holder with its domain again keeps it.
    assert.equal((await setDomain(s, owner.token, bot.id, 'chat.example.org')).status, 200)
    // Moved to another domain: the first is free, and now serves the other bot.
    assert.equal((await setDomain(s, owner.token, bot.id, 'help.example.org')).status, 200)
    assert.equal((await requestAs(s, 'chat.example.org', 'GET', '/')).status, 302)
    assert.equal((await setDomain(s, other.token, second.id, 'chat.example.org')).status, 200)
    assert.match((await requestAs(s, 'chat.example.org', 'GET', '/')).body, new RegExp(`"bot":"${second.publicId}"`))
    assert.match((await requestAs(s, 'help.example.org', 'GET', '/')).body, new RegExp(`"bot":"${bot.publicId}"`))
    // A save refused after the domain was claimed (a stale copy) leaves the domain to whoever asks next.
    const stale = await s.call('PATCH', `/v1/bots/${bot.id}`, {
      token: owner.token,
      body: { bot: { customDomain: 'stale.example.org', updatedAt: '2020-01-01T00:00:00.000Z' } },
    })
    assert.equal(stale.status, 409)
    assert.equal(stale.body.code, 'conflict')
    assert.equal((await requestAs(s, 'stale.example.org', 'GET', '/')).status, 302)
    assert.equal((await setDomain(s, other.token, second.id, 'stale.example.org')).status, 200)
    assert.match((await requestAs(s, 'stale.example.org', 'GET', '/')).body, new RegExp(`"bot":"${second.publicId}"`))
    // The holder's own domain was untouched by its refused save.
    assert.match((await requestAs(s, 'help.example.org', 'GET', '/')).body, new RegExp(`"bot":"${bot.publicId}"`))
    assert.equal((await setDomain(s, other.token, second.id, 'chat.example.org')).status, 200)
    // A deleted bot frees its domain.
    const spare = await importBot(s, owner.token, owner.workspaceId, greeter('Spare', 'Hi'))
    assert.equal((await setDomain(s, owner.token, spare.id, 'spare.example.org')).status, 200)
    assert.equal((await s.call('DELETE', `/v1/bots/${spare.id}`, { token: owner.token })).status, 200)
    assert.equal((await setDomain(s, other.token, second.id, 'spare.example.org')).status, 200)
    assert.equal((await setDomain(s, other.token, second.id, 'chat.example.org')).status, 200)
  })

  test('an unpublished bot keeps its domain, whose page says there is no bot; the state says so', async () => {
    const draft = await importBot(s, owner.token, owner.workspaceId, greeter('Draft', 'Not yet'))
    assert.equal((await setDomain(s, owner.token, draft.id, 'draft.example.org')).status, 200)
    const page = await requestAs(s, 'draft.example.org', 'GET', '/')
    assert.equal(page.status, 404)
    assert.match(page.body, /There is no bot here/)
    const state = await s.call('GET', `/v1/bots/${draft.id}/customDomain`, { token: owner.token })
    assert.equal(state.status, 200)
    assert.deepEqual(
      { ...state.body, target: undefined },
      { domain: 'draft.example.org', verificationRequired: false, verifiedAt: null, served: false, target: undefined, challenge: null },
    )
    assert.equal(state.body.target, new URL(s.contentUrl).hostname)
    assert.equal((await s.call('POST', `/v1/bots/${draft.id}/publish`, { token: owner.token })).status, 200)
    assert.equal((await s.call('GET', `/v1/bots/${draft.id}/customDomain`, { token: owner.token })).body.served, true)
    assert.equal((await requestAs(s, 'draft.example.org', 'GET', '/')).status, 200)
    // Another workspace's member cannot read it.
    assert.equal((await s.call('GET', `/v1/bots/${draft.id}/customDomain`, { token: other.token })).status, 404)
  })

  test("the reverse proxy's on-demand TLS question: 200 for a bot's domain, 404 for any other", async () => {
    const known = await s.call('GET', '/v1/customDomains/ask?domain=help.example.org', { token: null })
    assert.equal(known.status, 200)
    assert.deepEqual(known.body, { domain: 'help.example.org' })
    for (const domain of ['unknown.example.net', 'localhost', '', 'help.example.org:443']) {
      assert.equal((await s.call('GET', `/v1/customDomains/ask?domain=${encodeURIComponent(domain)}`, { token: null })).status, 404, domain)
    }
  })
})

/** A reverse proxy in front of the domain (what its DNS leads to): passes requests on to Parley, Host kept. */
const startProxy = async (to: string): Promise<{ url: string; server: Server; requests: string[] }> => {
  const requests: string[] = []
  const server = createServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`)
    const upstream = request(`${to}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests }
}

/** The site a domain leads to before it is pointed here: serves the files its owner put there, 404 otherwise. */
const startSite = async () => {
  const files = new Map<string, string>()
  const requests: string[] = []
  const server = createServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`)
    const file = files.get(req.url ?? '')
    if (file === undefined) res.writeHead(404).end('not here')
    else res.end(file)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, files, requests }
}

/** Another site at a domain: answers every path 200 with the path itself. */
const startEcho = async () => {
  const server = createServer((req, res) => res.end(req.url))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

describe('custom domains when the operator requires proof (CUSTOM_DOMAIN_VERIFICATION=http)', () => {
  let s: TestServer
  let guarded: TestServer
  let proxy: Awaited<ReturnType<typeof startProxy>>
  let echo: Awaited<ReturnType<typeof startEcho>>
  let site: Awaited<ReturnType<typeof startSite>>
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let bot: Record<string, any>
  // The domains' DNS: bot.example.org leads to its owner's site, then to the proxy in front of Parley;
  // elsewhere.example.org to another site.
  const origins = new Map<string, string>()
  before(async () => {
    echo = await startEcho()
    site = await startSite()
    origins.set('elsewhere.example.org', echo.url)
    s = await startTestServer(
      {
        CUSTOM_DOMAIN_VERIFICATION: 'http',
        HTTP_REQUEST_ALLOWLIST: '127.0.0.1',
        PARLEY_PUBLIC_URL: 'http://build.example.test',
        PARLEY_CHAT_URL: 'http://chat.example.test',
      },
      { challengeOrigin: (domain) => origins.get(domain) ?? `http://${domain}` },
    )
    proxy = await startProxy(s.url)
    owner = await userWithWorkspace(s)
    bot = await importAndPublish(s, owner.token, owner.workspaceId, greeter('Proved', 'Proved hello'))
  })
  after(async () => {
    await s?.stop()
    await guarded?.stop()
    proxy?.server.close()
    echo?.server.close()
    site?.server.close()
  })

  test("the server's own host names are refused", async () => {
    for (const own of ['build.example.test', 'chat.example.test']) {
      const res = await setDomain(s, owner.token, bot.id, own)
      assert.equal(res.status, 400, own)
      assert.match(res.body.message, /own host name/)
    }
  })

  test("a domain is served only once its owner published the challenge's answer at the domain; Parley never answers it", async () => {
    assert.equal((await setDomain(s, owner.token, bot.id, 'bot.example.org')).status, 200)
    const state = (await s.call('GET', `/v1/bots/${bot.id}/customDomain`, { token: owner.token })).body
    assert.equal(state.verificationRequired, true)
    assert.equal(state.served, false)
    assert.match(state.challenge.url, /^http:\/\/bot\.example\.org\/\.well-known\/parley-domain-challenge\/[0-9a-f]{32}$/)
    const path = new URL(state.challenge.url).pathname
    // Not yet served, nor known to the proxy's TLS; Parley does not answer the challenge itself, even on that host.
    assert.equal((await requestAs(s, 'bot.example.org', 'GET', '/')).status, 302)
    assert.equal((await s.call('GET', '/v1/customDomains/ask?domain=bot.example.org', { token: null })).status, 404)
    assert.notEqual((await requestAs(s, 'bot.example.org', 'GET', path)).body, state.challenge.answer)

    // The domain leads to its owner's site, which does not hold the file yet: no pass.
    origins.set('bot.example.org', site.url)
    const early = await s.call('POST', `/v1/bots/${bot.id}/customDomain/verify`, { token: owner.token })
    assert.equal(early.body.check.ok, false)
    assert.match(early.body.check.message, /answered 404: put the file there/)
    site.files.set(path, `${state.challenge.answer}\n`)
    const verified = await s.call('POST', `/v1/bots/${bot.id}/customDomain/verify`, { token: owner.token })
    assert.equal(verified.status, 200, JSON.stringify(verified.body))
    assert.equal(verified.body.check.ok, true, verified.body.check.message)
    assert.equal(verified.body.served, true)
    assert.ok(verified.body.verifiedAt)
    assert.ok(site.requests.includes(`bot.example.org ${path}`), site.requests.join('\n'))

    // Then the owner points the domain here: its page is served, and the proxy may get it a certificate.
    origins.set('bot.example.org', proxy.url)
    assert.match((await requestAs(s, 'bot.example.org', 'GET', '/')).body, new RegExp(`"bot":"${bot.publicId}"`))
    assert.match((await requestAs(s, 'bot.example.org.', 'GET', '/')).body, new RegExp(`"bot":"${bot.publicId}"`), 'a trailing dot')
    assert.equal((await s.call('GET', '/v1/customDomains/ask?domain=bot.example.org', { token: null })).status, 200)

    // A domain that leads here, let go by its bot, cannot be "proved" by someone else who claims it next.
    assert.equal((await setDomain(s, owner.token, bot.id, null)).status, 200)
    const stranger = await userWithWorkspace(s, 'Stranger')
    const theirs = await importAndPublish(s, stranger.token, stranger.workspaceId, greeter('Theirs', 'Taken over'))
    assert.equal((await setDomain(s, stranger.token, theirs.id, 'bot.example.org')).status, 200)
    const takeover = await s.call('POST', `/v1/bots/${theirs.id}/customDomain/verify`, { token: stranger.token })
    assert.equal(takeover.body.check.ok, false, takeover.body.check.message)
    assert.equal((await requestAs(s, 'bot.example.org', 'GET', '/')).status, 302)
  })

  test('a domain leading to another site, or nowhere, does not pass', async () => {
    const other = await importAndPublish(s, owner.token, owner.workspaceId, greeter('Other', 'Hi'))
    assert.equal((await setDomain(s, owner.token, other.id, 'elsewhere.example.org')).status, 200)
    const elsewhere = await s.call('POST', `/v1/bots/${other.id}/customDomain/verify`, { token: owner.token })
    assert.equal(elsewhere.status, 200)
    assert.equal(elsewhere.body.check.ok, false)
    assert.match(elsewhere.body.check.message, /not with the expected text/)
    assert.equal(elsewhere.body.served, false)
    assert.equal((await requestAs(s, 'elsewhere.example.org', 'GET', '/')).status, 302)
    assert.equal((await setDomain(s, owner.token, other.id, 'nowhere.invalid')).status, 200)
    const nowhere = await s.call('POST', `/v1/bots/${other.id}/customDomain/verify`, { token: owner.token })
    assert.equal(nowhere.body.check.ok, false)
    assert.match(nowhere.body.check.message, /could not be fetched/)
    assert.equal((await setDomain(s, owner.token, other.id, null)).status, 200)
    const none = await s.call('POST', `/v1/bots/${other.id}/customDomain/verify`, { token: owner.token })
    assert.equal(none.status, 400)
  })

  test("the check goes through bots' SSRF guard: a domain leading to loopback fails unless the operator opens it", async () => {
    guarded = await startTestServer({ CUSTOM_DOMAIN_VERIFICATION: 'http' }, { challengeOrigin: () => proxy.url })
    const user = await userWithWorkspace(guarded)
    const b = await importAndPublish(guarded, user.token, user.workspaceId, greeter('Guarded', 'Hi'))
    assert.equal((await setDomain(guarded, user.token, b.id, 'inside.example.org')).status, 200)
    const res = await guarded.call('POST', `/v1/bots/${b.id}/customDomain/verify`, { token: user.token })
    assert.equal(res.status, 200)
    assert.equal(res.body.check.ok, false)
    assert.match(res.body.check.message, /loopback addresses is not allowed/)
    assert.equal(res.body.verifiedAt, null)
  })
})
