// What the chat wire is made of beyond any one kind: how a message is framed, text content, the scripts a client runs,
// and the client-side actions (Typebot's wire, by `type`). Kinds declare their own message and input shapes beside
// their block schema; src/blocks/wire.ts gathers them into the unions clients read.
import { z } from 'zod'
import { richTextNodeSchema } from './bot/blocks/shared.js'

/** A message (bubble) of a chat response: `{ id, type, content }`, `id` the block that sent it. */
export const messageOf = <T extends string, C extends z.ZodType>(type: T, content: C) => z.object({ id: z.string(), type: z.literal(type), content })

/** A text message's content in the format the client asked for (`textBubbleContentFormat`). */
export const textContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('richText'), richText: z.array(richTextNodeSchema) }),
  z.object({ type: z.literal('markdown'), markdown: z.string() }),
])
export type TextContent = z.infer<typeof textContentSchema>

/** A script the client runs with the bot's variables it names as parameters (`args`: variable id and value). */
export const scriptToExecuteSchema = z.object({
  content: z.string(),
  args: z.array(z.object({ id: z.string(), value: z.unknown() })),
  isCode: z.boolean().optional(),
})
/** A function the client runs with named parameters (`args`: name → value), as plugin blocks send it. */
export const codeToExecuteSchema = z.object({ content: z.string(), args: z.record(z.string(), z.unknown()) })

/** A plugin block's own embed (Cal.com's booking page): the client runs `initFunction`, then waits on `waitForEventFunction`. */
export const customEmbedMessageSchema = messageOf(
  'custom-embed',
  z.object({ url: z.string().optional(), initFunction: codeToExecuteSchema, waitForEventFunction: codeToExecuteSchema.optional() }),
)

/** Fields every client-side action may carry: the bubble it follows, and whether the chat waits for its reply. */
const actionOf = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), lastBubbleBlockId: z.string().optional(), expectsDedicatedReply: z.boolean().optional(), ...shape })

/** What the client installs on the page before a live chat starts (reference 3.2 step 7). */
export const startPropsToInjectSchema = z.object({
  customHeadCode: z.string().optional(),
  gtmId: z.string().optional(),
  googleAnalyticsId: z.string().optional(),
  pixelIds: z.array(z.string()).optional(),
})
export type StartPropsToInject = z.infer<typeof startPropsToInjectSchema>

/**
 * Tracker options are the block's own, templated, so any value may have become a number or a boolean ("12" → 12):
 * Google Analytics' `action`, `category`, `label`, `value`, `sendTo`; the pixel's `eventType`, `name`, `params`.
 */
const trackerSchema = z.record(z.string(), z.unknown())
const pixelSchema = z.looseObject({ pixelId: z.string() })

/** Something the client does itself (run a script, redirect, wait, stream a completion…), by `type`. */
export const clientSideActionSchema = z
  .discriminatedUnion('type', [
    actionOf('scriptToExecute', { scriptToExecute: scriptToExecuteSchema }),
    actionOf('codeToExecute', { codeToExecute: codeToExecuteSchema }),
    actionOf('setVariable', { setVariable: z.object({ scriptToExecute: scriptToExecuteSchema }) }),
    actionOf('chatwoot', { chatwoot: z.object({ scriptToExecute: scriptToExecuteSchema }) }),
    actionOf('redirect', { redirect: z.object({ url: z.string().optional(), isNewTab: z.boolean() }) }),
    actionOf('wait', { wait: z.object({ secondsToWaitFor: z.number() }) }),
    actionOf('googleAnalytics', { googleAnalytics: trackerSchema }),
    actionOf('pixel', { pixel: pixelSchema }),
    actionOf('listenForWebhook', {}),
    actionOf('stream', { stream: z.literal(true) }),
    actionOf('streamOpenAiChatCompletion', {
      streamOpenAiChatCompletion: z.object({ messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })) }),
    }),
    actionOf('httpRequestToExecute', {
      httpRequestToExecute: z.object({
        url: z.string(),
        method: z.string(),
        headers: z.record(z.string(), z.string()),
        body: z.unknown().optional(),
        withCredentials: z.boolean(),
      }),
    }),
    actionOf('startPropsToInject', { startPropsToInject: startPropsToInjectSchema }),
  ])
  .meta({ id: 'ClientSideAction' })
export type ClientSideAction = z.infer<typeof clientSideActionSchema>
