// File storage in a local directory: each file at `<root>/<key>`, its metadata beside it in `<root>/<key dir>/.meta.json`
// (stored names never start with a dot, so it cannot collide with a file). Keys are checked before they become
// paths, and every path is checked to stay inside the root, whatever the key. Files are 0600 and directories 0700
// (the root too, when it is made here): what visitors sent is for the server's user only.
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { type FileMeta, type FileStorage, keyWorkspace } from '../../lib/files.js'
import { PRIVATE_DIR, PRIVATE_FILE } from '../../lib/privateFiles.js'

const META = '.meta.json'

export const localFileStorage = (directory: string): FileStorage => {
  const root = resolve(directory)
  /** The path of a key or a key prefix, or undefined when it would leave the root. */
  const pathOf = (key: string): string | undefined => {
    if (key.includes('\0') || key.split('/').some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))) return undefined
    const path = resolve(root, key)
    return path.startsWith(root + sep) ? path : undefined
  }
  const fileOf = (key: string) => (keyWorkspace(key) ? pathOf(key) : undefined)

  return {
    async put(key, bytes, meta) {
      const path = fileOf(key)
      if (!path) throw new Error(`Not a file key: ${key}`)
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR })
      await writeFile(join(dirname(path), META), JSON.stringify(meta), { mode: PRIVATE_FILE })
      await writeFile(path, bytes, { mode: PRIVATE_FILE })
    },
    async get(key) {
      const path = fileOf(key)
      if (!path) return undefined
      try {
        const meta = JSON.parse(await readFile(join(dirname(path), META), 'utf8')) as FileMeta
        const { size } = await stat(path)
        return { meta, size, body: createReadStream(path) }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw err
      }
    },
    async deletePrefix(prefix) {
      const path = prefix.endsWith('/') ? pathOf(prefix.slice(0, -1)) : undefined
      if (!path) throw new Error(`Not a key prefix: ${prefix}`)
      await rm(path, { recursive: true, force: true })
    },
    async list(prefix) {
      const path = prefix.endsWith('/') ? pathOf(prefix.slice(0, -1)) : undefined
      if (!path) throw new Error(`Not a key prefix: ${prefix}`)
      const found: { key: string; storedAt: Date }[] = []
      const walk = async (dir: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return []
          throw err
        })
        for (const entry of entries) {
          const child = join(dir, entry.name)
          if (entry.isDirectory()) await walk(child)
          else if (entry.isFile() && entry.name !== META) {
            const key = relative(root, child).split(sep).join('/')
            if (keyWorkspace(key)) found.push({ key, storedAt: (await stat(child)).mtime })
          }
        }
      }
      await walk(path)
      return found
    },
  }
}
