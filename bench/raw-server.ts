// The raw baseline: a node:http server with no framework whose continueChat-shaped route reads and parses the JSON
// body and answers a JSON body of the same size as Parley's answer to a turn (stringified per request, as any JSON
// server does). Run as its own process. The floor of what a Node.js HTTP JSON server does on this machine.
import { createServer } from 'node:http'

const { body } = JSON.parse(process.argv[2]) as { body: unknown }
const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    let ok = req.method === 'POST' && req.url?.endsWith('/continueChat')
    try {
      if (ok && !JSON.parse(Buffer.concat(chunks).toString('utf8'))) ok = false
    } catch {
      ok = false
    }
    const text = ok ? JSON.stringify(body) : '{"code":"bad_request"}'
    res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
    res.end(text)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
