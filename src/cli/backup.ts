// `parley backup --to FILE`: a consistent copy of the SQLite database, taken while the server runs (SQLite's online
// backup copies pages from a read transaction of its own; the server's writes go on meanwhile). PostgreSQL has
// pg_dump for that: the command prints how to call it.
import { closeSync, existsSync, openSync, rmSync } from 'node:fs'
import Sqlite from 'better-sqlite3'
import { PRIVATE_FILE } from '../lib/privateFiles.js'
import { databaseOf } from '../store/index.js'

/** Copies the SQLite database of `databaseUrl` to `targetFile`, which must not exist yet. Answers the pages copied. */
export const backupSqlite = async (databaseUrl: string, targetFile: string): Promise<{ pages: number }> => {
  const { dialect, target } = databaseOf(databaseUrl)
  if (dialect !== 'sqlite') throw new Error(`DATABASE_URL names a ${dialect} database, not SQLite.`)
  if (!existsSync(target)) throw new Error(`No SQLite database at ${target} (DATABASE_URL).`)
  // Waits for the server's write lock like the server does, rather than failing at once.
  const db = new Sqlite(target, { fileMustExist: true, timeout: 5000 })
  try {
    createPrivateFile(targetFile)
    try {
      const { totalPages } = await db.backup(targetFile)
      return { pages: totalPages }
    } catch (err) {
      rmSync(targetFile, { force: true })
      throw err
    }
  } finally {
    db.close()
  }
}

/** The copy is as private as the database: created here, empty and 0600 (SQLite would make it 0644), then filled. */
const createPrivateFile = (file: string) => {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE))
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new Error(`${file} exists: back up to a new file.`)
    if (code === 'ENOENT') throw new Error(`The directory of ${file} does not exist.`)
    throw err
  }
}

/** The pg_dump call that backs up the PostgreSQL database of `databaseUrl` (password left out: PGPASSWORD or ~/.pgpass). */
export const pgDumpCommand = (databaseUrl: string, targetFile: string): string => {
  const url = new URL(databaseUrl)
  const password = url.password
  url.password = ''
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  return `${password ? 'PGPASSWORD=… ' : ''}pg_dump --format=custom --file=${quote(targetFile)} ${quote(url.toString())}`
}
