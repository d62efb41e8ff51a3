// HTTP request blocks through an egress proxy named by workspace credentials ("http proxy", `{ url }`): a real
// CONNECT proxy on loopback that requires a login, and a target behind it.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as { port: number }).port
}

describe('HTTP request blocks through a proxy', () => {
  let target: Server
  let proxy: Server
  let targetPort = 0
  let proxyPort = 0
  const tunnels: { to: string; auth?: string }[] = []
  const hosts: string[] = []
  const sockets = new Set<Socket>()
  let s: TestServer
  let closed: TestServer
  let owner: Awaited<ReturnType<typeof userWithWorkspace>>

  before(async () => {
    target = createServer((req, res) => {
      hosts.push(req.headers.host ?? '')
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ via: 'target', path: req.url }))
    })
    targetPort = await listen(target)
    // A CONNECT proxy: refuses without `Proxy-Authorization: Basic user:secret`, records where it tunnels to.
    proxy = createServer((_req, res) => res.writeHead(405).end())
    proxy.on('connect', (req, client: Socket) => {
      sockets.add(client)
      tunnels.push({ to: req.url ?? '', auth: req.headers['proxy-authorization'] })
      if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('user:secret').toString('base64')}`) {
        return client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n')
      }
      const [host, port] = (req.url ?? '').split(':')
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        upstream.pipe(client)
        client.pipe(upstream)
      })
      sockets.add(upstream)
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    proxyPort = await listen(proxy)
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'proxy-test-secret-0123456789' })
    closed = await startTestServer({ ENCRYPTION_SECRET: 'proxy-test-secret-0123456789' })
    owner = await userWithWorkspace(s)
  })
  after(async () => {
    await s.stop()
    await closed.stop()
    for (const socket of sockets) socket.destroy()
    await new Promise((r) => target.close(r))
    await new Promise((r) => proxy.close(r))
  })

  const credentials = async (server: TestServer, token: string, workspaceId: string, type: string, data: Record<string, string>) => {
    const res = await server.call('POST', `/v1/workspaces/${workspaceId}/credentials`, { token, body: { type, name: 'Egress', data } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body.credentials.id as string
  }

  const requestBot = (url: string, proxyCredentialsId: string) =>
    bot(
      [
        [
          'g',
          [
            {
              id: 'h',
              type: 'Webhook',
              options: {
                webhook: { url, method: 'GET' },
                proxyCredentialsId,
                responseVariableMapping: [{ id: 'm', bodyPath: 'data.via', variableId: 'vVia' }],
              },
            },
            say('s', 'via {{Via}}'),
          ],
        ],
      ],
      {
        variables: [{ id: 'vVia', name: 'Via' }],
      },
    )

  const run = async (server: TestServer, token: string, workspaceId: string, url: string, proxyCredentialsId: string) => {
    const published = await importAndPublish(server, token, workspaceId, requestBot(url, proxyCredentialsId))
    const preview = await server.call('POST', `/v1/bots/${published.id}/preview/startChat`, { token, body: { textBubbleContentFormat: 'markdown' } })
    assert.equal(preview.status, 200, JSON.stringify(preview.body))
    return preview.body
  }

  test("the request goes through the proxy, with the login from the proxy URL, tunnelled to the target's checked address", async () => {
    const id = await credentials(s, owner.token, owner.workspaceId, 'http proxy', { url: `http://user:secret@127.0.0.1:${proxyPort}` })
    tunnels.length = 0
    const answer = await run(s, owner.token, owner.workspaceId, `http://localhost:${targetPort}/hello`, id)
    assert.deepEqual(
      answer.messages.map((m: any) => m.content.markdown),
      ['via target'],
    )
    assert.equal(tunnels.length, 1)
    assert.equal(tunnels[0].to, `127.0.0.1:${targetPort}`, 'the proxy is asked for the address Parley checked, not for a name')
    assert.equal(hosts.at(-1), `localhost:${targetPort}`, 'the target still sees its own host name')
    const logs = JSON.stringify(answer.logs)
    assert.ok(!logs.includes('secret'), 'the proxy login appears in no log')
  })

  test('a wrong proxy login is an error log; missing or mistyped credentials send nothing', async () => {
    const wrong = await credentials(s, owner.token, owner.workspaceId, 'http proxy', { url: `http://user:wrong@127.0.0.1:${proxyPort}` })
    const refused = await run(s, owner.token, owner.workspaceId, `http://127.0.0.1:${targetPort}/x`, wrong)
    assert.ok(
      refused.logs.some((l: any) => l.status === 'error'),
      JSON.stringify(refused.logs),
    )
    assert.ok(!JSON.stringify(refused.logs).includes('wrong'))

    const before = hosts.length
    const unknown = await run(s, owner.token, owner.workspaceId, `http://127.0.0.1:${targetPort}/x`, 'no-such-credentials')
    assert.match(unknown.logs[0].description, /proxy credentials were not found/)
    const mistyped = await credentials(s, owner.token, owner.workspaceId, 'openai', { apiKey: 'sk-x' })
    const other = await run(s, owner.token, owner.workspaceId, `http://127.0.0.1:${targetPort}/x`, mistyped)
    assert.match(other.logs[0].description, /not of type "http proxy"/)
    assert.equal(hosts.length, before, 'nothing reached the target directly')
  })

  test('a proxy on loopback, a private or a metadata address is refused like any target', async () => {
    const other = await userWithWorkspace(closed)
    const loopback = await credentials(closed, other.token, other.workspaceId, 'http proxy', { url: `http://user:secret@127.0.0.1:${proxyPort}` })
    const before = tunnels.length
    const answer = await run(closed, other.token, other.workspaceId, 'http://93.184.216.34/', loopback)
    assert.match(answer.logs[0].description, /^Security validation failed: Proxy/)
    assert.equal(tunnels.length, before)
    const metadata = await credentials(s, owner.token, owner.workspaceId, 'http proxy', { url: 'http://169.254.169.254:80' })
    const meta = await run(s, owner.token, owner.workspaceId, `http://127.0.0.1:${targetPort}/x`, metadata)
    assert.match(meta.logs[0].description, /^Security validation failed: Proxy/)
    const named = await credentials(closed, other.token, other.workspaceId, 'http proxy', { url: `http://localhost:${proxyPort}` })
    const byName = await run(closed, other.token, other.workspaceId, 'http://93.184.216.34/', named)
    assert.match(byName.logs[0].description, /^Security validation failed/, 'a proxy name resolving to loopback is refused when connecting')
  })
})
