// Accounts and browser sign-in against a real server: first-run setup, sign-up, password, sessions with CSRF,
// reset and magic links (through an SMTP stand-in, and by the CLI), token expiry and scope, and OpenID Connect
// end to end against a local `oidc-provider` on loopback.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { startMailbox } from '../support/mailbox.js'
import { startOidcSetup } from '../support/oidcProvider.js'
import { runCliAsync } from '../support/process.js'
import { userWithWorkspace } from '../support/seed.js'
import { checkDocumentedAnswer, startTestServer, type TestServer } from '../support/server.js'

/** A browser: a cookie jar (every cookie to every loopback port, as browsers share cookies across ports), redirects followed by hand. */
class Browser {
  jar = new Map<string, string>()
  csrf: string | undefined
  /** The Set-Cookie lines of the last answer. */
  lastSetCookies: string[] = []

  constructor(readonly base: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await fetch(url.startsWith('http') ? url : this.base + url, { ...init, headers, redirect: 'manual' })
    this.lastSetCookies = res.headers.getSetCookie()
    for (const line of this.lastSetCookies) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...value] = pair.split('=')
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()) || /max-age=0/i.test(line)
      if (expired || value.join('=') === '') this.jar.delete(name.trim())
      else this.jar.set(name.trim(), value.join('='))
    }
    return res
  }

  /** A JSON call to Parley; writes carry the CSRF token once signed in (unless `csrf: false`). */
  async call(method: string, path: string, body?: unknown, options: { csrf?: boolean } = {}) {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.csrf && options.csrf !== false && method !== 'GET') headers['x-csrf-token'] = this.csrf
    const res = await this.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await res.text()
    const parsed = text ? JSON.parse(text) : undefined
    checkDocumentedAnswer(method, path, res.status, res.headers.get('content-type'), parsed)
    if (parsed?.csrfToken) this.csrf = parsed.csrfToken
    return { status: res.status, body: parsed, headers: res.headers }
  }

  /** Follows redirects from `url` until an answer that is not one; returns it and the URLs visited. */
  async navigate(url: string, init: RequestInit = {}) {
    const visited: string[] = []
    let res = await this.fetch(url, init)
    let current = new URL(url.startsWith('http') ? url : this.base + url)
    while (res.status >= 300 && res.status < 400) {
      current = new URL(res.headers.get('location')!, current)
      visited.push(current.href)
      res = await this.fetch(current.href)
    }
    return { res, url: current, visited }
  }
}

const password = 'correct horse battery'
const linkToken = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1]

/** The mailbox, with a way to wait for a sign-in link; `env`: a Parley server's settings to send through it. */
const startLinkMailbox = async () => {
  const mailbox = await startMailbox()
  const mails = mailbox.received
  return {
    env: mailbox.env,
    /** The next email to that address whose text has a link to `path`; its token. */
    async mailedToken(to: string, path: string) {
      for (let i = 0; i < 100; i++) {
        const mail = mails.find((m) => m.to.includes(to) && linkToken(m.raw, path))
        if (mail) {
          mails.splice(mails.indexOf(mail), 1)
          return linkToken(mail.raw, path)!
        }
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no email to ${to} with ${path}`)
    },
    close: mailbox.close,
  }
}

/** Signs in by an emailed sign-in link in a new browser; answers the browser and the signed-in answer. */
const signInByMagicLink = async (url: string, mailbox: Awaited<ReturnType<typeof startLinkMailbox>>, email: string) => {
  assert.equal((await new Browser(url).call('POST', '/v1/auth/magic-link', { email })).status, 200)
  const b = new Browser(url)
  const signed = await b.call('POST', '/v1/auth/magic-link/consume', { token: await mailbox.mailedToken(email, '/magic-link') })
  assert.equal(signed.status, 200, JSON.stringify(signed.body))
  return { b, signed }
}

describe('accounts and sign-in', () => {
  let mailbox: Awaited<ReturnType<typeof startLinkMailbox>>
  let s: TestServer
  const mailedToken = (to: string, path: string) => mailbox.mailedToken(to, path)

  before(async () => {
    mailbox = await startLinkMailbox()
    s = await startTestServer(mailbox.env)
  })
  after(async () => {
    await s.stop()
    await mailbox.close()
  })

  test('first-run setup: only once; the first user gets a workspace and a session with safe cookie flags', async () => {
    const b = new Browser(s.builderUrl)
    const status = await b.call('GET', '/v1/auth/status')
    assert.deepEqual(status.body, {
      setupNeeded: true,
      signupOpen: true,
      methods: { password: true, passwordResetByEmail: true, magicLink: true, oidc: null },
      user: null,
      csrfToken: null,
      chatUrl: s.contentUrl,
    })
    const setup = await b.call('POST', '/v1/auth/setup', { name: 'Ada', email: 'Ada@Example.com', password })
    assert.equal(setup.status, 200)
    assert.equal(setup.body.user.email, 'ada@example.com')
    assert.equal(setup.body.user.hasPassword, true)
    // Reaching setup first proves nothing about the address.
    assert.equal(setup.body.user.emailVerified, false)
    const cookie = b.lastSetCookies.find((c) => c.startsWith('parley_session='))!
    assert.match(cookie, /HttpOnly/i)
    assert.match(cookie, /SameSite=Strict/i)
    assert.match(cookie, /Path=\//)
    assert.doesNotMatch(cookie, /Secure/i) // plain HTTP on loopback
    const again = await b.call('GET', '/v1/auth/status')
    assert.equal(again.body.setupNeeded, false)
    assert.equal(again.body.user.name, 'Ada')
    assert.equal(again.body.csrfToken, setup.body.csrfToken)
    const workspaces = await b.call('GET', '/v1/workspaces')
    assert.deepEqual(
      workspaces.body.workspaces.map((w: any) => [w.name, w.currentUserMode]),
      [["Ada's workspace", 'write']],
    )
    const second = await new Browser(s.builderUrl).call('POST', '/v1/auth/setup', { name: 'Eve', email: 'eve@example.com', password })
    assert.equal(second.status, 409)
  })

  test('sign-up, sign-out and sign-in; a duplicate email and bad input are refused', async () => {
    const b = new Browser(s.builderUrl)
    const up = await b.call('POST', '/v1/auth/signup', { name: 'Bea', email: 'bea@example.com', password })
    assert.equal(up.status, 200)
    assert.equal(up.body.user.emailVerified, false, 'typing an address proves nothing')
    assert.equal((await b.call('GET', '/v1/me')).body.user.email, 'bea@example.com')
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'B2', email: 'BEA@example.com', password })).status, 409)
    const short = await new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'C', email: 'c@example.com', password: 'short' })
    assert.equal(short.status, 400)
    assert.equal(short.body.code, 'validation_failed')

    assert.equal((await b.call('POST', '/v1/auth/signout')).status, 204)
    assert.ok(!b.jar.has('parley_session'))
    assert.equal((await b.call('GET', '/v1/me')).status, 401)
    const wrong = await b.call('POST', '/v1/auth/signin', { email: 'bea@example.com', password: 'not the password' })
    assert.equal(wrong.status, 401)
    assert.equal(wrong.body.message, 'Wrong email or password.')
    const unknown = await b.call('POST', '/v1/auth/signin', { email: 'nobody@example.com', password })
    assert.deepEqual(unknown.body, wrong.body)
    const inAgain = await b.call('POST', '/v1/auth/signin', { email: 'bea@example.com', password })
    assert.equal(inAgain.status, 200)
    assert.equal((await b.call('GET', '/v1/me')).body.user.name, 'Bea')
  })

  test('cookie-authenticated writes need the CSRF token; reads and bearer tokens do not', async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Cy', email: 'cy@example.com', password })
    const without = await b.call('POST', '/v1/workspaces', { name: 'X' }, { csrf: false })
    assert.equal(without.status, 403)
    assert.equal(without.body.code, 'csrf')
    const wrongHeader = await b.fetch('/v1/workspaces', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'forged' },
      body: JSON.stringify({ name: 'X' }),
    })
    assert.equal(wrongHeader.status, 403)
    assert.equal((await b.call('PATCH', '/v1/me', { name: 'Cyril' }, { csrf: false })).status, 403)
    assert.equal((await b.call('POST', '/v1/auth/signout', undefined, { csrf: false })).status, 403)
    assert.equal((await b.call('GET', '/v1/workspaces')).status, 200)
    assert.equal((await b.call('POST', '/v1/workspaces', { name: 'X' })).status, 200)
    const { token } = await s.user('Bearer', 'bearer@example.com')
    assert.equal((await s.call('POST', '/v1/workspaces', { token, body: { name: 'Y' } })).status, 200)

    // Chats never take the cookie (the builder previews with a preview token): a preview with it alone is refused;
    // a published bot's chat with it is an anonymous one (Typebot's API lets those in).
    const workspaceId = (await b.call('GET', '/v1/workspaces')).body.workspaces[0].id
    const bot = (await b.call('POST', '/v1/bots', { workspaceId })).body.bot
    assert.equal((await b.call('POST', `/v1/bots/${bot.id}/publish`)).status, 200)
    assert.equal((await b.call('POST', `/v1/bots/${bot.id}/preview/startChat`, {})).status, 401)
    assert.equal((await b.call('POST', `/api/v1/typebots/${bot.publicId}/startChat`, {}, { csrf: false })).status, 200)
  })

  test('wrong passwords are rate-limited per account, then even the right one answers 429', async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Dee', email: 'dee@example.com', password })
    for (let i = 0; i < 10; i++)
      assert.equal((await b.call('POST', '/v1/auth/signin', { email: 'dee@example.com', password: `wrong ${i}` })).status, 401)
    const limited = await b.call('POST', '/v1/auth/signin', { email: 'dee@example.com', password })
    assert.equal(limited.status, 429)
    assert.equal(limited.body.code, 'too_many_requests')
    assert.match(limited.body.message, /try again in 15 minutes/)
  })

  /** Ten wrong passwords alternated over two servers on one database lock the account on both; the table's keys. */
  const spreadOver = async (first: string, second: string, email: string) => {
    await new Browser(first).call('POST', '/v1/auth/signup', { name: 'Spread', email, password })
    for (let i = 0; i < 10; i++)
      assert.equal((await new Browser(i % 2 ? second : first).call('POST', '/v1/auth/signin', { email, password: `wrong ${i}` })).status, 401)
    for (const server of [first, second]) {
      const limited = await new Browser(server).call('POST', '/v1/auth/signin', { email, password })
      assert.equal(limited.status, 429, `on ${server === first ? 'the first' : 'the second'} server`)
    }
    const keys = (await s.store.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key)
    assert.ok(
      keys.every((k) => /^[\w-]{43}$/.test(k)),
      `digests only: ${keys.join(', ')}`,
    )
    return keys
  }
  /** What a plain SHA-256 of the account's counter name would be (its scope, a NUL, the email). */
  const plainDigest = (email: string) => createHash('sha256').update(`sign-in-account\u0000email:${email}`).digest('base64url')

  test('the limit holds across every server on the database: wrong passwords spread over two of them count together', async () => {
    const other = await startTestServer({ DATABASE_URL: s.database.url })
    try {
      // Without ENCRYPTION_SECRET the counters are named by a SHA-256 of what they count.
      assert.ok((await spreadOver(s.builderUrl, other.builderUrl, 'fay@example.com')).includes(plainDigest('fay@example.com')))
    } finally {
      await other.close()
    }
  })

  test('with ENCRYPTION_SECRET (the same on every node) the counters are named by an HMAC a guess cannot check', async () => {
    const secret = { DATABASE_URL: s.database.url, ENCRYPTION_SECRET: 'rate-limit-secret-0123456789' }
    const [first, second] = [await startTestServer(secret), await startTestServer(secret)]
    try {
      const keys = await spreadOver(first.builderUrl, second.builderUrl, 'rex@example.com')
      assert.ok(!keys.includes(plainDigest('rex@example.com')))
    } finally {
      await first.close()
      await second.close()
    }
  })

  test('a burst of concurrent wrong passwords gets no more than the limit checked', async () => {
    await new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'Gus', email: 'gus@example.com', password })
    const statuses = await Promise.all(
      Array.from(
        { length: 15 },
        async (_, i) =>
          (await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'gus@example.com', password: `wrong ${i}` })).status,
      ),
    )
    assert.deepEqual(
      statuses.sort((a, b) => a - b),
      [...Array(10).fill(401), ...Array(5).fill(429)],
    )
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'gus@example.com', password })).status, 429)
  })

  test('password reset by an emailed link: the link works once and ends the other sessions', async () => {
    const first = new Browser(s.builderUrl)
    await first.call('POST', '/v1/auth/signup', { name: 'Eli', email: 'eli@example.com', password })
    const unknown = await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset', { email: 'ghost@example.com' })
    const known = await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset', { email: 'eli@example.com' })
    assert.equal(known.status, 200)
    assert.deepEqual(known.body, unknown.body)
    const token = await mailedToken('eli@example.com', '/reset-password')
    const b = new Browser(s.builderUrl)
    const reset = await b.call('POST', '/v1/auth/password-reset/confirm', { token, password: 'a brand new secret' })
    assert.equal(reset.status, 200)
    assert.equal((await b.call('GET', '/v1/me')).status, 200)
    assert.equal((await first.call('GET', '/v1/me')).status, 401)
    assert.equal(
      (await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset/confirm', { token, password: 'yet another one' })).status,
      400,
    )
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'eli@example.com', password })).status, 401)
    assert.equal(
      (await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'eli@example.com', password: 'a brand new secret' })).status,
      200,
    )
  })

  test('password change needs the current password, ends the other sessions and voids older reset links', async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Flo', email: 'flo@example.com', password })
    const other = new Browser(s.builderUrl)
    await other.call('POST', '/v1/auth/signin', { email: 'flo@example.com', password })
    await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset', { email: 'flo@example.com' })
    const older = await mailedToken('flo@example.com', '/reset-password')
    assert.equal((await b.call('PATCH', '/v1/me', { currentPassword: 'nope', newPassword: 'another secret' })).status, 400)
    const changed = await b.call('PATCH', '/v1/me', { name: 'Florence', currentPassword: password, newPassword: 'another secret' })
    assert.equal(changed.status, 200)
    assert.equal(changed.body.user.name, 'Florence')
    assert.equal((await b.call('GET', '/v1/me')).status, 200)
    assert.equal((await other.call('GET', '/v1/me')).status, 401)
    assert.equal(
      (await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset/confirm', { token: older, password: 'taken over' })).status,
      400,
    )
  })

  test('magic link: emailed, signs in once', async () => {
    await new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'Gus', email: 'gus@example.com', password })
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/magic-link', { email: 'gus@example.com' })).status, 200)
    const token = await mailedToken('gus@example.com', '/magic-link')
    const b = new Browser(s.builderUrl)
    const signed = await b.call('POST', '/v1/auth/magic-link/consume', { token })
    assert.equal(signed.status, 200)
    assert.equal(signed.body.user.email, 'gus@example.com')
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/magic-link/consume', { token })).status, 400)
  })

  test("the first emailed sign-in link proves the address: a claimant's sessions, tokens and password stop working", async () => {
    // Someone signs up with an address that is not theirs, and keeps a session, a token and the password.
    const claimant = new Browser(s.builderUrl)
    assert.equal((await claimant.call('POST', '/v1/auth/signup', { name: 'Vic?', email: 'vic@example.com', password })).status, 200)
    const kept = (await claimant.call('POST', '/v1/me/tokens', { name: 'kept' })).body.secret
    assert.equal((await s.call('GET', '/v1/workspaces', { token: kept })).status, 200)
    // The owner of the address signs in by an emailed link.
    const { b: owner, signed } = await signInByMagicLink(s.builderUrl, mailbox, 'vic@example.com')
    assert.equal((await claimant.call('GET', '/v1/me')).status, 401)
    assert.equal((await s.call('GET', '/v1/workspaces', { token: kept })).status, 401)
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'vic@example.com', password })).status, 401)
    assert.equal(signed.body.user.emailVerified, true)
    assert.equal(signed.body.user.hasPassword, false, 'the password set before the proof is gone')
    // The owner sets a password; later links leave it, and the owner's session, alone.
    assert.equal((await owner.call('PATCH', '/v1/me', { newPassword: 'the owners own secret' })).status, 200)
    await signInByMagicLink(s.builderUrl, mailbox, 'vic@example.com')
    assert.equal((await owner.call('GET', '/v1/me')).status, 200)
    assert.equal(
      (await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'vic@example.com', password: 'the owners own secret' })).status,
      200,
    )
  })

  test("a reset link proves the address too: a claimant's tokens are revoked with the sessions", async () => {
    const claimant = new Browser(s.builderUrl)
    await claimant.call('POST', '/v1/auth/signup', { name: 'Wes?', email: 'wes@example.com', password })
    const kept = (await claimant.call('POST', '/v1/me/tokens', { name: 'kept' })).body.secret
    await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset', { email: 'wes@example.com' })
    const b = new Browser(s.builderUrl)
    const reset = await b.call('POST', '/v1/auth/password-reset/confirm', {
      token: await mailedToken('wes@example.com', '/reset-password'),
      password: 'wes real secret',
    })
    assert.equal(reset.status, 200)
    assert.equal((await s.call('GET', '/v1/workspaces', { token: kept })).status, 401)
    assert.equal((await claimant.call('GET', '/v1/me')).status, 401)
    assert.equal(reset.body.user.emailVerified, true)
  })

  test('an expired session is refused', async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Hal', email: 'hal@example.com', password })
    const me = (await b.call('GET', '/v1/me')).body.user
    await s.store.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', me.id)
      .execute()
    assert.equal((await b.call('GET', '/v1/me')).status, 401)
    assert.equal((await b.call('GET', '/v1/auth/status')).body.user, null)
  })

  test('my tokens: created once with secret, listed without it, last use recorded, expiry and revocation refuse it', async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Ivy', email: 'ivy@example.com', password })
    const created = await b.call('POST', '/v1/me/tokens', { name: 'CI' })
    assert.equal(created.status, 200)
    const { token, secret } = created.body
    assert.match(secret, /^pk_/)
    assert.deepEqual({ ...token, id: 0, createdAt: 0 }, { id: 0, createdAt: 0, name: 'CI', workspaceId: null, expiresAt: null, lastUsedAt: null })
    assert.equal((await s.call('GET', '/v1/workspaces', { token: secret })).status, 200)
    let listed: any
    for (let i = 0; i < 50 && !listed?.lastUsedAt; i++) {
      listed = (await b.call('GET', '/v1/me/tokens')).body.tokens.find((t: any) => t.id === token.id)
      if (!listed.lastUsedAt) await new Promise((r) => setTimeout(r, 20))
    }
    assert.ok(!('secret' in listed))
    assert.ok(Date.parse(listed.lastUsedAt) >= Date.parse(token.createdAt))

    const past = await b.call('POST', '/v1/me/tokens', { name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() })
    assert.equal(past.status, 400)
    const soon = await b.call('POST', '/v1/me/tokens', { name: 'soon', expiresAt: new Date(Date.now() + 1500).toISOString() })
    assert.equal((await s.call('GET', '/v1/workspaces', { token: soon.body.secret })).status, 200)
    await new Promise((r) => setTimeout(r, 1600))
    const expired = await s.call('GET', '/v1/workspaces', { token: soon.body.secret })
    assert.equal(expired.status, 401)

    assert.equal((await b.call('DELETE', `/v1/me/tokens/${token.id}`)).status, 204)
    assert.equal((await s.call('GET', '/v1/workspaces', { token: secret })).status, 401)
    assert.equal((await b.call('DELETE', `/v1/me/tokens/${token.id}`)).status, 404)
  })

  test("a workspace-scoped token reaches only that workspace, and cannot manage the account's tokens", async () => {
    const b = new Browser(s.builderUrl)
    await b.call('POST', '/v1/auth/signup', { name: 'Jo', email: 'jo@example.com', password })
    const own = (await b.call('GET', '/v1/workspaces')).body.workspaces[0].id
    const other = (await b.call('POST', '/v1/workspaces', { name: 'Other' })).body.workspace.id
    const otherBot = (await b.call('POST', '/v1/bots', { workspaceId: other })).body.bot.id
    const scoped = (await b.call('POST', '/v1/me/tokens', { name: 'scoped', workspaceId: own })).body
    assert.equal(scoped.token.workspaceId, own)
    const token = scoped.secret
    assert.deepEqual(
      (await s.call('GET', '/v1/workspaces', { token })).body.workspaces.map((w: any) => w.id),
      [own],
    )
    assert.equal((await s.call('GET', `/v1/workspaces/${own}`, { token })).status, 200)
    assert.equal((await s.call('GET', `/v1/workspaces/${other}`, { token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots?workspaceId=${other}`, { token })).status, 404)
    assert.equal((await s.call('GET', `/v1/bots/${otherBot}`, { token })).status, 404)
    assert.equal((await s.call('POST', '/v1/bots', { token, body: { workspaceId: own } })).status, 200)
    assert.equal((await s.call('POST', '/v1/workspaces', { token, body: { name: 'More' } })).status, 403)
    assert.equal((await s.call('POST', '/v1/me/tokens', { token, body: { name: 'escalate' } })).status, 403)
    // A scope to someone else's workspace cannot be made.
    const { token: strangerToken } = await s.user('Stranger', 'stranger@example.com')
    const foreign = (await s.call('POST', '/v1/workspaces', { token: strangerToken, body: { name: 'Foreign' } })).body.workspace.id
    assert.equal((await b.call('POST', '/v1/me/tokens', { name: 'foreign', workspaceId: foreign })).status, 404)
  })

  test('parley user create and reset-link make a user who sets a password through a one-time link', async () => {
    const created = await runCliAsync(['user', 'create', '--email', 'kim@example.com', '--name', 'Kim'], { DATABASE_URL: s.database.url })
    assert.equal(created.status, 0, created.stderr)
    const token = linkToken(created.stdout, '/reset-password')!
    assert.ok(token)
    const b = new Browser(s.builderUrl)
    assert.equal((await b.call('POST', '/v1/auth/password-reset/confirm', { token, password })).status, 200)
    assert.deepEqual(
      (await b.call('GET', '/v1/workspaces')).body.workspaces.map((w: any) => w.name),
      ["Kim's workspace"],
    )
    const link = await runCliAsync(['user', 'reset-link', '--email', 'kim@example.com'], { DATABASE_URL: s.database.url })
    assert.equal(link.status, 0, link.stderr)
    const again = linkToken(link.stdout, '/reset-password')!
    assert.equal(
      (await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset/confirm', { token: again, password: 'kims new secret' })).status,
      200,
    )
    assert.equal((await b.call('GET', '/v1/me')).status, 401)
    const withPassword = await runCliAsync(
      ['user', 'create', '--email', 'lea@example.com', '--name', 'Lea', '--password-stdin'],
      { DATABASE_URL: s.database.url },
      'lea password 123\n',
    )
    assert.equal(withPassword.status, 0, withPassword.stderr)
    assert.doesNotMatch(withPassword.stdout, /token=/)
    const lea = await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'lea@example.com', password: 'lea password 123' })
    assert.equal(lea.status, 200)
    // The operator vouches for the address of an account they make.
    assert.equal(lea.body.user.emailVerified, true)
  })
})

describe('closed sign-up, and no SMTP', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer({ DISABLE_SIGNUP: 'true' })
  })
  after(() => s.stop())

  test('setup still creates the first account; sign-up is refused; email features say they are unavailable', async () => {
    const status = await new Browser(s.builderUrl).call('GET', '/v1/auth/status')
    assert.equal(status.body.signupOpen, false)
    assert.deepEqual(status.body.methods, { password: true, passwordResetByEmail: false, magicLink: false, oidc: null })
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/setup', { name: 'Op', email: 'op@example.com', password })).status, 200)
    const refused = await new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'New', email: 'new@example.com', password })
    assert.equal(refused.status, 403)
    assert.match(refused.body.message, /invitation/)
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/password-reset', { email: 'op@example.com' })).status, 400)
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/magic-link', { email: 'op@example.com' })).status, 404)
    assert.equal((await new Browser(s.builderUrl).fetch('/v1/auth/oidc/start')).status, 404)
  })

  test("an invited address signs up only with the invitation's link", async () => {
    const admin = await userWithWorkspace(s, 'Inviter')
    const invite = (email: string) =>
      s.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, { token: admin.token, body: { email, role: 'member' } })
    const invited = await invite('ivan@example.com')
    const invitation = new URL(invited.body.link).pathname.split('/').at(-1)
    const other = await invite('olga@example.com')
    const signUp = (body: Record<string, string>) => new Browser(s.builderUrl).call('POST', '/v1/auth/signup', { name: 'Ivan', password, ...body })
    // Knowing the invited address is not enough, nor is another address's link.
    assert.equal((await signUp({ email: 'ivan@example.com' })).status, 403)
    assert.equal((await signUp({ email: 'ivan@example.com', invitation: new URL(other.body.link).pathname.split('/').at(-1)! })).status, 403)
    assert.equal((await signUp({ email: 'mallory@example.com', invitation: invitation! })).status, 403)
    const up = await signUp({ email: 'ivan@example.com', invitation: invitation! })
    assert.equal(up.status, 200, JSON.stringify(up.body))
    assert.equal(up.body.user.emailVerified, false)
  })
})

describe('first-run setup closes once any account exists', () => {
  test('a token user (PARLEY_ADMIN_TOKEN, or one made by the CLI) counts: setup answers 409', async () => {
    for (const made of ['admin token', 'token create'] as const) {
      const s = await startTestServer(made === 'admin token' ? { PARLEY_ADMIN_TOKEN: 'admin-token-for-setup-test' } : {})
      try {
        if (made === 'token create') {
          const created = await runCliAsync(['token', 'create', '--name', 'Ops', '--email', 'ops@example.com', '--quiet'], {
            DATABASE_URL: s.database.url,
          })
          assert.equal(created.status, 0, created.stderr)
        }
        assert.equal((await new Browser(s.builderUrl).call('GET', '/v1/auth/status')).body.setupNeeded, false, made)
        const setup = await new Browser(s.builderUrl).call('POST', '/v1/auth/setup', { name: 'Eve', email: 'eve@example.com', password })
        assert.equal(setup.status, 409, made)
      } finally {
        await s.stop()
      }
    }
  })
})

describe('OpenID Connect sign-in against a local provider', () => {
  let s: TestServer
  let oidc: Awaited<ReturnType<typeof startOidcSetup>>
  let mailbox: Awaited<ReturnType<typeof startLinkMailbox>>
  const people: Record<string, { email: string; email_verified: boolean; name: string }> = {
    'sub-ann': { email: 'ann@example.com', email_verified: true, name: 'Ann' },
    'sub-bob': { email: 'bob@example.com', email_verified: true, name: 'Bob' },
    'sub-mal': { email: 'bob@example.com', email_verified: false, name: 'Mallory' },
    'sub-eve': { email: 'eve@elsewhere.example', email_verified: true, name: 'Eve' },
    'sub-cara': { email: 'cara@example.com', email_verified: true, name: 'Cara' },
    'sub-dan': { email: 'dan@example.com', email_verified: true, name: 'Dan' },
  }

  before(async () => {
    mailbox = await startLinkMailbox()
    oidc = await startOidcSetup(people, mailbox.env)
    s = oidc.server
  })
  after(async () => {
    await oidc.close()
    await mailbox.close()
  })

  /** Starts at Parley, signs in at the provider as `sub` (its login and consent forms), and lands back at Parley. */
  const signIn = async (b: Browser, sub: string, next?: string) => authorize(b, sub, next === undefined ? '' : `?next=${encodeURIComponent(next)}`)
  /** The same from a signed-in browser's account page: connects the provider's identity `sub` to its account. */
  const connect = (b: Browser, sub: string) => authorize(b, sub, '?connect=true')
  const authorize = async (b: Browser, sub: string, query: string) => {
    const toLogin = await b.navigate(`/v1/auth/oidc/start${query}`)
    assert.match(toLogin.url.pathname, /^\/interaction\//)
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
    const toConsent = await b.navigate(toLogin.url.href, form({ prompt: 'login', login: sub, password: 'any' }))
    const back = toConsent.url.pathname.startsWith('/interaction/') ? await b.navigate(toConsent.url.href, form({ prompt: 'consent' })) : toConsent
    return back.visited.at(-1) ?? back.url.href
  }

  test('status offers the provider; a new user signs in, gets an account and a workspace, and comes back to /', async () => {
    const b = new Browser(s.builderUrl)
    assert.deepEqual((await b.call('GET', '/v1/auth/status')).body.methods.oidc, { name: 'Local ID' })
    const start = await b.fetch('/v1/auth/oidc/start')
    const location = new URL(start.headers.get('location')!)
    assert.equal(location.searchParams.get('code_challenge_method'), 'S256')
    assert.ok(location.searchParams.get('state') && location.searchParams.get('nonce'))
    assert.match(b.lastSetCookies.find((c) => c.startsWith('parley_oidc='))!, /HttpOnly/i)

    const landed = await signIn(new Browser(s.builderUrl), 'sub-ann')
    assert.equal(landed, `${s.builderUrl}/`)
    const ann = new Browser(s.builderUrl)
    assert.equal(await signIn(ann, 'sub-ann'), `${s.builderUrl}/`)
    const status = await ann.call('GET', '/v1/auth/status')
    assert.equal(status.body.user.email, 'ann@example.com')
    assert.equal(status.body.user.name, 'Ann')
    assert.equal(status.body.setupNeeded, false)
    // Signing in twice used one account.
    assert.deepEqual(
      (await ann.call('GET', '/v1/workspaces')).body.workspaces.map((w: any) => w.name),
      ["Ann's workspace"],
    )
  })

  test("pre-hijacking: a verified email does not join an account whose address is unproven, until an emailed link proves it and ends the claimant's hold", async () => {
    // A claimant signs up with Bob's address before Bob.
    const claimant = new Browser(s.builderUrl)
    const up = await claimant.call('POST', '/v1/auth/signup', { name: 'Bob', email: 'bob@example.com', password })
    // Bob signs in with the provider, which verified bob@example.com: neither joined nor signed in, but told what to do.
    const bob = new Browser(s.builderUrl)
    const refused = decodeURIComponent(await signIn(bob, 'sub-bob'))
    assert.match(refused, /\/signin\?error=.*not confirmed.*Sign in with its password.*sign-in link by email/)
    assert.equal((await bob.call('GET', '/v1/me')).status, 401)
    // Meanwhile the claimant connects an identity of their own and makes a token.
    assert.equal(await connect(claimant, 'sub-eve'), `${s.builderUrl}/account`)
    const kept = (await claimant.call('POST', '/v1/me/tokens', { name: 'kept' })).body.secret
    // The emailed link proves the address: the claimant's session, token, password and identity stop working.
    const { signed } = await signInByMagicLink(s.builderUrl, mailbox, 'bob@example.com')
    assert.equal(signed.body.user.id, up.body.user.id)
    assert.deepEqual([signed.body.user.emailVerified, signed.body.user.hasPassword, signed.body.user.oidcConnected], [true, false, false])
    assert.equal((await claimant.call('GET', '/v1/me')).status, 401)
    assert.equal((await s.call('GET', '/v1/workspaces', { token: kept })).status, 401)
    assert.equal((await new Browser(s.builderUrl).call('POST', '/v1/auth/signin', { email: 'bob@example.com', password })).status, 401)
    const asEve = new Browser(s.builderUrl)
    await signIn(asEve, 'sub-eve')
    assert.notEqual((await asEve.call('GET', '/v1/me')).body.user.id, up.body.user.id)
    // Now the provider's verified email joins Bob's account.
    const viaOidc = new Browser(s.builderUrl)
    assert.equal(await signIn(viaOidc, 'sub-bob'), `${s.builderUrl}/`)
    assert.equal((await viaOidc.call('GET', '/v1/me')).body.user.id, up.body.user.id)
    const mallory = new Browser(s.builderUrl)
    const landed = await signIn(mallory, 'sub-mal')
    assert.match(decodeURIComponent(landed), /\/signin\?error=.*not verified/)
    assert.equal((await mallory.call('GET', '/v1/me')).status, 401)
  })

  test('a signed-in user connects the provider on the account page; a verified email of the account proves it', async () => {
    const cara = new Browser(s.builderUrl)
    const up = await cara.call('POST', '/v1/auth/signup', { name: 'Cara', email: 'cara@example.com', password })
    assert.equal(up.body.user.emailVerified, false)
    assert.equal(await connect(cara, 'sub-cara'), `${s.builderUrl}/account`)
    const me = (await cara.call('GET', '/v1/me')).body.user
    assert.deepEqual([me.id, me.oidcConnected, me.emailVerified], [up.body.user.id, true, true])
    const viaOidc = new Browser(s.builderUrl)
    assert.equal(await signIn(viaOidc, 'sub-cara'), `${s.builderUrl}/`)
    assert.equal((await viaOidc.call('GET', '/v1/me')).body.user.id, up.body.user.id)
    // An identity that signs in to another account is not moved.
    const other = new Browser(s.builderUrl)
    await signIn(other, 'sub-dan')
    const dan = new Browser(s.builderUrl)
    await dan.call('POST', '/v1/auth/signup', { name: 'Dan two', email: 'dan2@example.com', password })
    assert.match(decodeURIComponent(await connect(dan, 'sub-dan')), /\/account\?error=.*already connected to another/)
    assert.equal((await dan.call('GET', '/v1/me')).body.user.oidcConnected, false)
    // Connecting needs a signed-in browser.
    const anonymous = await new Browser(s.builderUrl).fetch('/v1/auth/oidc/start?connect=true')
    assert.match(decodeURIComponent(anonymous.headers.get('location')!), /^\/signin\?error=Sign in first/)
  })

  test('the sign-in lands on the page it began for, and only ever on this site', async () => {
    assert.equal(await signIn(new Browser(s.builderUrl), 'sub-ann', '/invitations/abc?x=1'), `${s.builderUrl}/invitations/abc?x=1`)
    for (const elsewhere of ['//evil.example/', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', '/\n/evil.example'])
      assert.equal(await signIn(new Browser(s.builderUrl), 'sub-ann', elsewhere), `${s.builderUrl}/`, elsewhere)
  })

  test('a callback without the state cookie (another browser, or forged) is refused', async () => {
    const b = new Browser(s.builderUrl)
    const res = await b.fetch('/v1/auth/oidc/callback?code=abc&state=xyz')
    assert.equal(res.status, 302)
    assert.match(decodeURIComponent(res.headers.get('location')!), /^\/signin\?error=The sign-in took too long/)
    assert.ok(!b.jar.has('parley_session'))
  })
})
