// A tiny order-status API for the README example: GET /orders/{n} → { status } (even numbers are shipped).
import { createServer } from 'node:http'

createServer((req, res) => {
  const n = Number(req.url.split('/').pop())
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify({ order: n, status: n % 2 === 0 ? 'shipped' : 'being packed' }))
}).listen(4000, '127.0.0.1', () => console.log('orders API on http://127.0.0.1:4000'))
