// Two origins by trust (docs/security.md): the builder (web app, management API, the session cookie) on one host
// name, everything bot authors and visitors supply (bot pages, the editor's preview frame, stored files) on another.
// With no configuration the server gives both itself: http://localhost:PORT and http://127.0.0.1:PORT.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { loadConfig } from '../../src/config.js'
import { requestAs, setCookies, signUpOn } from '../support/hosts.js'
import { addMember, importAndPublish, importBot, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const say = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
const oneGroupBot = (name: string, blocks: unknown[], variables: unknown[] = []) => ({
  version: '6',
  name,
  groups: [{ id: 'g1', title: 'Start', graphCoordinates: { x: 0, y: 0 }, blocks }],
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: -200, y: 0 }, outgoingEdgeId: 'e0' }],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables,
  theme: {},
  settings: { typingEmulation: { enabled: false } },
})
const asksName = (greeting: string) =>
  oneGroupBot('Asks', [say('hi', greeting), { id: 'ask', type: 'text input', options: { variableId: 'v1' } }], [{ id: 'v1', name: 'Name' }])

describe('two origins with no configuration', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let publicId: string
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    publicId = (await importAndPublish(s, owner.token, owner.workspaceId, asksName('Hello'))).publicId
  })
  after(() => s?.stop())

  test('the builder on localhost, the user content on 127.0.0.1, both told by /health', async () => {
    const port = new URL(s.url).port
    assert.equal(s.builderUrl, `http://localhost:${port}`)
    assert.equal(s.contentUrl, `http://127.0.0.1:${port}`)
    const health: any = await (await fetch(`${s.builderUrl}/health`)).json()
    assert.equal(health.publicUrl, s.builderUrl)
    assert.equal(health.chatUrl, s.contentUrl)
  })

  test('each page on its own origin; asked for on the other, the same address there', async () => {
    const get = (url: string) => fetch(url, { redirect: 'manual' })
    assert.equal((await get(`${s.builderUrl}/`)).status, 200)
    for (const path of ['/', '/signin', '/w/x/bots?y=1', '/assets/app.js']) {
      const res = await get(`${s.contentUrl}${path}`)
      assert.equal(res.status, 302, path)
      assert.equal(res.headers.get('location'), `${s.builderUrl}${path}`)
    }
    assert.equal((await get(`${s.contentUrl}/${publicId}`)).status, 200)
    const page = await get(`${s.builderUrl}/${publicId}?Name=Ada`)
    assert.equal(page.status, 302)
    assert.equal(page.headers.get('location'), `${s.contentUrl}/${publicId}?Name=Ada`)
    const frame = await get(`${s.contentUrl}/preview/frame`)
    assert.equal(frame.status, 200)
    assert.match(frame.headers.get('content-security-policy') ?? '', new RegExp(`frame-ancestors ${s.builderUrl}(;|$)`))
    assert.equal((await get(`${s.builderUrl}/preview/frame`)).headers.get('location'), `${s.contentUrl}/preview/frame`)
    // The app may frame the user content's origin, and nothing else.
    const app = await get(`${s.builderUrl}/`)
    assert.match(app.headers.get('content-security-policy') ?? '', new RegExp(`frame-src ${s.contentUrl};`))
  })

  test('sign-in routes answer on the builder only: elsewhere no cookie is ever set', async () => {
    const signin = await fetch(`${s.contentUrl}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Eve', email: 'eve-content@example.com', password: 'long enough pw' }),
    })
    assert.equal(signin.status, 421)
    assert.equal(((await signin.json()) as any).code, 'wrong_host')
    assert.deepEqual(signin.headers.getSetCookie(), [])
    const status = await fetch(`${s.contentUrl}/v1/auth/status`, { redirect: 'manual' })
    assert.equal(status.status, 302)
    assert.equal(status.headers.get('location'), `${s.builderUrl}/v1/auth/status`)
  })

  test('the session cookie counts on the builder only, and never on the chat APIs', async () => {
    const ada = await signUpOn(s.builderUrl, 'Ada')
    assert.equal((await fetch(`${s.builderUrl}/v1/me`, { headers: { cookie: ada.cookie } })).status, 200)
    // The same cookie sent to the user content's host name (a bot page's requests would carry it there) is nothing.
    assert.equal((await fetch(`${s.contentUrl}/v1/me`, { headers: { cookie: ada.cookie } })).status, 401)
    // Chats are not public on this server: the builder's cookie does not make a chat caller either.
    const start = await fetch(`${s.builderUrl}/v1/bots/${publicId}/startChat`, {
      method: 'POST',
      headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrfToken, 'content-type': 'application/json' },
      body: '{}',
    })
    assert.equal(start.status, 401)
  })

  test('a write with the session cookie from another origin is refused, CSRF token or not', async () => {
    const bea = await signUpOn(s.builderUrl, 'Bea')
    const write = (origin: string) =>
      fetch(`${s.builderUrl}/v1/workspaces`, {
        method: 'POST',
        headers: { cookie: bea.cookie, 'x-csrf-token': bea.csrfToken, 'content-type': 'application/json', origin },
        body: JSON.stringify({ name: 'From elsewhere' }),
      })
    const refused = await write(s.contentUrl)
    assert.equal(refused.status, 403)
    assert.equal(((await refused.json()) as any).code, 'csrf')
    assert.equal((await write(s.builderUrl)).status, 200)
    // Login CSRF: another site's page cannot sign a browser in (with an account of its choosing) or up.
    const signin = await fetch(`${s.builderUrl}/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.contentUrl },
      body: JSON.stringify({ email: bea.email, password: 'pw-Bea-long-enough' }),
    })
    assert.equal(signin.status, 403)
    assert.deepEqual(signin.headers.getSetCookie(), [])
  })

  test('two session cookies (one planted with a longer path) are refused and all cleared', async () => {
    const cal = await signUpOn(s.builderUrl, 'Cal')
    const mallory = await signUpOn(s.builderUrl, 'Mallory')
    // The browser sends the longest path first: the planted one.
    const res = await fetch(`${s.builderUrl}/v1/me`, { headers: { cookie: `${mallory.cookie}; ${cal.cookie}` } })
    assert.equal(res.status, 401)
    const cleared = res.headers.getSetCookie().filter((c) => c.startsWith('parley_session=;'))
    assert.deepEqual(cleared.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort(), ['/', '/v1', '/v1/me'])
    const status: any = await (await fetch(`${s.builderUrl}/v1/auth/status`, { headers: { cookie: `${mallory.cookie}; ${cal.cookie}` } })).json()
    assert.equal(status.user, null)
    assert.equal((await fetch(`${s.builderUrl}/v1/me`, { headers: { cookie: cal.cookie } })).status, 200)
  })

  test('stored files are never served on the builder: a GET there is sent to the user content, an upload refused', async () => {
    const path = '/v1/files/w1/b1/r1/f1/x.js'
    const get = await fetch(`${s.builderUrl}${path}`, { redirect: 'manual' })
    assert.equal(get.status, 302)
    assert.equal(get.headers.get('location'), `${s.contentUrl}${path}`)
    const put = await fetch(`${s.builderUrl}${path}?signature=x`, { method: 'PUT', body: 'alert(1)' })
    assert.equal(put.status, 421)
  })
})

describe('two origins behind a proxy (https)', () => {
  let s: TestServer
  before(async () => {
    s = await startTestServer({ PARLEY_PUBLIC_URL: 'https://build.example.test', PARLEY_CHAT_URL: 'https://chat.example.test/' })
  })
  after(() => s?.stop())

  test('the session cookie is __Host- prefixed, Secure, SameSite=Strict, host-only; a plain-named one counts for nothing', async () => {
    const signup = await requestAs(s, 'build.example.test', 'POST', '/v1/auth/signup', {
      body: { name: 'Dee', email: 'dee@example.com', password: 'long enough pw' },
    })
    assert.equal(signup.status, 200, JSON.stringify(signup.body))
    const [cookie] = setCookies(signup).filter((c) => c.includes('parley_session='))
    assert.match(cookie, /^__Host-parley_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/)
    const value = cookie.split(';')[0].split('=')[1]
    assert.equal((await requestAs(s, 'build.example.test', 'GET', '/v1/me', { headers: { cookie: `__Host-parley_session=${value}` } })).status, 200)
    // A sibling host name can set `parley_session` for the whole domain, never a __Host- cookie.
    assert.equal((await requestAs(s, 'build.example.test', 'GET', '/v1/me', { headers: { cookie: `parley_session=${value}` } })).status, 401)
    const health = await requestAs(s, 'chat.example.test', 'GET', '/health')
    assert.equal(health.body.publicUrl, 'https://build.example.test')
    assert.equal(health.body.chatUrl, 'https://chat.example.test')
  })
})

describe('the two addresses in the configuration', () => {
  test('a builder named without the user content is refused, as are one host name for both and a HOST no default reaches', () => {
    assert.throws(() => loadConfig({ PARLEY_PUBLIC_URL: 'https://build.example.test' }), /PARLEY_CHAT_URL: is needed with PARLEY_PUBLIC_URL/)
    assert.throws(
      () => loadConfig({ PARLEY_PUBLIC_URL: 'https://example.test', PARLEY_CHAT_URL: 'https://example.test:8443' }),
      /needs a host name of its own/,
    )
    assert.throws(() => loadConfig({ PARLEY_CHAT_URL: 'http://localhost:4000' }), /needs a host name of its own/)
    assert.throws(() => loadConfig({ HOST: '10.1.2.3' }), /HOST: is neither a loopback nor a wildcard address/)
    assert.throws(() => loadConfig({ PARLEY_PUBLIC_URL: 'ftp://build.example.test', PARLEY_CHAT_URL: 'https://c.example.test' }), /http/)
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '8080' })
    assert.equal(config.urls.builder, undefined)
  })
})

describe('preview tokens', () => {
  let s: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>
  let botId: string
  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    botId = (await importBot(s, owner.token, owner.workspaceId, asksName('Draft one'))).id
  })
  after(() => s?.stop())

  const issue = async (token: string, id = botId, body: unknown = {}) => s.call('POST', `/v1/bots/${id}/preview/token`, { token, body })
  const startWith = (token: string, id = botId, body: unknown = {}) => s.call('POST', `/v1/bots/${id}/preview/startChat`, { token, body })
  const firstText = (res: { body: any }) => res.body.messages[0].content.richText[0].children[0].text

  test('runs the draft it was signed for, even once the draft has changed; the frame is on the user content', async () => {
    const issued = await issue(owner.token)
    assert.equal(issued.status, 200, JSON.stringify(issued.body))
    assert.match(issued.body.token, /^pv_/)
    assert.equal(issued.body.frameUrl, `${s.contentUrl}/preview/frame`)
    const bot = (await s.call('GET', `/v1/bots/${botId}`, { token: owner.token })).body.bot
    bot.groups[0].blocks[0] = say('hi', 'Draft two')
    assert.equal((await s.call('PATCH', `/v1/bots/${botId}`, { token: owner.token, body: { bot } })).status, 200)
    const started = await startWith(issued.body.token)
    assert.equal(started.status, 200, JSON.stringify(started.body))
    assert.equal(firstText(started), 'Draft one')
    // Its session goes on with the token (the Typebot-compatible continue the widget uses too).
    const next = await s.call('POST', `/api/v1/sessions/${started.body.sessionId}/continueChat`, {
      token: issued.body.token,
      body: { message: 'Ada' },
    })
    assert.equal(next.status, 200, JSON.stringify(next.body))
    // An unsaved definition given to the token route is what the token runs.
    const unsaved = await issue(owner.token, botId, { bot: { ...bot, groups: [{ ...bot.groups[0], blocks: [say('hi', 'Unsaved')] }] } })
    assert.equal(firstText(await startWith(unsaved.body.token)), 'Unsaved')
  })

  test('reaches nothing else: no other draft, bot, live chat, workspace or management call', async () => {
    const { token } = (await issue(owner.token)).body
    assert.equal((await startWith(token, botId, { bot: asksName('Mine now') })).status, 400)
    const other = await importAndPublish(s, owner.token, owner.workspaceId, asksName('Other'))
    assert.equal((await startWith(token, other.id)).status, 404)
    assert.equal((await s.call('POST', `/v1/bots/${other.publicId}/startChat`, { token, body: {} })).status, 401)
    assert.equal((await s.call('POST', `/api/v1/typebots/${other.publicId}/startChat`, { token, body: {} })).status, 401)
    for (const [method, path] of [
      ['GET', '/v1/workspaces'],
      ['GET', `/v1/bots/${botId}`],
      ['POST', `/v1/bots/${botId}/publish`],
      ['POST', '/v1/me/tokens'],
      ['POST', `/v1/bots/${botId}/preview/token`],
    ] as const)
      assert.equal((await s.call(method, path, { token, body: method === 'POST' ? { name: 'x' } : undefined })).status, 401, path)
    // A live chat's session (its id known) is not the token's to drive; nor is a preview someone else started.
    const live = await s.call('POST', `/v1/bots/${other.publicId}/startChat`, { token: owner.token, body: {} })
    assert.equal((await s.call('POST', `/v1/sessions/${live.body.sessionId}/continueChat`, { token, body: { message: 'x' } })).status, 404)
    const othersPreview = await s.call('POST', `/v1/bots/${other.id}/preview/startChat`, { token: owner.token, body: {} })
    assert.equal((await s.call('POST', `/v1/sessions/${othersPreview.body.sessionId}/continueChat`, { token, body: { message: 'x' } })).status, 404)
    // Altered, it is no token at all.
    assert.equal((await startWith(`${token.slice(0, -2)}xx`)).status, 401)
  })

  test('guests and strangers get none; a member who leaves loses what theirs could do', async () => {
    const guest = await s.user('Guest', `guest-${Date.now()}@example.com`)
    await addMember(s, owner, owner.workspaceId, guest, 'guest')
    assert.equal((await issue(guest.token)).status, 404)
    const stranger = await userWithWorkspace(s, 'Stranger')
    assert.equal((await issue(stranger.token)).status, 404)
    const member = await s.user('Member', `member-${Date.now()}@example.com`)
    await addMember(s, owner, owner.workspaceId, member, 'member')
    const { token } = (await issue(member.token)).body
    const started = await startWith(token)
    assert.equal(started.status, 200)
    assert.equal((await s.call('DELETE', `/v1/workspaces/${owner.workspaceId}/members/${member.id}`, { token: owner.token })).status, 200)
    assert.equal((await startWith(token)).status, 404)
    assert.equal((await s.call('POST', `/v1/sessions/${started.body.sessionId}/continueChat`, { token, body: { message: 'x' } })).status, 404)
  })
})
