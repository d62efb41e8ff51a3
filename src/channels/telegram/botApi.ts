// Telegram's Bot API, as Parley calls it: `{TELEGRAM_API_URL}/bot{token}/{method}` with JSON, files through getFile.
// The base URL is the operator's (TELEGRAM_API_URL), so the SSRF guard of bot requests does not apply to it.
import type { StoredFile } from '../../app/conversations.js'
import { ChannelError, type Outgoing } from '../channel.js'
import { readCapped } from '../download.js'

export type TelegramCredentials = { botToken: string; secretToken: string }

const TIMEOUT_MS = 15_000

export const botApi = (baseUrl: string, { botToken }: Pick<TelegramCredentials, 'botToken'>) => {
  const call = async (method: string, params: Record<string, unknown>) => {
    // The token is part of the URL: an error never repeats the URL.
    const res = await fetch(`${baseUrl}/bot${botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => {
      throw new ChannelError(`The Telegram Bot API could not be reached (${method}).`)
    })
    const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; result?: unknown; description?: string }
    if (!res.ok || !answer.ok) throw new ChannelError(`${method}: ${res.status} ${answer.description ?? 'error'}`)
    return answer.result
  }
  return {
    call,
    /** Sends one message (its body names the method: sendMessage, sendPhoto…) to a chat. */
    send: (chatId: number, { body: { method, ...params } }: Outgoing) => call(String(method), { chat_id: chatId, ...params }).then(() => undefined),

    /** A file the contact sent, or undefined when larger than `maxBytes`. */
    async file(fileId: string, maxBytes: number, name: string, contentType: string): Promise<StoredFile | undefined> {
      const found = (await call('getFile', { file_id: fileId })) as { file_path?: string; file_size?: number }
      if (!found.file_path || (found.file_size ?? 0) > maxBytes) return undefined
      // The token is part of the URL: the error never repeats it.
      const res = await fetch(`${baseUrl}/file/bot${botToken}/${found.file_path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => {
        throw new ChannelError('The Telegram file could not be fetched.')
      })
      if (!res.ok) throw new ChannelError(`getFile download: ${res.status}`)
      const bytes = await readCapped(res, maxBytes)
      if (!bytes) return undefined
      return { name: name.includes('.') ? name : `${name}.${found.file_path.split('.').pop() ?? 'bin'}`, contentType, bytes }
    },
  }
}
