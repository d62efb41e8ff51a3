// `parley backup --to FILE`: an online copy of the SQLite database (safe while the server runs); on PostgreSQL, the
// pg_dump command to use instead.
import { loadConfig } from '../../config.js'
import { databaseOf } from '../../store/index.js'
import { backupSqlite, pgDumpCommand } from '../backup.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'

export const backup: Command = {
  name: 'backup',
  summary: 'copy the SQLite database to a file while the server runs',
  usage: `Usage: parley backup --to FILE

Copies the SQLite database DATABASE_URL names to FILE (which must not exist), consistently, while the server keeps
running and writing. On PostgreSQL, prints the pg_dump command to use instead (see docs/deploy.md).`,
  async run(args) {
    const { values } = parseOptions(args, { to: { type: 'string' } })
    if (!values.to) throw new UsageError('backup needs --to FILE')
    const { databaseUrl } = loadConfig()
    if (databaseOf(databaseUrl).dialect === 'postgres') {
      console.error('This server uses PostgreSQL: back it up with pg_dump (restore with pg_restore), e.g.')
      console.log(pgDumpCommand(databaseUrl, values.to))
      return 2
    }
    const { pages } = await backupSqlite(databaseUrl, values.to).catch((err: unknown) => {
      throw new CommandError(err instanceof Error ? err.message : String(err))
    })
    console.log(`Backed up ${pages} pages to ${values.to}.`)
    return 0
  },
}
