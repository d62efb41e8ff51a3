// Number input. Newer builds add display-format options (locale, currency...), kept as unknown fields.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, numberOrVariable, textLikeOptionsShape } from '../../../contract/bot/blocks/shared.js'

export const defaultNumberInputOptions = {
  labels: { placeholder: 'Type a number...', button: defaultButtonLabel },
} as const

export const numberInputBlockSchema = blockOf(InputBlockType.NUMBER, {
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      min: opt(numberOrVariable),
      max: opt(numberOrVariable),
      step: opt(numberOrVariable),
    }),
  ),
})
export type NumberInputBlock = z.infer<typeof numberInputBlockSchema>

/** What the chat sends to clients as its `input`: options templated, limits as numbers (clients use them as HTML attributes). */
export const numberInputPreparedSchema = numberInputBlockSchema.extend({
  prefilledValue: z.string().optional(),
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      min: z.number().optional(),
      max: z.number().optional(),
      step: z.number().optional(),
    }),
  ),
})
export type NumberInputPrepared = z.infer<typeof numberInputPreparedSchema>
