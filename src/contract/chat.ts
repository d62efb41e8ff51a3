// zod schemas of the chat API (operations 6–8) and the results API (9–10).
import { z } from 'zod'
import { idSchema } from './api.js'
import { clientSideActionSchema } from './chatWire.js'

/** Time windows of results listings (computed in the caller's time zone, see domain/timeFilter.ts). */
export const timeFilters = ['today', 'last7Days', 'last30Days', 'monthToDate', 'lastMonth', 'yearToDate', 'allTime'] as const
export type TimeFilter = (typeof timeFilters)[number]

const textMessage = z.object({
  type: z.literal('text').default('text'),
  text: z.string().max(100_000),
  attachedFileUrls: z.array(z.string().max(4096)).max(50).optional(),
  metadata: z.looseObject({ replyId: z.string().max(200).optional() }).optional(),
})

/** A user message: a bare string, or `{ type: "text" | "audio" | "command", … }`. */
export const userMessageSchema = z
  .union([
    z
      .string()
      .max(100_000)
      .transform((text): z.output<typeof textMessage> => ({ type: 'text', text })),
    z.discriminatedUnion('type', [
      textMessage.extend({ type: z.literal('text') }),
      z.object({ type: z.literal('audio'), url: z.string().max(4096) }),
      z.object({ type: z.literal('command'), command: z.string().max(500) }),
    ]),
    textMessage,
  ])
  .meta({ id: 'UserMessage' })

const textBubbleContentFormat = z.enum(['richText', 'markdown']).default('richText')

const startFields = {
  message: userMessageSchema.optional(),
  isStreamEnabled: z.boolean().optional(),
  isOnlyRegistering: z.boolean().optional(),
  prefilledVariables: z.record(z.string(), z.unknown()).optional(),
  textBubbleContentFormat,
}

export const startChatBody = z.object({ ...startFields, resultId: idSchema.optional() }).default({ textBubbleContentFormat: 'richText' })

export const previewStartBody = z
  .object({
    ...startFields,
    bot: z.looseObject({}).optional(),
    sessionId: idSchema.optional(),
    /** Shows (or hides) the progress whatever the bot's theme says. */
    isProgressBarEnabled: z.boolean().optional(),
    /** Parley's own: Send email blocks send to the caller's own verified address only, instead of not sending. */
    sendEmailsToMe: z.boolean().optional(),
    startFrom: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('group'), groupId: z.string().min(1) }),
        z.object({ type: z.literal('event'), eventId: z.string().min(1) }),
      ])
      .optional(),
  })
  .default({ textBubbleContentFormat: 'richText' })

export const continueChatBody = z
  .object({ message: userMessageSchema.optional(), textBubbleContentFormat })
  .default({ textBubbleContentFormat: 'richText' })

/** What the user sent, as the engine reads it (a bare string has become a text message). */
export type UserReply = z.output<typeof userMessageSchema>

/** A message (bubble) of a chat response: `{ id, type, content }`. */
const anyMessageSchema = z.looseObject({ id: z.string(), type: z.string(), content: z.looseObject({}) })
/** Any kind's message, as the engine passes it on (clients read src/blocks/wire.ts's typed `ChatMessage`). */
export type ChatMessage = z.infer<typeof anyMessageSchema>

/** A log entry of a turn (error, success or info), e.g. the outcome of an HTTP request block. */
export const chatLogSchema = z.object({
  status: z.enum(['error', 'success', 'info']),
  description: z.string(),
  details: z.string().optional(),
  context: z.string().optional(),
})
export type ChatLog = z.infer<typeof chatLogSchema>

/** A log the chat client reports (a failed client-side action, a script error…), stored on the chat's result. */
export const clientLogSchema = z.object({
  status: z.string().max(50),
  description: z.string().max(2000),
  // Typebot's client sends whatever it caught: kept as JSON text when it is not text.
  details: z.unknown().optional(),
  context: z.string().max(500).optional(),
})
export const clientLogsBody = z.object({ clientLogs: z.array(clientLogSchema).max(20) })

/** Where a client uploads a file (Typebot's generate-upload-url): PUT its bytes, or POST a form with `formData` and `file`. */
export const uploadTargetSchema = z.object({ presignedUrl: z.string(), formData: z.record(z.string(), z.string()), fileUrl: z.string() })
export type UploadTarget = z.infer<typeof uploadTargetSchema>

/** A log stored on a result, as the logs operation answers it. */
export const storedLogSchema = z.object({
  status: z.string(),
  description: z.string(),
  details: z.string().optional(),
  context: z.string().optional(),
  createdAt: z.string(),
})

export type { ClientSideAction } from './chatWire.js'

/** Any kind's input, as the engine passes it on (each kind's shape: src/blocks/wire.ts). */
const anyInputSchema = z.looseObject({ id: z.string(), type: z.string() })

/**
 * A turn's answer and a start's, with the message and input schemas given: the engine answers with the generic ones
 * (it knows no kind), clients read the unions of the kinds' own shapes (src/blocks/wire.ts).
 */
export const makeChatResponseSchemas = <M extends z.ZodType, I extends z.ZodType>(message: M, input: I) => {
  const fields = {
    messages: z.array(message),
    lastMessageNewFormat: z.string().optional(),
    input: input.optional(),
    clientSideActions: z.array(clientSideActionSchema).optional(),
    logs: z.array(chatLogSchema).optional(),
    dynamicTheme: z
      .object({ hostAvatarUrl: z.string().optional(), guestAvatarUrl: z.string().optional(), backgroundUrl: z.string().optional() })
      .optional(),
    progress: z.number().optional(),
  }
  return {
    continueChatResponse: z.object(fields),
    startChatResponse: z.object({
      sessionId: z.string(),
      /** The result's client key (send it back as `resultId` to resume the result), not the result's id. */
      resultId: z.string().optional(),
      bot: z.object({
        id: z.string(),
        version: z.literal('3'),
        theme: z.looseObject({}),
        settings: z.object({ general: z.looseObject({}), typingEmulation: z.looseObject({}) }),
        publishedAt: z.string().optional(),
      }),
      ...fields,
    }),
  }
}

/** What one turn answers (the engine's response; start answers add the session, result and bot). */
export type ChatResponse = z.infer<ReturnType<typeof makeChatResponseSchemas<typeof anyMessageSchema, typeof anyInputSchema>>['continueChatResponse']>

export const resultSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    botId: z.string(),
    variables: z.array(z.object({ id: z.string(), name: z.string(), value: z.unknown(), isSessionVariable: z.boolean().optional() })),
    isCompleted: z.boolean(),
    hasStarted: z.boolean(),
    isArchived: z.boolean(),
    /** Not the session id (that would let readers drive the chat): the first 16 hex characters of its SHA-256. */
    lastChatSessionId: z
      .string()
      .nullable()
      .meta({ description: 'A fingerprint of the last chat session (first 16 hex characters of the SHA-256 of its id), never the id itself' }),
    answers: z.array(z.object({ blockId: z.string(), content: z.string(), attachedFileUrls: z.array(z.string()) })),
  })
  .meta({ id: 'Result' })

/** A time window of results, read in `timeZone` (an IANA zone). */
export const resultsWindowQuery = z.object({
  timeFilter: z.enum(timeFilters).default('last7Days').meta({ description: 'The time window, counted in `timeZone` (default the last 7 days).' }),
  timeZone: z.string().max(100).default('UTC').meta({ description: 'The IANA time zone the window is read in, e.g. `Europe/Paris` (default UTC).' }),
})

/** Keyset pages: pass the previous answer's `nextCursor` as `cursor`. */
export const listResultsQuery = resultsWindowQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(50).meta({ description: 'Results per page (1–500, default 50).' }),
  cursor: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Where the page starts: the `nextCursor` of the previous page (absent: the newest).' }),
})

export const exportResultsQuery = resultsWindowQuery.extend({
  format: z.enum(['csv', 'json']).default('csv').meta({ description: '`csv` (default) or `json` (an array of objects keyed by column label).' }),
})
