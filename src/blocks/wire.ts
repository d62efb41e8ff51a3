// The chat wire as clients read it: the messages and inputs every kind declares beside its schema (what its `render`
// or `prepare` is checked against), gathered into unions by `type`, and the answers made of them. Browser-safe
// (zod and contract/ only): the widget and the editor's preview import its types, the API documents its schemas.
import { z } from 'zod'
import { makeChatResponseSchemas } from '../contract/chat.js'
import { customEmbedMessageSchema } from '../contract/chatWire.js'
import { audioBubbleMessageSchema } from './bubbles/audio/schema.js'
import { embedBubbleMessageSchema } from './bubbles/embed/schema.js'
import { imageBubbleMessageSchema } from './bubbles/image/schema.js'
import { textBubbleMessageSchema } from './bubbles/text/schema.js'
import { videoBubbleMessageSchema } from './bubbles/video/schema.js'
import { cardsPreparedSchema } from './inputs/cards/schema.js'
import { choiceInputPreparedSchema } from './inputs/choice/schema.js'
import { dateInputPreparedSchema } from './inputs/date/schema.js'
import { emailInputPreparedSchema } from './inputs/email/schema.js'
import { fileInputPreparedSchema } from './inputs/file/schema.js'
import { numberInputPreparedSchema } from './inputs/number/schema.js'
import { paymentInputPreparedSchema } from './inputs/payment/schema.js'
import { phoneNumberInputPreparedSchema } from './inputs/phone/schema.js'
import { pictureChoicePreparedSchema } from './inputs/pictureChoice/schema.js'
import { ratingInputPreparedSchema } from './inputs/rating/schema.js'
import { textInputPreparedSchema } from './inputs/text/schema.js'
import { timeInputPreparedSchema } from './inputs/time/schema.js'
import { urlInputPreparedSchema } from './inputs/url/schema.js'

/** A message of a chat answer: a bubble kind's, or a plugin block's own embed. */
export const chatMessageSchema = z
  .discriminatedUnion('type', [
    textBubbleMessageSchema,
    imageBubbleMessageSchema,
    videoBubbleMessageSchema,
    audioBubbleMessageSchema,
    embedBubbleMessageSchema,
    customEmbedMessageSchema,
  ])
  .meta({ id: 'ChatMessage' })
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** The input a chat waits on, as its kind prepared it. */
export const chatInputSchema = z
  .discriminatedUnion('type', [
    textInputPreparedSchema,
    numberInputPreparedSchema,
    emailInputPreparedSchema,
    urlInputPreparedSchema,
    phoneNumberInputPreparedSchema,
    dateInputPreparedSchema,
    timeInputPreparedSchema,
    ratingInputPreparedSchema,
    choiceInputPreparedSchema,
    pictureChoicePreparedSchema,
    cardsPreparedSchema,
    fileInputPreparedSchema,
    paymentInputPreparedSchema,
  ])
  .meta({ id: 'ChatInput' })
export type ChatInput = z.infer<typeof chatInputSchema>

const responses = makeChatResponseSchemas(chatMessageSchema, chatInputSchema)
export const continueChatResponse = responses.continueChatResponse.meta({ id: 'ContinueChatResponse' })
export const startChatResponse = responses.startChatResponse.meta({ id: 'StartChatResponse' })
export type ContinueChatResponse = z.infer<typeof continueChatResponse>
export type StartChatResponse = z.infer<typeof startChatResponse>

export type { ClientSideAction, TextContent } from '../contract/chatWire.js'
