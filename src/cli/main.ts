// The `parley` command: run the server and manage API tokens.
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { newToken } from '../lib/ids.js'
import { startServer } from '../server.js'
import { openStore } from '../store/index.js'

const usage = `Usage: parley <command>

  serve                                   start the HTTP server (configured by environment, see README)
  token create --name NAME [--email E] [--quiet]
                                          create a token (for the user with that email, created if new);
                                          --quiet prints only the token
  token list                              list tokens (never shows their secret)
  token revoke ID                         revoke a token

Environment: DATABASE_URL (default sqlite:./data/parley.db), PORT, HOST, LOG_LEVEL, BODY_LIMIT_BYTES,
PARLEY_ADMIN_TOKEN, PARLEY_API, PUBLIC_CHAT.`

const fail = (message: string): never => {
  console.error(message)
  process.exit(2)
}

const serve = async () => {
  const config = loadConfig()
  const server = await startServer(config)
  server.app.log.info(`Parley listening on ${server.url}`)
  if (config.api !== 'chat') {
    // Said plainly on the terminal (not only in the JSON log): where a newcomer goes next.
    console.log(`\nParley is running. Open ${server.url}/ in your browser to sign in (on first run: create the first account).`)
    console.log(`API reference: ${server.url}/docs · health: ${server.url}/health\n`)
  }
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    server.app.log.info(`${signal} received, shutting down`)
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

const token = async (args: string[]) => {
  const [action, ...rest] = args
  const { values, positionals } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, email: { type: 'string' }, quiet: { type: 'boolean' } },
    allowPositionals: true,
  })
  const store = await openStore(loadConfig().databaseUrl)
  try {
    if (action === 'create') {
      if (!values.name) fail('token create needs --name NAME')
      const existing = values.email ? await store.accounts.userByEmail(values.email) : undefined
      const user = existing ?? (await store.accounts.createUser(values.name!, values.email))
      const secret = newToken()
      const id = await store.accounts.addToken(user.id, values.name!, secret)
      if (values.quiet) console.log(secret)
      else {
        console.log(JSON.stringify({ id, token: secret, userId: user.id, userName: user.name, email: user.email }, null, 2))
        console.error('Keep this token: it is shown only once.')
      }
    } else if (action === 'list') {
      console.log(JSON.stringify(await store.accounts.listTokens(), null, 2))
    } else if (action === 'revoke') {
      if (!positionals[0]) fail('token revoke needs the token id (see `parley token list`)')
      if (!(await store.accounts.revokeToken(positionals[0]))) fail(`No token with id ${positionals[0]}`)
      console.log(`Token ${positionals[0]} revoked.`)
    } else fail(usage)
  } finally {
    await store.close()
  }
}

const main = async () => {
  const [command, ...args] = process.argv.slice(2)
  if (command === 'serve') return serve()
  if (command === 'token') return token(args)
  fail(usage)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
