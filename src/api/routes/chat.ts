// The chat runtime: operations 6 (preview start), 7 (start) and 8 (continue).
import { z } from 'zod'
import { ChatError } from '../../chat/service.js'
import { importedBotDoc } from '../../domain/bots.js'
import { botWithRole } from '../access.js'
import { continueChatBody, continueChatResponse, previewStartBody, startChatBody, startChatResponse } from '../chatSchemas.js'
import { ApiError, badRequest, unauthorized } from '../errors.js'
import { defineRoute, type Services } from '../route.js'
import { botParams, errorSchema } from '../schemas.js'
import type { FastifyRequest } from 'fastify'

const tags = ['Chat']
export const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Origin not allowed', schema: errorSchema },
  404: { description: 'Unknown bot or session', schema: errorSchema },
  409: { description: 'Another request advanced this session at the same time', schema: errorSchema },
}

const statusOf = { not_found: 404, bot_closed: 400, conflict: 409, bad_request: 400, origin_not_allowed: 403 } as const

/** Chat-service failures as API errors. */
export const chatCall = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (err) {
    if (err instanceof ChatError) throw new ApiError(statusOf[err.code], err.code, err.message)
    throw err
  }
}

/** Live chats need a token unless the operator opened them to anonymous clients (PUBLIC_CHAT). */
export const requireChatCaller = (services: Services, user: unknown) => {
  if (!user && !services.config.publicChat) throw unauthorized()
}

const receivedAt = (req: FastifyRequest) => (req as FastifyRequest & { receivedAt?: number }).receivedAt ?? Date.now()

export const origin = (req: FastifyRequest) => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined)

export const chatRoutes = [
  defineRoute({
    method: 'POST', path: '/v1/bots/{botId}/blocks/{blockId}/results/{resultId}/executeWebhook', api: 'chat', auth: 'required', tags,
    summary: "Deliver the payload a webhook block waits for (any JSON body); the chat's next continueChat resumes with it",
    params: z.object({ botId: z.string().min(1).max(200), blockId: z.string().min(1).max(200), resultId: z.string().min(1).max(200) }),
    body: z.unknown(),
    responses: { 200: { description: 'Delivered', schema: z.object({ message: z.string() }) }, ...errors },
    async handler({ store, user, params, body, chat }) {
      await botWithRole(store, user, params.botId, 'write')
      await chatCall(() => chat.deliverWebhook(params.botId, params.blockId, params.resultId, body ?? null))
      return { message: 'Webhook received' }
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/bots/{botId}/preview/startChat', api: 'chat', auth: 'required', tags,
    summary: 'Start a preview chat on the draft (or on the bot given in the body); nothing is stored as a result',
    params: botParams,
    body: previewStartBody,
    responses: { 200: { description: 'First messages and input', schema: startChatResponse.omit({ resultId: true }) }, ...errors },
    async handler({ store, user, params, body, chat }) {
      const { bot } = await botWithRole(store, user, params.botId, 'read')
      let doc: Record<string, unknown> | undefined
      if (body.bot) {
        const prepared = importedBotDoc(body.bot)
        if (!prepared.ok) throw badRequest('The bot definition is invalid.', prepared.issues)
        doc = prepared.doc
      }
      const { bot: _b, textBubbleContentFormat, ...options } = body
      return chatCall(() => chat.startPreview(bot, { ...options, doc, textFormat: textBubbleContentFormat }))
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/bots/{publicId}/startChat', api: 'chat', auth: 'optional', tags,
    summary: 'Start a chat on the published version of a bot (by its public id); the run is stored as a result',
    params: z.object({ publicId: z.string().min(1).max(200) }),
    body: startChatBody,
    responses: { 200: { description: 'First messages and input', schema: startChatResponse }, ...errors },
    async handler(ctx) {
      requireChatCaller(ctx, ctx.user)
      const { textBubbleContentFormat, ...options } = ctx.body
      return chatCall(() => ctx.chat.startLive(ctx.params.publicId, { ...options, textFormat: textBubbleContentFormat, origin: origin(ctx.req) }))
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/sessions/{sessionId}/continueChat', api: 'chat', auth: 'optional', tags,
    summary: 'Send the next message of a chat',
    params: z.object({ sessionId: z.string().min(1).max(200) }),
    body: continueChatBody,
    responses: { 200: { description: 'Next messages and input', schema: continueChatResponse }, ...errors },
    async handler(ctx) {
      requireChatCaller(ctx, ctx.user)
      return chatCall(() =>
        ctx.chat.continue(ctx.params.sessionId, ctx.body.message, {
          textFormat: ctx.body.textBubbleContentFormat,
          origin: origin(ctx.req),
          receivedAt: receivedAt(ctx.req),
        }),
      )
    },
  }),
]
