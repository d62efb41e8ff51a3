// Stored files: files blocks make and files chat clients upload, kept per workspace under their result (see
// lib/files.ts for the keys) and served back at `<public URL>/v1/files/<key>`. Uploads go through signed,
// short-lived URLs that the chat API hands out for the block a chat waits on (see chats.requestUpload). Each URL is
// also recorded (store/fileUploads.ts) so that it stores one file once, and only until its chat moves on: replayed
// later, it would swap the file under the answer the chat stored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { UploadRules } from '../engine/kinds.js'
import type { ChatFiles, FileOwner, StoredFile } from '../engine/types.js'
import { cleanContentType, type FileStorage, filePrefix, keyWorkspace, newFileKey, ownerPrefix, PREVIEW_SEGMENT } from '../lib/files.js'
import { hashToken } from '../lib/ids.js'
import type { FileUploadStore } from '../store/fileUploads.js'
import { AppError, conflict, forbidden, notFound, payloadTooLarge } from './errors.js'

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 10 * 60 * 1000

export type FilesSettings = {
  /** The server's public address (no trailing slash), known once it listens when not configured. */
  publicUrl: () => string
  maxBytes: number
  /** Secret the upload URLs are signed with; absent, a random one per process. */
  signingSecret?: string
}

/** A file to upload; without `size` (clients that do not tell it), the block's limit is granted and checked on upload. */
export type UploadRequest = { blockId: string; fileName: string; contentType?: string; size?: number }
/** The query of an upload URL: what was granted, and its signature. */
export type UploadGrant = { expires: number; size: number; type: string; name: string; session: string; block: string; signature: string }
/** The chat an upload URL is for, as its session was read when the URL was asked for. */
export type UploadSession = { id: string; revision: number; updatedAt: string }

const FILES_PATH = '/v1/files/'
const unsupportedType = (message: string) => new AppError('unsupported_media_type', message)

export const createFiles = ({
  storage,
  settings,
  uploads,
  now = Date.now,
}: {
  storage: FileStorage
  settings: FilesSettings
  uploads: Pick<FileUploadStore, 'record' | 'claim' | 'release'>
  now?: () => number
}) => {
  // Derived, so the encryption secret itself never signs anything.
  const signingKey = createHmac('sha256', settings.signingSecret ?? randomBytes(32).toString('hex'))
    .update('parley file uploads')
    .digest()
  const sign = (key: string, grant: Omit<UploadGrant, 'signature'>) =>
    createHmac('sha256', signingKey)
      .update(JSON.stringify([key, grant.expires, grant.size, grant.type, grant.name, grant.session, grant.block]))
      .digest('base64url')
  const urlOf = (key: string) => `${settings.publicUrl()}${FILES_PATH}${key}`

  /** The key of one of this server's file URLs, or undefined. */
  const keyOfUrl = (url: string): string | undefined => {
    const prefix = `${settings.publicUrl()}${FILES_PATH}`
    if (!url.startsWith(prefix)) return undefined
    const key = url.slice(prefix.length)
    return keyWorkspace(key) ? key : undefined
  }

  const store: ChatFiles['store'] = async (file, owner) => {
    if (file.bytes.byteLength > settings.maxBytes) return { ok: false, message: `The file is larger than ${settings.maxBytes} bytes.` }
    try {
      const key = newFileKey(owner, file.name)
      await storage.put(key, file.bytes, { name: file.name, contentType: cleanContentType(file.contentType) })
      return { ok: true, url: urlOf(key) }
    } catch (err) {
      return { ok: false, message: `The file could not be stored: ${err instanceof Error ? err.message : String(err)}` }
    }
  }

  const read: ChatFiles['read'] = async (url, workspaceId): Promise<StoredFile | undefined> => {
    const key = keyOfUrl(url.trim())
    if (!key || keyWorkspace(key) !== workspaceId) return undefined
    const found = await storage.get(key)
    if (!found) return undefined
    const chunks: Uint8Array[] = []
    for await (const chunk of found.body) chunks.push(chunk)
    return { name: found.meta.name, contentType: found.meta.contentType, bytes: Buffer.concat(chunks) }
  }

  /** The grant of an upload URL, when its signature holds and it has not expired. */
  const checkGrant = (key: string, query: Record<string, unknown>): UploadGrant => {
    const grant = {
      expires: Number(query.expires),
      size: Number(query.size),
      type: String(query.type ?? ''),
      name: String(query.name ?? ''),
      session: String(query.session ?? ''),
      block: String(query.block ?? ''),
      signature: String(query.signature ?? ''),
    }
    const expected = Buffer.from(sign(key, grant))
    const given = Buffer.from(grant.signature)
    if (!keyWorkspace(key) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('This upload URL is not valid (its signature does not match).')
    }
    if (!(grant.expires > now())) throw forbidden('This upload URL has expired: ask for a new one.')
    return grant
  }

  return {
    /** The engine's view (EngineDeps.files). */
    chatFiles: { store, read } satisfies ChatFiles,
    /** The largest file stored (FILES_MAX_BYTES). */
    maxBytes: settings.maxBytes,

    /** An upload URL for a file the block `rules` come from accepts, for the chat of `session` waiting on `blockId`. */
    async grantUpload(owner: FileOwner, rules: UploadRules, request: UploadRequest, session: UploadSession) {
      const contentType = cleanContentType(request.contentType)
      const limit = Math.min(rules.maxBytes ?? settings.maxBytes, settings.maxBytes)
      if (request.size !== undefined && request.size > limit) throw payloadTooLarge(`The file is larger than this block accepts (${limit} bytes).`)
      const refused = rules.refuses({ fileName: request.fileName, contentType })
      if (refused) throw unsupportedType(refused)
      const key = newFileKey(owner, request.fileName)
      const grant = {
        expires: now() + UPLOAD_URL_TTL_MS,
        size: request.size ?? limit,
        type: contentType,
        name: request.fileName,
        session: hashToken(session.id).slice(0, 32),
        block: request.blockId,
      }
      await uploads.record({
        key,
        sessionId: session.id,
        sessionRevision: session.revision,
        sessionUpdatedAt: session.updatedAt,
        expiresAt: grant.expires,
      })
      const query = new URLSearchParams({ ...grant, expires: String(grant.expires), size: String(grant.size), signature: sign(key, grant) })
      return { uploadUrl: `${urlOf(key)}?${query}`, fileUrl: urlOf(key), expiresAt: new Date(grant.expires).toISOString() }
    },

    /** The size an upload URL allows (checked before its body is read). */
    uploadLimit: (key: string, query: Record<string, unknown>) => checkGrant(key, query).size,

    /**
     * Stores the file sent to an upload URL (a PUT's body or a form's file); its content type, when given, must be the
     * one granted. The URL is claimed once the file passed its checks: a refused file leaves it usable, a stored one
     * (or one being stored) makes it refuse any other.
     */
    async upload(key: string, query: Record<string, unknown>, contentType: string | undefined, bytes: Uint8Array) {
      const grant = checkGrant(key, query)
      if (bytes.byteLength > grant.size) throw payloadTooLarge(`The body is larger than the ${grant.size} bytes this upload URL allows.`)
      if (contentType !== undefined && cleanContentType(contentType) !== grant.type) {
        throw unsupportedType(`This upload URL takes ${grant.type}, not ${cleanContentType(contentType)}.`)
      }
      const claim = await uploads.claim(key, new Date(now()))
      if (claim === 'used') throw conflict('This upload URL has been used already: ask for a new one to send another file.')
      if (claim === 'moved_on') throw forbidden('This upload URL is no longer valid: the chat has moved on since it was given. Ask for a new one.')
      if (claim === 'unknown') throw forbidden('This upload URL is not valid (this server has no record of it): ask for a new one.')
      try {
        await storage.put(key, bytes, { name: grant.name, contentType: grant.type })
      } catch (err) {
        // The storage's failure is the one to report; unreleased, the URL only needs asking for again.
        await uploads.release(key).catch(() => undefined)
        throw err
      }
      return { fileUrl: urlOf(key) }
    },

    /** A stored file to serve, by key. */
    async serve(key: string) {
      const found = keyWorkspace(key) ? await storage.get(key) : undefined
      if (!found) throw notFound('File not found.')
      return found
    },

    /**
     * Deletes the files of a result (of a bot's preview chats without `resultId`) stored before `before`, except
     * those whose key `keep` accepts (keys, not URLs: the public URL may have changed since); answers how many it deleted.
     */
    async pruneOwned(owner: FileOwner, before: Date, keep: (key: string) => boolean = () => false): Promise<number> {
      const found = await storage.list(ownerPrefix(owner.workspaceId, owner.botId, owner.resultId ?? PREVIEW_SEGMENT))
      let deleted = 0
      for (const { key, storedAt } of found) {
        if (storedAt >= before || keep(key)) continue
        await storage.deletePrefix(filePrefix(key))
        deleted++
      }
      return deleted
    },

    /** Deletes the files of a result, or of every result of a bot. */
    deleteOwned: (workspaceId: string, botId: string, resultId?: string) => storage.deletePrefix(ownerPrefix(workspaceId, botId, resultId)),
  }
}

export type FilesApp = ReturnType<typeof createFiles>
