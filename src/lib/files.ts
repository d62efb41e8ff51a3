// Stored files: the storage port its adapters implement (runtime/files/) and the keys files are stored under. A key
// is `<workspaceId>/<botId>/<resultId>/<fileId>/<name>`: the workspace prefix keeps tenants apart, the result and bot
// prefixes let deleting a result or a bot delete its files, and the random file id makes keys unguessable.
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'

/** What is kept with a file's bytes: the name it was given and its content type. */
export type FileMeta = { name: string; contentType: string }

export interface FileStorage {
  put(key: string, bytes: Uint8Array, meta: FileMeta): Promise<void>
  /** The file's metadata, size and bytes as a stream; undefined when there is no such file. */
  get(key: string): Promise<{ meta: FileMeta; size: number; body: Readable } | undefined>
  /** Deletes every file whose key starts with `prefix` (a key prefix ending with `/`). */
  deletePrefix(prefix: string): Promise<void>
  /** The files whose keys start with `prefix` (a key prefix ending with `/`), with when each was stored. */
  list(prefix: string): Promise<{ key: string; storedAt: Date }[]>
}

/** The result segment of files made in preview chats, which have no result (never a result id: those have no `_`). */
export const PREVIEW_SEGMENT = '_preview'

const ID_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/
const FILE_ID = /^[A-Za-z0-9_-]{22}$/
/** A stored name: no leading dot (no hidden files, never `.` or `..`), a safe alphabet, at most 120 characters. */
const NAME_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}$/

/** A name safe in paths and URLs that keeps the extension readable (the original name is kept in the metadata). */
export const safeFileName = (name: string): string => {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
  const extension = /\.[A-Za-z0-9]{1,15}$/.exec(ascii)?.[0] ?? ''
  const base = ascii
    .slice(0, ascii.length - extension.length)
    .replace(/^[._]+/, '')
    .slice(0, 120 - extension.length)
  return (base || 'file') + extension
}

export type FileOwnerIds = { workspaceId: string; botId: string; resultId?: string }

/** A new key for a file of this owner (ids must be plain ids: anything else is refused rather than escaped). */
export const newFileKey = (owner: FileOwnerIds, name: string): string => {
  const segments = [owner.workspaceId, owner.botId, owner.resultId ?? PREVIEW_SEGMENT]
  if (!segments.every((s) => ID_SEGMENT.test(s))) throw new Error('File owner ids must be plain ids.')
  return [...segments, randomBytes(16).toString('base64url'), safeFileName(name)].join('/')
}

/** The workspace of a well-formed key, or undefined for anything else (traversal, wrong shape, odd characters). */
export const keyWorkspace = (key: string): string | undefined => {
  const parts = key.split('/')
  if (parts.length !== 5) return undefined
  const [workspaceId, botId, resultId, fileId, name] = parts
  const ok = [workspaceId, botId, resultId].every((s) => ID_SEGMENT.test(s)) && FILE_ID.test(fileId) && NAME_SEGMENT.test(name)
  return ok ? workspaceId : undefined
}

/** The prefix of the files of a result, or of all the results of a bot. */
export const ownerPrefix = (workspaceId: string, botId: string, resultId?: string): string => {
  const segments = resultId === undefined ? [workspaceId, botId] : [workspaceId, botId, resultId]
  if (!segments.every((s) => ID_SEGMENT.test(s))) throw new Error('File owner ids must be plain ids.')
  return `${segments.join('/')}/`
}

/** The prefix that holds exactly one file: its key without the name (`…/<fileId>/`). */
export const filePrefix = (key: string): string => key.slice(0, key.lastIndexOf('/') + 1)

/** A content type as stored and served: `type/subtype` in lower case (parameters dropped), else octet-stream. */
export const cleanContentType = (contentType: string | undefined): string => {
  const type = contentType?.split(';')[0].trim().toLowerCase() ?? ''
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : 'application/octet-stream'
}
