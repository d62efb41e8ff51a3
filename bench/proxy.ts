// A round-robin TCP proxy on loopback: each accepted connection is piped to the next backend in turn (with
// keep-alive clients, connections rather than requests are balanced). Run as its own process.
import { connect, createServer } from 'node:net'

const { backends } = JSON.parse(process.argv[2]) as { backends: number[] }
let next = 0
const server = createServer((client) => {
  const port = backends[next++ % backends.length]
  const upstream = connect({ port, host: '127.0.0.1', noDelay: true })
  client.setNoDelay(true)
  client.pipe(upstream).pipe(client)
  const close = () => {
    client.destroy()
    upstream.destroy()
  }
  client.on('error', close)
  upstream.on('error', close)
  client.on('close', close)
  upstream.on('close', close)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`)
})
process.on('SIGTERM', () => process.exit(0))
