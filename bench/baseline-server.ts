// The baseline: a bare Fastify server (no plugins, no schema, no database) whose continueChat-shaped route parses
// the JSON body and answers a JSON body of the same size as Parley's answer to a turn. Run as its own process.
import Fastify from 'fastify'

const { body } = JSON.parse(process.argv[2]) as { body: unknown }
const app = Fastify({ logger: false })
app.post('/v1/sessions/:sessionId/continueChat', async (req) => {
  if (!req.body) throw new Error('no body')
  return body
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
