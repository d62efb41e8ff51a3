// The SSRF guard refuses internal addresses before any connection is made, on every hop.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { createHttpClient } from '../../../src/runtime/http.js'
import { canonical, parseAllowlist, refuseAddress, refuseHostname } from '../../../src/runtime/ssrf.js'

const none = parseAllowlist('')

describe('address rules', () => {
  test('internal addresses are refused, public ones pass', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.1.1',
      '100.64.0.1',
    ]) {
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

  test('IPv6 forms that carry an IPv4 address are judged as that address', () => {
    const carried: [string, string][] = [
      ['::ffff:169.254.169.254', '169.254.169.254'],
      ['::ffff:a9fe:a9fe', '169.254.169.254'],
      ['::FFFF:7F00:1', '127.0.0.1'],
      ['::ffff:0:a00:1', '10.0.0.1'],
      ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
      ['64:ff9b::127.0.0.1', '127.0.0.1'],
      ['2002:a9fe:a9fe::1', '169.254.169.254'],
      ['2002:7f00:1::', '127.0.0.1'],
      ['::7f00:1', '127.0.0.1'],
      ['::10.0.0.1', '10.0.0.1'],
      ['[::ffff:c0a8:101]', '192.168.1.1'],
    ]
    for (const [v6, v4] of carried) {
      assert.deepEqual({ ...canonical(v6), embedded: undefined }, { address: v4, type: 'ipv4', embedded: undefined }, v6)
      assert.ok(refuseAddress(v6, none), v6)
    }
    // …so the public addresses they carry pass, like the IPv4 address itself.
    for (const a of ['64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:1.1.1.1']) assert.equal(refuseAddress(a, none), undefined, a)
    // Site-local, local-use NAT64 (the IPv4 address may sit anywhere in it), Teredo: refused.
    for (const a of ['fec0::1', 'feff::1', '64:ff9b:1::a9fe:a9fe', '64:ff9b:1:a9fe:a900:fe00::', '2001:0:4136:e378:8000:63bf:3fff:fdd2'])
      assert.ok(refuseAddress(a, none), a)
    assert.match(refuseAddress('64:ff9b::a9fe:a9fe', none)!, /cloud metadata/)
    assert.match(refuseAddress('::1', none)!, /loopback/)
    // A listed IPv4 address opens its mapped form (the same socket), not its NAT64 or 6to4 forms (routed elsewhere).
    const listed = parseAllowlist('127.0.0.1,10.0.0.0/8')
    for (const a of ['::ffff:127.0.0.1', '::ffff:a00:1']) assert.equal(refuseAddress(a, listed), undefined, a)
    for (const a of ['64:ff9b::7f00:1', '2002:a00:1::', '::a00:1']) assert.ok(refuseAddress(a, listed), a)
  })

  test('a listed name opens private ranges only: loopback, link-local and metadata stay refused', () => {
    const allow = parseAllowlist('api.internal,Other.Example.')
    for (const a of ['10.0.0.5', '192.168.1.1', 'fd12::1', '100.64.0.1']) {
      assert.equal(refuseAddress(a, allow, 'api.internal'), undefined, a)
      assert.equal(refuseAddress(a, allow, 'other.example'), undefined, a)
      assert.ok(refuseAddress(a, allow, 'unlisted.example'), a)
      assert.ok(refuseAddress(a, allow), `${a} as a literal is not the listed name`)
    }
    // The listed name resolving (or rebound) to loopback or the metadata service.
    for (const a of [
      '127.0.0.1',
      '::1',
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '169.254.1.1',
      'fe80::1',
      '0.0.0.0',
      '::',
    ]) {
      assert.ok(refuseAddress(a, allow, 'api.internal'), a)
    }
  })

  test('listed ranges open private ranges; loopback only when listed literally; metadata never', () => {
    const everything = parseAllowlist('0.0.0.0/0,::/0')
    assert.equal(refuseAddress('10.0.0.1', everything), undefined)
    assert.equal(refuseAddress('fd12::1', everything), undefined)
    for (const a of ['127.0.0.1', '::1', '169.254.169.254', '169.254.1.1', 'fd00:ec2::254', '::ffff:7f00:1'])
      assert.ok(refuseAddress(a, everything), a)

    const loopback = parseAllowlist('127.0.0.0/8,::1')
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) assert.equal(refuseAddress(a, loopback), undefined, a)
    assert.equal(refuseAddress('127.0.0.1', loopback, 'api.internal'), undefined, 'the address is listed, whatever the name')
    assert.ok(refuseAddress('10.0.0.1', loopback))

    const metadata = parseAllowlist('169.254.169.254,169.254.0.0/16,fd00:ec2::254,fd00::/8')
    for (const a of ['169.254.169.254', 'fd00:ec2::254', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe'])
      assert.match(refuseAddress(a, metadata)!, /cloud metadata/, a)
    assert.equal(refuseAddress('169.254.1.1', metadata), undefined, 'the rest of link-local, listed literally')
  })

  test('metadata host names are refused whatever they resolve to', () => {
    for (const h of ['metadata.google.internal', 'METADATA.GOOG', 'metadata', 'metadata.google.internal.'])
      assert.match(refuseHostname(h)!, /cloud metadata/, h)
    assert.equal(refuseHostname('example.com'), undefined)
  })
})

describe('guarded client', () => {
  let server: Server
  let port = 0
  const seen: { url: string; headers: Record<string, unknown> }[] = []
  before(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url!, headers: req.headers })
      if (req.url === '/redirect-same') return res.writeHead(302, { location: '/ok' }).end()
      if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end()
      if (req.url === '/redirect-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end()
      if (req.url === '/redirect-local') return res.writeHead(302, { location: `http://localhost:${port}/ok` }).end()
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1500)
      if (req.url === '/echo-bytes') {
        const chunks: Buffer[] = []
        req.on('data', (c) => chunks.push(c))
        return void req.on('end', () => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.concat(chunks).reverse()))
      }
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
    for (const url of [
      `http://127.0.0.1:${port}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}/`,
      `http://localhost:${port}/`,
      'http://0.0.0.0/',
    ]) {
      const res = await get(client, url)
      assert.equal(res.ok, false, url)
      assert.equal(!res.ok && res.reason, 'blocked', url)
      assert.match(!res.ok ? res.message : '', /Security validation failed/)
    }
    const ftp = await get(client, 'ftp://example.com/file')
    assert.equal(!ftp.ok && ftp.reason, 'blocked')
  })

  test('bytes go out as they are and come back as bytes when asked', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const body = new Uint8Array([0, 255, 1, 128, 10])
    const res = await client({ url: `http://127.0.0.1:${port}/echo-bytes`, method: 'POST', headers: {}, body, timeoutMs: 2000, binaryResponse: true })
    assert.ok(res.ok)
    assert.deepEqual([...(res.ok ? res.bytes! : [])], [10, 128, 1, 255, 0])
    const textOnly = await client({ url: `http://127.0.0.1:${port}/echo-bytes`, method: 'POST', headers: {}, body: 'ab', timeoutMs: 2000 })
    assert.ok(textOnly.ok && textOnly.text === 'ba' && textOnly.bytes === undefined)
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

  test('a listed name resolving to loopback is refused; loopback is reached only when listed literally', async () => {
    const byName = createHttpClient(parseAllowlist('localhost'))
    const res = await get(byName, `http://localhost:${port}/ok`)
    assert.equal(!res.ok && res.reason, 'blocked')
    assert.match(!res.ok ? res.message : '', /^Security validation failed: localhost: Access to loopback addresses/)
    const literal = await get(createHttpClient(parseAllowlist('127.0.0.1')), `http://localhost:${port}/ok`)
    assert.ok(literal.ok)
  })

  test('URLs with IPv6 forms of internal IPv4 addresses are refused, even with loopback listed', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const forms = [
      '[::ffff:169.254.169.254]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:a9fe:a9fe::]',
      '[::a9fe:a9fe]',
      '[fec0::1]',
      '[64:ff9b::7f00:1]',
      'metadata.google.internal',
      'metadata',
    ]
    for (const host of forms) {
      const res = await get(client, `http://${host}/latest/meta-data`)
      assert.equal(!res.ok && res.reason, 'blocked', host)
    }
  })

  test('a URL that does not parse and metadata-bypass headers are security failures, and nothing is sent', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const invalid = await get(client, 'http://exa mple.com:99999/')
    assert.deepEqual(invalid, { ok: false, reason: 'blocked', message: 'Security validation failed: Invalid URL format' })
    seen.length = 0
    for (const name of ['X-aws-ec2-metadata-token', 'x-aws-ec2-metadata-token-ttl-seconds', 'Metadata-Flavor', 'METADATA', 'X-Custom-Metadata']) {
      const res = await client({ url: `http://127.0.0.1:${port}/ok`, method: 'GET', headers: { [name]: 'Google' }, timeoutMs: 2000 })
      assert.equal(!res.ok && res.reason, 'blocked', name)
      assert.match(!res.ok ? res.message : '', new RegExp(`^Security validation failed: Header "${name}" is not allowed`))
    }
    assert.equal(seen.length, 0)
  })

  test('credentials go on to the same origin only', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const headers = {
      authorization: 'Bearer secret',
      Cookie: 'sid=1',
      'Proxy-Authorization': 'Basic x',
      'api-key': 'azure-key',
      'xi-api-key': 'elevenlabs-key',
      'x-other': 'kept',
    }
    seen.length = 0
    await client({ url: `http://127.0.0.1:${port}/redirect-same`, method: 'GET', headers, timeoutMs: 2000 })
    assert.equal(seen[1].url, '/ok')
    assert.equal(seen[1].headers.authorization, 'Bearer secret')
    assert.equal(seen[1].headers.cookie, 'sid=1')
    assert.equal(seen[1].headers['xi-api-key'], 'elevenlabs-key')
    seen.length = 0
    // 127.0.0.1 → localhost: another origin
    const res = await client({ url: `http://127.0.0.1:${port}/redirect-local`, method: 'GET', headers, timeoutMs: 2000 })
    assert.ok(res.ok)
    assert.equal(seen[0].headers.authorization, 'Bearer secret')
    assert.equal(seen[1].url, '/ok')
    assert.equal(seen[1].headers.authorization, undefined)
    assert.equal(seen[1].headers.cookie, undefined)
    assert.equal(seen[1].headers['proxy-authorization'], undefined)
    assert.equal(seen[1].headers['api-key'], undefined)
    assert.equal(seen[1].headers['xi-api-key'], undefined)
    assert.equal(seen[1].headers['x-other'], 'kept')
  })

  test('timeouts are reported as such', async () => {
    const client = createHttpClient(parseAllowlist('127.0.0.1'))
    const res = await get(client, `http://127.0.0.1:${port}/slow`, 200)
    assert.equal(!res.ok && res.reason, 'timeout')
  })
})
