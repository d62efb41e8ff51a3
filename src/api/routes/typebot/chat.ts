// Typebot's chat API (v3.18 paths and answer shapes) over Parley's chat application, for Typebot's embed client
// (`@typebot.io/js`, any version from 0.2.16) and integrations that call Typebot directly: start (live and
// preview), continue, client logs and streamed completions. Errors are `{ code, message }` with Typebot's statuses;
// the client shows `message`. See docs/typebot-compatibility.md.
import { z } from 'zod'
import { idSchema } from '../../../contract/api.js'
import { previewStartBody, startChatBody, userMessageSchema } from '../../../contract/chat.js'
import { badRequest } from '../../../app/errors.js'
import { arrivalOf } from '../../chatArrivals.js'
import { defineRoute } from '../../route.js'
import { exampleFirstTurn, exampleIds, exampleLastTurn } from '../botExamples.js'
import { errors } from '../chat.js'
import { chatOrigin } from './origin.js'
import { dataStreamRoute } from './stream.js'
import type { ApiTag } from '../../apiTags.js'

const tags: ApiTag[] = ['Typebot-compatible chat']

/** Typebot's `typebot` key: the bot's id, schema version, theme, settings and publication date. */
const typebotSummary = (bot: { id: string; theme: unknown; settings: unknown; publishedAt?: string }, schemaVersion: string) => ({
  id: bot.id,
  version: schemaVersion === '6.1' ? '6.1' : '6',
  theme: bot.theme,
  settings: bot.settings,
  ...(bot.publishedAt && { publishedAt: bot.publishedAt }),
})

const looseResponse = z.looseObject({})
const withTypebot = <T extends { bot: any; schemaVersion: string }>({ bot, schemaVersion, ...rest }: T) => ({
  ...rest,
  typebot: typebotSummary(bot, schemaVersion),
})

/** Typebot takes `message: null` and a bare string (clients before 0.3.3, and payment redirects) as well. */
const continueBody = z
  .object({ message: userMessageSchema.nullish(), textBubbleContentFormat: z.enum(['richText', 'markdown']).default('richText') })
  .default({ textBubbleContentFormat: 'richText' })

/** Typebot's client log: only `description` is required; long texts are cut rather than refused (logs are not lost). */
const clientLog = z.object({
  status: z.string().max(50).default('error'),
  description: z.string().transform((text) => text.slice(0, 2000)),
  details: z.unknown().optional(),
  context: z
    .string()
    .transform((text) => text.slice(0, 500))
    .optional(),
})
const clientLogsBody = z.object({ clientLogs: z.array(clientLog).max(20) })

const clientLogsRoute = (version: 'v1' | 'v2') =>
  defineRoute({
    method: 'POST',
    path: `/api/${version}/sessions/{sessionId}/clientLogs`,
    operationId: `typebotSaveClientLogs${version.toUpperCase()}`,
    auth: 'optional',
    previewToken: true,
    tags,
    summary: `Report logs of the chat client (Typebot's ${version} path${version === 'v1' ? ', clients before 0.3.59' : ''}); stored on the chat's result, also right after its last turn`,
    description: `Typebot's client-logs call, for its embed client and integrations written for Typebot: stores the logs with the chat's result as POST /v1/sessions/{sessionId}/clientLogs does (preview sessions store nothing). Takes callers without credentials unless TYPEBOT_PUBLIC_CHAT is off; over-long texts are cut rather than refused.`,
    example: {
      params: { sessionId: exampleIds.sessionId },
      body: { clientLogs: [{ status: 'error', description: 'Could not open the payment page', context: 'While redirecting to Stripe' }] },
      response: { status: 200, body: { message: 'Logs successfully saved.' } },
    },
    params: z.object({ sessionId: idSchema }),
    body: clientLogsBody,
    responses: { 200: { description: 'Saved', schema: z.object({ message: z.string() }) }, ...errors },
    async handler({ app, req, user, params, body }) {
      await app.clientLogs.report(params.sessionId, body.clientLogs, { origin: chatOrigin(req), user })
      return { message: 'Logs successfully saved.' }
    },
  })

/** `sendMessage` of clients before 0.2.16: answered with what to do instead. */
const legacyRoute = (version: 'v1' | 'v2') =>
  defineRoute({
    method: 'POST',
    path: `/api/${version}/sendMessage`,
    operationId: `typebotSendMessage${version.toUpperCase()}`,
    // Never succeeds, so it documents no success: a client that calls it must be replaced.
    deprecated: true,
    auth: 'none',
    tags,
    summary: 'The chat call of Typebot clients before 0.2.16: not served (the answer says which client to load instead)',
    description:
      'Typebot embed clients older than 0.2.16 chat through this single call, which Parley does not serve: it always answers 400 with a message naming a client version to load instead, so the page shows why the bot does not start.',
    example: {
      body: { startParams: { typebot: exampleIds.publicId } },
      response: {
        status: 400,
        body: {
          code: 'bad_request',
          message:
            'This Typebot embed client is too old for this server (it calls /sendMessage). Load @typebot.io/js 0.2.16 or later, e.g. https://cdn.jsdelivr.net/npm/@typebot.io/js@0/dist/web.js.',
        },
      },
    },
    body: z.unknown(),
    responses: { 400: { description: 'Client too old', schema: errors[400].schema } },
    async handler() {
      throw badRequest(
        'This Typebot embed client is too old for this server (it calls /sendMessage). Load @typebot.io/js 0.2.16 or later, e.g. https://cdn.jsdelivr.net/npm/@typebot.io/js@0/dist/web.js.',
      )
    },
  })

export const typebotChatRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/typebots/{publicId}/startChat',
    operationId: 'typebotStartChat',
    auth: 'optional',
    tags,
    summary: 'Start a chat on the published version of a bot (by its public id), as Typebot answers it (`typebot` key)',
    description:
      "Typebot's startChat, for its embed client and integrations written for Typebot: starts a chat on the published bot as POST /v1/bots/{publicId}/startChat does, but answers the bot under Typebot's `typebot` key. Takes callers without credentials unless TYPEBOT_PUBLIC_CHAT is off; the bot's allowed origins apply.",
    example: {
      params: { publicId: exampleIds.publicId },
      body: { textBubbleContentFormat: 'richText' },
      response: {
        status: 200,
        body: {
          sessionId: 'GHi_Ue77WzT-BCqTr5a4FiEy4M1GzB36',
          resultId: '5OLPkC1EHLHq4Qs8xsp7_eJa4WxeaOqP',
          ...exampleFirstTurn,
          typebot: {
            id: exampleIds.botId,
            version: '6',
            theme: {},
            settings: { general: {}, typingEmulation: {} },
            publishedAt: '2026-03-02T09:20:41.232Z',
          },
        },
      },
    },
    params: z.object({ publicId: idSchema }),
    body: startChatBody,
    responses: { 200: { description: 'Session, result, bot and first messages', schema: looseResponse }, ...errors },
    async handler({ app, req, params, body }) {
      const { textBubbleContentFormat, ...options } = body
      return withTypebot(await app.chats.startLive(params.publicId, { ...options, textFormat: textBubbleContentFormat, origin: chatOrigin(req) }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/typebots/{botId}/preview/startChat',
    operationId: 'typebotStartPreviewChat',
    auth: 'required',
    previewToken: true,
    tags,
    summary: 'Start a preview chat on the draft, or on the bot object given as `typebot` (signed-in members only)',
    description:
      "Typebot's preview start: runs the draft, or the bot object sent as `typebot` (an editor's unsaved state), without storing a result. Members and admins of the bot's workspace only (signed in or with a token); only they can continue the session.",
    example: {
      params: { botId: exampleIds.botId },
      body: { textBubbleContentFormat: 'richText' },
      response: {
        status: 200,
        body: {
          sessionId: '2UVlTVlrCxDUcqG0_-Ydg32OUMAYIqqe',
          ...exampleFirstTurn,
          typebot: { id: exampleIds.botId, version: '6', theme: {}, settings: { general: {}, typingEmulation: {} } },
        },
      },
    },
    params: z.object({ botId: idSchema }),
    body: previewStartBody
      .unwrap()
      .extend({ typebot: z.union([z.looseObject({}), z.string()]).optional() })
      .default({
        textBubbleContentFormat: 'richText',
      }),
    responses: { 200: { description: 'Session, bot and first messages', schema: looseResponse }, ...errors },
    async handler({ app, user, params, body }) {
      // `typebot` is the bot object to run (the builder's unsaved state), or just the bot's id.
      const { textBubbleContentFormat, typebot, ...options } = body
      const bot = typebot && typeof typebot === 'object' ? typebot : options.bot
      return withTypebot(await app.chats.startPreview(user, params.botId, { ...options, bot, textFormat: textBubbleContentFormat }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/templates/{templateSlug}/preview/startChat',
    operationId: 'typebotStartTemplatePreviewChat',
    auth: 'required',
    previewToken: true,
    tags,
    summary: "Start a preview chat on a template of the gallery, without creating a bot (Typebot's template preview)",
    description:
      "Typebot's template preview (what its embed client calls with `templateSlug`): the same chat as POST /v1/templates/{slug}/preview/startChat, in Typebot's answer shape. Signed-in callers only; only they can continue the session.",
    example: {
      params: { templateSlug: 'lead-capture' },
      body: { textBubbleContentFormat: 'richText' },
      response: {
        status: 200,
        body: {
          sessionId: '2UVlTVlrCxDUcqG0_-Ydg32OUMAYIqqe',
          ...exampleFirstTurn,
          typebot: { id: 'template:lead-capture', version: '6', theme: {}, settings: { general: {}, typingEmulation: {} } },
        },
      },
    },
    params: z.object({ templateSlug: z.string().min(1).max(100) }),
    body: previewStartBody.unwrap().omit({ bot: true, isProgressBarEnabled: true }).default({ textBubbleContentFormat: 'richText' }),
    responses: { 200: { description: 'Session, bot and first messages', schema: looseResponse }, ...errors },
    async handler({ app, user, params, body }) {
      const { textBubbleContentFormat, ...options } = body
      return withTypebot(await app.chats.startTemplatePreview(user, params.templateSlug, { ...options, textFormat: textBubbleContentFormat }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/sessions/{sessionId}/continueChat',
    operationId: 'typebotContinueChat',
    auth: 'optional',
    previewToken: true,
    tags,
    summary: 'Send the next message of a chat (text, audio, command, a bare string, or nothing)',
    description:
      "Typebot's continueChat: the visitor's answer as a message object, a bare string (older clients) or nothing (to resume after a client action), and the next bubbles and input back. Takes callers without credentials unless TYPEBOT_PUBLIC_CHAT is off.",
    example: { params: { sessionId: exampleIds.sessionId }, body: { message: 'Ada' }, response: { status: 200, body: exampleLastTurn } },
    params: z.object({ sessionId: idSchema }),
    body: continueBody,
    responses: { 200: { description: 'Next messages and input', schema: looseResponse }, ...errors },
    async handler({ app, req, user, params, body }) {
      return app.chats.continue(params.sessionId, body.message ?? undefined, {
        user,
        textFormat: body.textBubbleContentFormat,
        origin: chatOrigin(req),
        arrival: arrivalOf(req),
      })
    },
  }),
  clientLogsRoute('v1'),
  clientLogsRoute('v2'),
  dataStreamRoute('v1'),
  dataStreamRoute('v2'),
  legacyRoute('v1'),
  legacyRoute('v2'),
]
