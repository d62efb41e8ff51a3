// The data Parley keeps on disk is for its own user only: the SQLite database (credentials, sessions, results) and the
// stored files (what visitors uploaded). What Parley creates is made private as it is created (files 0600, directories
// 0700: store/dialect/sqlite/connection.ts, runtime/files/local.ts, cli/backup.ts); what earlier versions created
// (0644 and 0755 under the usual umask) is made private at start-up by `makeDataPrivate`.
import { chmod, lstat, readdir, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

export const PRIVATE_FILE = 0o600
export const PRIVATE_DIR = 0o700

/** The files SQLite keeps beside a database, which it creates with the database's own mode. */
const sqliteCompanions = (databaseFile: string) => ['-wal', '-shm', '-journal'].map((suffix) => databaseFile + suffix)

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Gives a file 0600 or a directory 0700, when it is one this process's user owns; answers whether the path is such a
 * directory. Symbolic links are never followed (chmod would change what they point at), anything else is left as it
 * is, and a path that does not exist (deleted meanwhile) is skipped.
 */
const makePrivate = async (path: string): Promise<boolean> => {
  const stats = await lstat(path).catch((err: unknown) => {
    if (missing(err)) return undefined
    throw err
  })
  if (!stats || stats.uid !== process.getuid?.() || !(stats.isFile() || stats.isDirectory())) return false
  const mode = stats.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE
  if ((stats.mode & 0o777) !== mode) {
    await chmod(path, mode).catch((err: unknown) => {
      if (!missing(err)) throw err
    })
  }
  return stats.isDirectory()
}

/** Makes a directory and everything below it private, the directory itself last. */
const makeTreePrivate = async (directory: string): Promise<void> => {
  const entries = await readdir(directory).catch((err: unknown) => {
    if (missing(err)) return []
    throw err
  })
  for (const name of entries) {
    const path = join(directory, name)
    if (await makePrivate(path)) await makeTreePrivate(path)
  }
  await makePrivate(directory)
}

/**
 * Start-up: makes private what earlier versions left readable by others. That is
 * - the SQLite database and its -wal, -shm and -journal files;
 * - the directory holding the database, only when it holds nothing else than those and FILES_DIR (the default
 *   `./data`): a directory with anything else in it is the operator's, left as it is;
 * - FILES_DIR and everything in it (Parley's storage: nothing else belongs there). Its walk is done once: a FILES_DIR
 *   already at 0700 was walked by an earlier start (the directory goes last), and shields what is below it anyway.
 * Nothing above those paths is touched.
 */
export const makeDataPrivate = async (paths: { databaseFile?: string; filesDir?: string }): Promise<void> => {
  // The paths as configured may be links (a FILES_DIR on another disk): what they lead to is Parley's.
  const real = (path: string | undefined) => (path ? realpath(resolve(path)).catch(() => undefined) : undefined)
  const [databaseFile, filesDir] = await Promise.all([real(paths.databaseFile), real(paths.filesDir)])
  if (filesDir) {
    const stats = await lstat(filesDir)
    if (stats.isDirectory() && (stats.mode & 0o777) !== PRIVATE_DIR) await makeTreePrivate(filesDir)
  }
  if (databaseFile && (await lstat(databaseFile)).isFile()) {
    const files = [databaseFile, ...sqliteCompanions(databaseFile)]
    for (const path of files) await makePrivate(path)
    const directory = dirname(databaseFile)
    const own = new Set(files.map((f) => basename(f)))
    if (filesDir && dirname(filesDir) === directory) own.add(basename(filesDir))
    if ((await readdir(directory)).every((name) => own.has(name))) await makePrivate(directory)
  }
}
