// Telegram's webhook (Telegram calls it with the secret token set by setWebhook; no bearer token) and the set-up
// call the Share tab makes for the operator: setWebhook with this server's webhook URL and the credentials' secret.
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { AppError, notFound, unauthorized } from '../../app/errors.js'
import type { ContactMessage, IncomingMedia } from '../../app/conversations.js'
import { errorSchema, idSchema, workspaceParams } from '../../contract/api.js'
import { defineRoute, type RouteDef } from '../../api/route.js'
import type { App } from '../../app/index.js'
import type { Config } from '../../config.js'
import { ChannelError, type Outbox } from '../channel.js'
import { parseWebhookBody } from '../webhookBody.js'
import { botApi, type TelegramCredentials } from './botApi.js'
import { telegramRenderer } from './render.js'
import { buttonTitle, nameOf, type TelegramMessage, updateSchema } from './update.js'
import type { ApiTag } from '../../api/apiTags.js'

const tags: ApiTag[] = ['Channels']
const params = workspaceParams.extend({ credentialsId: idSchema })
const EXAMPLE = { workspaceId: 'ejmq7yuri0oiduza71azcjp44', credentialsId: 'cm3tg0credentials0000000001' }
/** Updates older than this are not answered (Telegram keeps them up to a day while the webhook fails). */
const MAX_AGE_MS = 3 * 60_000
const WEBHOOK_PATH = '/api/v1/workspaces/{workspaceId}/telegram/{credentialsId}/webhook'

const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== 'string') return false
  const [a, b] = [Buffer.from(given), Buffer.from(expected)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The file a message carries (the largest size of a photo), with the kind conversations.ts reads. */
const fileOf = (m: TelegramMessage) => {
  if (m.photo?.length) return { kind: 'image' as const, file: m.photo.at(-1)!, name: `photo-${m.message_id}.jpg`, type: 'image/jpeg' }
  if (m.voice) return { kind: 'audio' as const, file: m.voice, name: `voice-${m.message_id}.ogg`, type: m.voice.mime_type ?? 'audio/ogg' }
  if (m.audio)
    return { kind: 'audio' as const, file: m.audio, name: m.audio.file_name ?? `audio-${m.message_id}`, type: m.audio.mime_type ?? 'audio/mpeg' }
  if (m.video)
    return { kind: 'video' as const, file: m.video, name: m.video.file_name ?? `video-${m.message_id}`, type: m.video.mime_type ?? 'video/mp4' }
  if (m.document) {
    const d = m.document
    return { kind: 'document' as const, file: d, name: d.file_name ?? `document-${m.message_id}`, type: d.mime_type ?? 'application/octet-stream' }
  }
  return undefined
}

/** The chat of a bot (the token's first part is its id) with a contact. */
const sessionIdOf = (data: TelegramCredentials, chatId: number | string) => `tg-${data.botToken.split(':')[0]}-${chatId}`

/** Writing to the contact of chat `chatId` with these credentials. */
export const telegramOutbox = (config: Config, data: TelegramCredentials, chatId: number): Outbox => {
  const api = botApi(config.channels.telegramApiUrl, data)
  return { channel: { name: 'Telegram', renderer: telegramRenderer }, send: (outgoing) => api.send(chatId, outgoing) }
}

/** The outbox of a chat that goes on without the contact (a webhook block resumed), or undefined when it cannot. */
export const telegramResumeOutbox = async (app: App, config: Config, workspaceId: string, credentialsId: string, sessionId: string) => {
  const data = (await app.conversations.credentials(workspaceId, credentialsId, 'telegram')) as TelegramCredentials | undefined
  const prefix = data && sessionIdOf(data, '')
  const chatId = prefix && sessionId.startsWith(prefix) ? Number(sessionId.slice(prefix.length)) : Number.NaN
  return data && Number.isSafeInteger(chatId) ? telegramOutbox(config, data, chatId) : undefined
}

export const telegramWebhookRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: WEBHOOK_PATH,
    operationId: 'receiveTelegramUpdates',
    summary: 'Receive Telegram updates',
    description:
      "The webhook Telegram calls for a bot connected in the Share tab (`POST /v1/workspaces/{workspaceId}/telegram/{credentialsId}/setWebhook`). `X-Telegram-Bot-Api-Secret-Token` must be the credentials' secret token (401 otherwise). " +
      'Answers 200 at once; messages and taps on buttons are then answered by the bot chosen for them (docs/channels.md). An update delivered twice is answered once.',
    example: {
      params: EXAMPLE,
      body: {
        update_id: 912004117,
        message: { message_id: 7, from: { id: 5512, first_name: 'Ana' }, chat: { id: 5512 }, date: 1796400000, text: 'hi' },
      },
      response: { status: 200, body: { ok: true } },
    },
    tags,
    auth: 'none',
    params,
    rawBody: { description: 'A Telegram Update (JSON)', contentType: 'application/json' },
    responses: {
      200: { description: 'Received', schema: z.object({ ok: z.boolean() }) },
      400: { description: 'Not a Telegram update', schema: errorSchema },
      401: { description: 'Wrong or missing secret token', schema: errorSchema },
      404: { description: 'Unknown credentials', schema: errorSchema },
    },
    async handler({ app, config, params, body, req }) {
      const { workspaceId, credentialsId } = params
      const data = (await app.conversations.credentials(workspaceId, credentialsId, 'telegram')) as TelegramCredentials | undefined
      if (!data) throw notFound('No Telegram credentials with this id in this workspace.')
      if (!sameSecret(req.headers['x-telegram-bot-api-secret-token'], data.secretToken)) {
        throw unauthorized('X-Telegram-Bot-Api-Secret-Token is not the secret token of these credentials.')
      }
      const update = parseWebhookBody(body as Buffer, updateSchema, 'Not a Telegram update (no update_id).')
      const api = botApi(config.channels.telegramApiUrl, data)
      const callback = update.callback_query
      const message = callback?.message ?? update.message
      const from = callback?.from ?? update.message?.from
      // Answered at once, so that the contact's app stops showing the button as pressed.
      if (callback)
        void api
          .call('answerCallbackQuery', { callback_query_id: callback.id })
          .catch((err: ChannelError) => req.log.warn({ channel: 'Telegram', err: err.message }, 'answerCallbackQuery failed'))
      // Updates without a chat to answer (an inline-mode button, a channel post, an edit) are not messages to answer.
      if (!message || !from) return { ok: true }
      if (!callback && !(message.date * 1000 > Date.now() - MAX_AGE_MS)) return { ok: true }
      const chatId = message.chat.id
      const found = callback ? undefined : fileOf(message)
      const media: IncomingMedia | undefined = found && {
        kind: found.kind,
        caption: message.caption,
        download: (maxBytes) => api.file(found.file.file_id, maxBytes, found.name, found.type),
      }
      const text = callback
        ? (buttonTitle(message, callback.data ?? '') ?? callback.data)
        : (message.text ?? (message.location ? `${message.location.latitude}, ${message.location.longitude}` : message.contact?.phone_number))
      const contact: ContactMessage = {
        channel: 'telegram',
        workspaceId,
        credentialsId,
        sessionId: sessionIdOf(data, chatId),
        contact: { name: nameOf(from), ...(message.contact?.phone_number && !callback && { phoneNumber: message.contact.phone_number }) },
        ...(text !== undefined && { text }),
        ...(callback?.data && { replyId: callback.data }),
        ...(media && { media }),
      }
      req.server.conversationRunner.accept(`tg:${credentialsId}:${update.update_id}`, contact, telegramOutbox(config, data, chatId))
      return { ok: true }
    },
  }),
]

export const telegramManagementRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/telegram/{credentialsId}/setWebhook',
    operationId: 'setTelegramWebhook',
    summary: 'Connect a Telegram bot',
    description:
      "Calls Telegram's setWebhook for the bot of these credentials with this server's webhook URL (on PARLEY_CHAT_URL, which Telegram must reach over HTTPS) and the credentials' secret token. " +
      "Telegram's refusal answers 502 `upstream_error` with its description. Admins and members.",
    example: {
      params: EXAMPLE,
      response: {
        status: 200,
        body: { url: `https://chat.example.com/api/v1/workspaces/${EXAMPLE.workspaceId}/telegram/${EXAMPLE.credentialsId}/webhook` },
      },
    },
    tags,
    auth: 'required',
    params,
    responses: {
      200: { description: 'Connected', schema: z.object({ url: z.string() }) },
      401: { description: 'Missing or unknown token', schema: errorSchema },
      403: { description: 'Guests may not', schema: errorSchema },
      404: { description: 'Unknown workspace or credentials (or not a member)', schema: errorSchema },
      502: { description: 'Telegram refused', schema: errorSchema },
    },
    async handler({ app, config, sites, user, params }) {
      const { workspaceId, credentialsId } = params
      const data = (await app.conversations.credentialsFor(user, workspaceId, credentialsId, 'telegram')) as TelegramCredentials | undefined
      if (!data) throw notFound('No Telegram credentials with this id in this workspace.')
      const url = `${sites.contentUrl()}${WEBHOOK_PATH.replace('{workspaceId}', workspaceId).replace('{credentialsId}', credentialsId)}`
      try {
        await botApi(config.channels.telegramApiUrl, data).call('setWebhook', {
          url,
          secret_token: data.secretToken,
          allowed_updates: ['message', 'callback_query'],
        })
      } catch (err) {
        if (err instanceof ChannelError) throw new AppError('upstream_error', `Telegram refused the webhook: ${err.message}`)
        throw err
      }
      return { url }
    },
  }),
]
