// Which database the server uses, remembered so that CLI commands can say when they open another one.
//
// `parley serve` writes the resolved DATABASE_URL (a SQLite file's absolute path; a PostgreSQL URL without its
// password) to $XDG_STATE_HOME/parley/server-database.json (default ~/.local/state/parley/…), one file per user of
// the machine. Commands that open a database compare theirs with it: `npx parley token create` run from another
// directory resolves the default `sqlite:./data/parley.db` elsewhere, creates an empty database there and hands
// out a token the server never heard of. A warning names both places.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { sqlite } from '../store/dialect/sqlite/index.js'

const markerFile = (env: NodeJS.ProcessEnv = process.env) =>
  join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'parley', 'server-database.json')

/** A SQLite database's absolute file path (undefined for PostgreSQL and in-memory databases). */
export const sqliteFile = (databaseUrl: string): string | undefined => {
  const target = sqlite.target(databaseUrl)
  return target === undefined || target === ':memory:' || target === '' ? undefined : resolve(target)
}

/** The database as one comparable string: `sqlite:/abs/file` or the PostgreSQL URL without its password. */
export const databaseLocation = (databaseUrl: string): string => {
  const file = sqliteFile(databaseUrl)
  if (file) return `sqlite:${file}`
  try {
    const url = new URL(databaseUrl)
    url.password = ''
    return url.toString()
  } catch {
    return databaseUrl
  }
}

/** Remembers the server's database (best effort: a read-only home must not stop the server). */
export const recordServerDatabase = (databaseUrl: string) => {
  try {
    const file = markerFile()
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify({ database: databaseLocation(databaseUrl), recordedAt: new Date().toISOString() })}\n`)
  } catch {}
}

const serverDatabase = (): string | undefined => {
  try {
    return (JSON.parse(readFileSync(markerFile(), 'utf8')) as { database?: string }).database
  } catch {
    return undefined
  }
}

/** The server's database when it is not this one (as `databaseLocation` writes them), else undefined. */
export const otherServerDatabase = (databaseUrl: string): string | undefined => {
  const server = serverDatabase()
  return server && server !== databaseLocation(databaseUrl) ? server : undefined
}

/** What an operator should know before a command opens this database: it does not exist yet, or is not the server's. */
export const databaseWarnings = (databaseUrl: string): string[] => {
  const warnings: string[] = []
  const file = sqliteFile(databaseUrl)
  if (file && !existsSync(file)) warnings.push(`Warning: there is no database at ${file}; this command creates an empty one there.`)
  const server = otherServerDatabase(databaseUrl)
  if (server) {
    warnings.push(
      `Warning: this command uses the database ${databaseLocation(databaseUrl)}, but the server last started on this machine uses ${server}. ` +
        "Run the command from the server's directory, or set DATABASE_URL (or a .env file) as the server has it.",
    )
  } else if (warnings.length) {
    warnings.push("Run the command from the server's directory, or set DATABASE_URL as the server has it.")
  }
  return warnings
}
