// URL input. Typebot's engine does not fall back to this retry message (see reference 3.7); kept for the editor.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTexts } from '../../../contract/bot/builtInTexts.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, textLikeOptionsShape } from '../../../contract/bot/blocks/shared.js'

export const defaultUrlInputOptions = {
  labels: { placeholder: 'Type a URL...', button: defaultButtonLabel },
  // New blocks' default, in English (see builtInTexts.ts).
  retryMessageContent: builtInTexts.en.urlRetry,
} as const

export const urlInputBlockSchema = blockOf(InputBlockType.URL, {
  options: opt(z.looseObject({ ...textLikeOptionsShape, retryMessageContent: opt(z.string()) })),
})
export type UrlInputBlock = z.infer<typeof urlInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated, and the variable's value. */
export const urlInputPreparedSchema = urlInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type UrlInputPrepared = z.infer<typeof urlInputPreparedSchema>
