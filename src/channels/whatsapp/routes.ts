// WhatsApp's webhook on Typebot's paths (Meta calls it; no bearer token) and the verification token an operator
// pastes into Meta's set-up. Meta's events are answered at once; the contacts' messages are handled afterwards
// (conversation.ts), one contact's in the order they came.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { badRequest, notFound, unauthorized } from '../../app/errors.js'
import type { ContactMessage } from '../../app/conversations.js'
import { errorSchema, idSchema, workspaceParams } from '../../contract/api.js'
import { defineRoute, type RouteDef } from '../../api/route.js'
import type { App } from '../../app/index.js'
import type { Config } from '../../config.js'
import type { Outbox } from '../channel.js'
import { parseWebhookBody } from '../webhookBody.js'
import { cloudApi, type WhatsAppCredentials } from './cloudApi.js'
import { MEDIA_KINDS, type MediaKind, receivedMessages, textOf, webhookPayloadSchema } from './payload.js'
import { whatsAppRenderer } from './render.js'
import type { ApiTag } from '../../api/apiTags.js'

/** Messages older than this are not answered (Meta redelivers after an outage; a late answer confuses the contact). */
const MAX_AGE_MS = 3 * 60_000
const TOKEN_PURPOSE = 'whatsapp webhook'
const tags: ApiTag[] = ['Channels']
const params = workspaceParams.extend({ credentialsId: idSchema })
const EXAMPLE = { workspaceId: 'ejmq7yuri0oiduza71azcjp44', credentialsId: 'cm3wa0credentials0000000001' }

/** Whether Meta signed the raw body with the app's secret (`X-Hub-Signature-256: sha256=<hex>`). */
const signedByMeta = (body: Buffer, header: unknown, appSecret: string) => {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false
  const expected = createHmac('sha256', appSecret).update(body).digest()
  return timingSafeEqual(expected, Buffer.from(header.slice(7), 'hex'))
}

const verifyQuery = z.looseObject({
  'hub.mode': z.string().max(50).optional().meta({ description: '`subscribe` for a subscription check.' }),
  'hub.verify_token': z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'A token from POST /v1/workspaces/{workspaceId}/whatsapp/verificationToken.' }),
  'hub.challenge': z.string().max(200).optional().meta({ description: 'What to answer back when the check passes.' }),
})

/** Typebot's path and ours, each with its operations' ids. */
const webhookPaths = [
  {
    path: '/api/v1/workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook',
    ids: ['typebotVerifyWhatsAppWebhook', 'typebotReceiveWhatsAppEvents'],
  },
  { path: '/v1/workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook', ids: ['verifyWhatsAppWebhook', 'receiveWhatsAppEvents'] },
]

const webhookRoutes = ({ path, ids: [verifyId, receiveId] }: (typeof webhookPaths)[number]): RouteDef[] => [
  defineRoute({
    method: 'GET',
    path,
    operationId: verifyId,
    summary: 'Verify the WhatsApp webhook (Meta)',
    description:
      "Meta's subscription check when the webhook is set up: answers `hub.challenge` as text when `hub.mode` is `subscribe` and `hub.verify_token` is a token from " +
      '`POST /v1/workspaces/{workspaceId}/whatsapp/verificationToken` (valid one hour, used once). No bearer token. See docs/channels.md.',
    example: {
      params: EXAMPLE,
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'Vq0y7kR1mW4tZp8sXn2cLb5d', 'hub.challenge': '1158201444' },
      response: { status: 200, body: '1158201444' },
    },
    tags,
    auth: 'none',
    params,
    query: verifyQuery,
    responses: {
      200: { description: 'The challenge, as text', schema: z.string() },
      400: { description: 'Not a subscription check', schema: errorSchema },
      401: { description: 'Unknown, used or expired verify token', schema: errorSchema },
    },
    async handler({ app, params, query, reply }) {
      if (query['hub.mode'] !== 'subscribe' || !query['hub.challenge']) throw badRequest('Expected hub.mode=subscribe with hub.challenge.')
      const token = query['hub.verify_token'] ?? ''
      if (!token || !(await app.conversations.takeVerificationToken(params.workspaceId, token, TOKEN_PURPOSE))) {
        throw unauthorized('Unknown, used or expired verify token: generate a new one in the Share tab.')
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'])
    },
  }),
  defineRoute({
    method: 'POST',
    path,
    operationId: receiveId,
    summary: 'Receive WhatsApp events (Meta)',
    description:
      "Meta's webhook for the `messages` field of a WhatsApp Business Account. With the credentials' `appSecret`, `X-Hub-Signature-256` must sign the raw body (401 otherwise). " +
      'Answers 200 at once; each contact message is then answered by the bot chosen for it (docs/channels.md). Status callbacks, reactions, messages older than 3 minutes or for another phone number id are ignored, and a message delivered twice is answered once.',
    example: {
      params: EXAMPLE,
      body: { object: 'whatsapp_business_account', entry: [] },
      response: { status: 200, body: { message: 'Message received' } },
    },
    tags,
    auth: 'none',
    params,
    rawBody: { description: "Meta's event notification (JSON), signed when the app secret is set", contentType: 'application/json' },
    responses: {
      200: { description: 'Received', schema: z.object({ message: z.string() }) },
      400: { description: 'Not a WhatsApp event payload', schema: errorSchema },
      401: { description: 'Wrong or missing signature', schema: errorSchema },
      404: { description: 'Unknown credentials', schema: errorSchema },
    },
    async handler({ app, config, params, body, req }) {
      const { workspaceId, credentialsId } = params
      const data = (await app.conversations.credentials(workspaceId, credentialsId, 'whatsApp')) as WhatsAppCredentials | undefined
      if (!data) throw notFound('No WhatsApp credentials with this id in this workspace.')
      const raw = body as Buffer
      if (data.appSecret && !signedByMeta(raw, req.headers['x-hub-signature-256'], data.appSecret)) {
        throw unauthorized('The X-Hub-Signature-256 header does not sign this body with the app secret.')
      }
      const payload = parseWebhookBody(raw, webhookPayloadSchema, 'Not a WhatsApp webhook payload (no entry[]).')
      const api = cloudApi(config.channels.whatsAppApiUrl, data)
      const runner = req.server.conversationRunner
      for (const { phoneNumberId, contactName, message } of receivedMessages(payload)) {
        const from = message.from!
        const sentAt = Number(message.timestamp) * 1000
        if (phoneNumberId !== data.phoneNumberId) {
          req.log.info({ channel: 'WhatsApp' }, 'A message for another phone number id was ignored')
          continue
        }
        if (!(sentAt > Date.now() - MAX_AGE_MS)) {
          req.log.info({ channel: 'WhatsApp' }, 'A message older than 3 minutes was ignored')
          continue
        }
        const kind = MEDIA_KINDS.find((k) => k === message.type) as MediaKind | undefined
        const file = kind && message[kind]
        const contact: ContactMessage = {
          channel: 'whatsApp',
          workspaceId,
          credentialsId,
          sessionId: `wa-${phoneNumberId}-${from}`,
          contact: { name: contactName, phoneNumber: from },
          ...(message.referral && { referral: { ctwaClickId: message.referral.ctwa_clid, sourceId: message.referral.source_id } }),
          ...textOf(message),
          ...(kind &&
            file && {
              media: {
                kind,
                caption: file.caption && !(kind === 'document' && file.caption === file.filename) ? file.caption : undefined,
                download: (maxBytes: number) => api.media(file.id, kind, maxBytes, file.filename),
              },
            }),
        }
        const key = `wa:${phoneNumberId}:${message.id ?? `${from}:${message.timestamp}`}`
        runner.accept(key, contact, whatsAppOutbox(config, data, from))
      }
      return { message: 'Message received' }
    },
  }),
]

/** Writing to the contact of a chat `wa-{phoneNumberId}-{to}` with these credentials. */
export const whatsAppOutbox = (config: Config, data: WhatsAppCredentials, to: string): Outbox => {
  const api = cloudApi(config.channels.whatsAppApiUrl, data)
  return {
    channel: { name: 'WhatsApp', renderer: whatsAppRenderer({ interactiveGroupSize: config.channels.whatsAppGroupSize }) },
    send: (outgoing) => api.send(to, outgoing),
  }
}

/** The outbox of a chat that goes on without the contact (a webhook block resumed), or undefined when it cannot. */
export const whatsAppResumeOutbox = async (app: App, config: Config, workspaceId: string, credentialsId: string, sessionId: string) => {
  const data = (await app.conversations.credentials(workspaceId, credentialsId, 'whatsApp')) as WhatsAppCredentials | undefined
  const prefix = data && `wa-${data.phoneNumberId}-`
  return prefix && sessionId.startsWith(prefix) ? whatsAppOutbox(config, data, sessionId.slice(prefix.length)) : undefined
}

export const whatsAppWebhookRoutes: RouteDef[] = webhookPaths.flatMap(webhookRoutes)

export const whatsAppManagementRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/workspaces/{workspaceId}/whatsapp/verificationToken',
    operationId: 'createWhatsAppVerifyToken',
    summary: 'Make a WhatsApp verify token',
    description:
      "A token to paste into Meta's webhook set-up as the Verify token: Meta's subscription check (`GET …/whatsapp/{credentialsId}/webhook`) passes with it once, within an hour. Admins and members.",
    example: { params: { workspaceId: EXAMPLE.workspaceId }, response: { status: 200, body: { verificationToken: 'Vq0y7kR1mW4tZp8sXn2cLb5d' } } },
    tags,
    auth: 'required',
    params: workspaceParams,
    responses: {
      200: { description: 'The token', schema: z.object({ verificationToken: z.string() }) },
      401: { description: 'Missing or unknown token', schema: errorSchema },
      403: { description: 'Guests may not', schema: errorSchema },
      404: { description: 'Unknown workspace (or not a member)', schema: errorSchema },
    },
    async handler({ app, user, params }) {
      return app.conversations.issueVerificationToken(user, params.workspaceId, TOKEN_PURPOSE)
    },
  }),
]
