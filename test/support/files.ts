// File storage for kind and engine tests: files kept in memory under the same keys and URLs as the server's.
import { keyWorkspace, newFileKey } from '../../src/lib/files.js'
import type { ChatFiles, StoredFile } from '../../src/engine/types.js'

export const memoryFiles = (baseUrl = 'http://files.test'): ChatFiles & { files: Map<string, StoredFile> } => {
  const files = new Map<string, StoredFile>()
  const prefix = `${baseUrl}/v1/files/`
  return {
    files,
    async store(file, owner) {
      const key = newFileKey(owner, file.name)
      files.set(key, { ...file, bytes: Uint8Array.from(file.bytes) })
      return { ok: true, url: prefix + key }
    },
    async read(url, workspaceId) {
      const key = url.startsWith(prefix) ? url.slice(prefix.length) : ''
      return keyWorkspace(key) === workspaceId ? files.get(key) : undefined
    },
  }
}
