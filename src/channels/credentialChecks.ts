// Before channel credentials are stored, the messaging app confirms they are what they claim: the WhatsApp token can
// read the phone number ID, the Telegram token is the bot its id says. Chats are keyed by those ids
// (wa-{phoneNumberId}-…, tg-{botId}-…): credentials naming another tenant's number or bot would reach its contacts.
import type { CredentialChecks } from '../app/credentials.js'
import type { Config } from '../config.js'

const TIMEOUT_MS = 15_000

const reason = async (res: Response) => {
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string }; description?: string }
  return body.error?.message ?? body.description ?? `HTTP ${res.status}`
}

export const channelCredentialChecks = (config: Config): CredentialChecks => ({
  async whatsApp(data) {
    const url = `${config.channels.whatsAppApiUrl}/v17.0/${encodeURIComponent(String(data.phoneNumberId))}?fields=id`
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${data.systemUserAccessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => undefined)
    if (!res) return 'The WhatsApp Cloud API could not be reached to check these credentials.'
    if (!res.ok) return `Meta refused this token for this phone number ID: ${await reason(res)}`
    const found = (await res.json().catch(() => ({}))) as { id?: string }
    return found.id === String(data.phoneNumberId) ? undefined : 'Meta answered for another phone number ID.'
  },

  async telegram(data) {
    const token = String(data.botToken)
    const res = await fetch(`${config.channels.telegramApiUrl}/bot${token}/getMe`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => undefined)
    if (!res) return 'The Telegram Bot API could not be reached to check this token.'
    if (!res.ok) return `Telegram refused this token: ${await reason(res)}`
    const me = (await res.json().catch(() => ({}))) as { result?: { id?: number } }
    return String(me.result?.id) === token.split(':')[0] ? undefined : 'Telegram answered for another bot than this token names.'
  },
})
