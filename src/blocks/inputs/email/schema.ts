import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTexts } from '../../../contract/bot/builtInTexts.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, textLikeOptionsShape } from '../../../contract/bot/blocks/shared.js'

export const defaultEmailInputOptions = {
  labels: { placeholder: 'Type your email...', button: defaultButtonLabel },
  // New blocks' default, in English; at run time a block without one gets the bot's language's (builtInTexts.ts).
  retryMessageContent: builtInTexts.en.emailRetry,
} as const

export const emailInputBlockSchema = blockOf(InputBlockType.EMAIL, {
  options: opt(z.looseObject({ ...textLikeOptionsShape, retryMessageContent: opt(z.string()) })),
})
export type EmailInputBlock = z.infer<typeof emailInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated, and the variable's value. */
export const emailInputPreparedSchema = emailInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type EmailInputPrepared = z.infer<typeof emailInputPreparedSchema>
