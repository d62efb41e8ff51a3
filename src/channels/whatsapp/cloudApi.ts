// Meta's WhatsApp Cloud API, as Parley calls it: messages sent one at a time to /v21.0/{phoneNumberId}/messages,
// media fetched through /v17.0/{mediaId} and the URL it answers (Typebot's versions). The base URL is the
// operator's (WHATSAPP_CLOUD_API_URL), so the SSRF guard of bot requests does not apply to it.
import type { StoredFile } from '../../app/conversations.js'
import { ChannelError, type Outgoing } from '../channel.js'
import { readCapped } from '../download.js'

export type WhatsAppCredentials = { systemUserAccessToken: string; phoneNumberId: string; appSecret?: string }

/** Calls to Meta time out rather than hold a contact's queue. */
const TIMEOUT_MS = 15_000

const errorOf = async (res: Response) => {
  const text = await res.text().catch(() => '')
  try {
    const error = JSON.parse(text).error
    if (error?.message) return `${res.status}: ${error.message}${error.code ? ` (code ${error.code})` : ''}`
  } catch {}
  return `${res.status}: ${text.slice(0, 300)}`
}

export const cloudApi = (baseUrl: string, credentials: WhatsAppCredentials) => {
  const auth = { authorization: `Bearer ${credentials.systemUserAccessToken}` }
  return {
    /** Sends one message to a contact. */
    async send(to: string, message: Outgoing) {
      const res = await fetch(`${baseUrl}/v21.0/${encodeURIComponent(credentials.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to, ...message.body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch((err) => {
        throw new ChannelError(`The WhatsApp Cloud API could not be reached: ${(err as Error).message}`)
      })
      if (!res.ok) throw new ChannelError(await errorOf(res))
    },

    /** A contact's media file, or undefined when Meta does not give it or it is larger than `maxBytes`. */
    async media(mediaId: string, kind: string, maxBytes: number, fileName?: string): Promise<StoredFile | undefined> {
      const meta = await fetch(`${baseUrl}/v17.0/${encodeURIComponent(mediaId)}`, { headers: auth, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(
        (err) => {
          throw new ChannelError(`The WhatsApp Cloud API could not be reached: ${(err as Error).message}`)
        },
      )
      if (!meta.ok) throw new ChannelError(await errorOf(meta))
      const { url, mime_type: mimeType, file_size: size } = (await meta.json()) as { url?: string; mime_type?: string; file_size?: number }
      if (!url || (typeof size === 'number' && size > maxBytes)) return undefined
      const file = await fetch(url, { headers: auth, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((err) => {
        throw new ChannelError(`The media file could not be fetched: ${(err as Error).message}`)
      })
      if (!file.ok) throw new ChannelError(await errorOf(file))
      const bytes = await readCapped(file, maxBytes)
      if (!bytes) return undefined
      const contentType = (mimeType ?? file.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim()
      return { name: fileName ?? `${kind}-${mediaId}.${extensionOf(contentType)}`, contentType, bytes }
    },
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
}
const extensionOf = (contentType: string) => EXTENSIONS[contentType] ?? contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') ?? 'bin'
