// How the server hands out the builder's web application: index.html for the app's pages (with a CSP that forbids
// framing), hashed assets cached for a year and sent precompressed, a clear 503 before a build, and the plain home
// page on chat-only processes. The app itself is tested in a browser (web-app*.test.ts).
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { bot, say } from '../support/engine.js'
import { startTestServer, type TestServer } from '../support/server.js'

const appDir = fileURLToPath(new URL('../../dist/web/app', import.meta.url))

describe('web application serving', { concurrency: true }, () => {
  let server: TestServer
  before(async () => {
    server = await startTestServer()
  })
  after(() => server.close())

  test('the app pages answer index.html with a CSP that forbids framing; API paths keep their JSON', async () => {
    for (const path of ['/', '/signin', '/setup', '/w/abc/bots', '/w/abc/bots/xyz/results', '/invitations/tok', '/account']) {
      const res = await fetch(server.builderUrl + path, { redirect: 'manual' })
      assert.equal(res.status, 200, path)
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8', path)
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path)
      assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'(;|$)/, path)
      assert.match(await res.text(), /<div id="root"><\/div>/, path)
    }
    const api = await fetch(`${server.url}/v1/nothing-here`)
    assert.equal(api.status, 404)
    assert.equal(((await api.json()) as { code: string }).code, 'not_found')
  })

  test('assets: immutable for a year, brotli when accepted, 404 for unknown names', async () => {
    const js = readdirSync(join(appDir, 'assets')).find((f) => f.endsWith('.js'))!
    const res = await fetch(`${server.builderUrl}/assets/${js}`, { headers: { 'accept-encoding': 'br' } })
    assert.equal(res.status, 200)
    assert.match(res.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/)
    assert.equal(res.headers.get('content-encoding'), 'br')
    assert.match(res.headers.get('content-type') ?? '', /javascript/)
    assert.ok((await res.arrayBuffer()).byteLength > 1000)
    assert.equal((await fetch(`${server.builderUrl}/assets/nope-123.js`)).status, 404)
  })

  test('a published bot page still answers at its public id, and app sections are reserved ids', async () => {
    const owner = await userWithWorkspace(server, 'serving')
    const { publicId } = await importAndPublish(server, owner.token, owner.workspaceId, bot([['g', [say('hi', 'Hello')]]]))
    assert.equal((await fetch(`${server.contentUrl}/${publicId}`)).status, 200)
    // Never on the builder's origin, where its session cookie lives: there, the address of the page on the user content's.
    const onBuilder = await fetch(`${server.builderUrl}/${publicId}`, { redirect: 'manual' })
    assert.equal(onBuilder.status, 302)
    assert.equal(onBuilder.headers.get('location'), `${server.contentUrl}/${publicId}`)
    for (const publicId of ['w', 'signin', 'Assets']) {
      const res = await server.call(
        'PATCH',
        `/v1/bots/${(await importAndPublish(server, owner.token, owner.workspaceId, bot([['g', [say('x', 'x')]]]))).id}`,
        {
          token: owner.token,
          body: { bot: { publicId } },
        },
      )
      assert.equal(res.status, 400, publicId)
    }
  })

  test('before a build: 503 with what to run', async () => {
    const bare = await startTestServer({ WEB_APP_DIR: join(appDir, 'missing') })
    try {
      const res = await fetch(`${bare.builderUrl}/`)
      assert.equal(res.status, 503)
      assert.equal(((await res.json()) as { code: string }).code, 'web_app_not_built')
    } finally {
      await bare.close()
    }
  })

  test('a chat-only process shows the plain home page, which lists no bots', async () => {
    const chat = await startTestServer({ PARLEY_API: 'chat', DATABASE_URL: server.database.url })
    try {
      const res = await fetch(`${chat.url}/`)
      assert.equal(res.status, 200)
      const html = await res.text()
      assert.match(html, /href="\/docs"/)
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/)
      assert.equal((await fetch(`${chat.url}/w/abc/bots`)).status, 404)
    } finally {
      await chat.close()
    }
  })
})
