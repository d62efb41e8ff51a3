// The `parley` command: run the server, manage users and API tokens.
import cluster from 'node:cluster'
import { text } from 'node:stream/consumers'
import { parseArgs } from 'node:util'
import { hashPassword } from '../app/passwords.js'
import { createOneTimeLink } from '../app/signIn.js'
import { type Config, loadConfig } from '../config.js'
import { newToken } from '../lib/ids.js'
import { startServer } from '../server.js'
import { databaseOf, openStore } from '../store/index.js'
import { backupSqlite, pgDumpCommand } from './backup.js'
import { serveWorkers, stopWithPrimary } from './cluster.js'

const usage = `Usage: parley <command>

  serve [--workers N]                     start the HTTP server (configured by environment, see README);
                                          N processes on one port (PostgreSQL only; default PARLEY_WORKERS or 1)
  backup --to FILE                        copy the SQLite database to FILE while the server runs
                                          (on PostgreSQL: prints the pg_dump command to use)
  token create --name NAME [--email E] [--quiet]
                                          create a token (for the user with that email, created if new);
                                          --quiet prints only the token
  token list                              list tokens (never shows their secret)
  token revoke ID                         revoke a token
  user create --email E --name N [--password-stdin]
                                          create a user with a workspace of their own; the password is read
                                          from standard input, else a one-time link to set it is printed
  user reset-link --email E               print a one-time link to set a new password (valid one hour;
                                          for servers that cannot send emails)

Environment: DATABASE_URL (default sqlite:./data/parley.db), PARLEY_WORKERS, PORT, HOST, LOG_LEVEL, BODY_LIMIT_BYTES,
PARLEY_ADMIN_TOKEN, PARLEY_API, PUBLIC_CHAT, PARLEY_PUBLIC_URL (the address in printed links).`

const fail = (message: string): never => {
  console.error(message)
  process.exit(2)
}

const serve = async (args: string[]) => {
  const config = loadConfig()
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } } })
  const workers = values.workers === undefined ? config.workers : Number(values.workers)
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) fail('--workers needs a whole number from 1 to 256')
  const printWhere = (url: string) => {
    if (config.api === 'chat') return
    // Said plainly on the terminal (not only in the JSON log): where a newcomer goes next.
    console.log(`\nParley is running. Open ${url}/ in your browser to sign in (on first run: create the first account).`)
    console.log(`API reference: ${url}/docs · health: ${url}/health\n`)
  }
  if (cluster.isPrimary && workers > 1) return printWhere((await serveWorkers(config, workers)).url)
  // A worker of the cluster: its primary migrated the database and prints the addresses.
  const server = await startServer(config, { migrate: cluster.isPrimary })
  server.app.log.info(`Parley listening on ${server.url}`)
  if (cluster.isPrimary) printWhere(server.url)
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
  stopWithPrimary((reason) => void shutdown(reason))
}

const backup = async (args: string[]) => {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } })
  if (!values.to) fail('backup needs --to FILE')
  const { databaseUrl } = loadConfig()
  if (databaseOf(databaseUrl).dialect === 'postgres') {
    console.error('This server uses PostgreSQL: back it up with pg_dump (restore with pg_restore), e.g.')
    console.log(pgDumpCommand(databaseUrl, values.to!))
    process.exit(2)
  }
  const { pages } = await backupSqlite(databaseUrl, values.to!)
  console.log(`Backed up ${pages} pages to ${values.to}.`)
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

/** The address people reach the server at, as the server computes it (links printed here must open there). */
const publicUrlOf = (config: Config) =>
  config.files.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`

const user = async (args: string[]) => {
  const [action, ...rest] = args
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  })
  if (action !== 'create' && action !== 'reset-link') fail(usage)
  const email = values.email?.trim().toLowerCase()
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) fail(`user ${action ?? ''} needs --email EMAIL`)
  const config = loadConfig()
  const store = await openStore(config.databaseUrl)
  try {
    if (action === 'create') {
      const name = values.name?.trim()
      if (!name) fail('user create needs --name NAME')
      const password = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined
      if (password !== undefined && (password.length < 8 || password.length > 256)) fail('The password needs 8 to 256 characters.')
      if (await store.accounts.userByEmail(email!)) fail(`A user with email ${email} exists (see \`parley user reset-link\`).`)
      const created = await store.accounts.createUser(name!, email, password === undefined ? undefined : await hashPassword(password))
      await store.workspaces.create(created.id, { name: `${name}'s workspace` })
      console.log(JSON.stringify({ userId: created.id, name: created.name, email: created.email }, null, 2))
      if (password === undefined) {
        console.log(`Set the password at: ${await createOneTimeLink(store, publicUrlOf(config), created.id, 'reset')}`)
        console.error('The link works once, within an hour.')
      }
    } else if (action === 'reset-link') {
      const found = await store.accounts.userByEmail(email!)
      if (!found) fail(`No user with email ${email}`)
      console.log(await createOneTimeLink(store, publicUrlOf(config), found!.id, 'reset'))
      console.error('The link works once, within an hour.')
    }
  } finally {
    await store.close()
  }
}

const main = async () => {
  const [command, ...args] = process.argv.slice(2)
  if (command === 'serve') return serve(args)
  if (command === 'backup') return backup(args)
  if (command === 'token') return token(args)
  if (command === 'user') return user(args)
  fail(usage)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
