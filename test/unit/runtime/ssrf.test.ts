// The SSRF guard refuses internal addresses before any connection is made, on every hop.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { createHttpClient } from '../../../src/runtime/http.js'
import { parseAllowlist, refuseAddress } from '../../../src/runtime/ssrf.js'

const none = parseAllowlist('')

describe('address rules', () => {
  test('internal addresses are refused, public ones pass', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.1.1.1', '100.64.0.1']) {
      assert.ok(refuseAddress(a, none), a)
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1']) assert.equal(refuseAddress(a, none), undefined, a)
  })

  test('the allow-list opens hosts and networks', () => {
    const allow = parseAllowlist('127.0.0.1, 10.1.0.0/16 ,internal.example')
    assert.equal(refuseAddress('127.0.0.1', allow), undefined)
    assert.equal(refuseAddress('10.1.200.3', allow), undefined)
    assert.ok(refuseAddress('10.2.0.1', allow))
    assert.ok(allow.hosts.has('internal.example'))
  })
})

describe('guarded client', () => {
  let server: Server
  let port = 0
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end()
      if (req.url === '/redirect-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end()
      if (req.url === '/redirect-local') return res.writeHead(302, { location: `http://localhost:${port}/ok` }).end()
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1500)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ ok: true, method: req.method }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as { port: number }).port
  })
  after(() => new Promise((r) => server.close(r)))

  const get = (client: ReturnType<typeof createHttpClient>, url: string, timeoutMs = 2000) => client({ url, method: 'GET', headers: {}, timeoutMs })

  test('loopback, 10/8, metadata, [::1] and a name resolving to 127.0.0.1 are refused by default', async () => {
    const client = createHttpClient(none)
    for (const url of [`http://127.0.0.1:${port}/`, 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data', `http://[::1]:${port}/`, `http://localhost:${port}/`, 'http://0.0.0.0/']) {
      const res = await get(client, url)
      assert.equal(res.ok, false, url)
      assert.equal(!res.ok && res.reason, 'blocked', url)
      assert.match(!res.ok ? res.message : '', /Security validation failed/)
    }
    const ftp = await get(client, 'ftp://example.com/file')
    assert.equal(!ftp.ok && ftp.reason, 'blocked')
  })

  test('an allowed host works, but its redirects to private or metadata addresses are refused', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const ok = await get(client, `http://127.0.0.1:${port}/ok`)
    assert.ok(ok.ok && ok.status === 200 && JSON.parse(ok.text).ok)
    for (const path of ['/redirect-private', '/redirect-metadata']) {
      const res = await get(client, `http://127.0.0.1:${port}${path}`)
      assert.equal(!res.ok && res.reason, 'blocked', path)
    }
    // localhost resolves into the allowed network, so following a redirect there is fine
    const local = await get(client, `http://127.0.0.1:${port}/redirect-local`)
    assert.ok(local.ok && local.status === 200)
  })

  test('timeouts are reported as such', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const res = await get(client, `http://127.0.0.1:${port}/slow`, 200)
    assert.equal(!res.ok && res.reason, 'timeout')
  })
})
