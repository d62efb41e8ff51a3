// Phone input (same retry-message caveat as URL).
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTexts } from '../../../contract/bot/builtInTexts.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, textLikeOptionsShape } from '../../../contract/bot/blocks/shared.js'

export const defaultPhoneInputOptions = {
  labels: { placeholder: 'Type your phone number...', button: defaultButtonLabel },
  // New blocks' default, in English (see builtInTexts.ts).
  retryMessageContent: builtInTexts.en.phoneRetry,
} as const

export const phoneNumberInputBlockSchema = blockOf(InputBlockType.PHONE, {
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      retryMessageContent: opt(z.string()),
      // ISO 3166-1 alpha-2, e.g. `FR`.
      defaultCountryCode: opt(z.string()),
    }),
  ),
})
export type PhoneNumberInputBlock = z.infer<typeof phoneNumberInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated, and the variable's value. */
export const phoneNumberInputPreparedSchema = phoneNumberInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type PhoneNumberInputPrepared = z.infer<typeof phoneNumberInputPreparedSchema>
