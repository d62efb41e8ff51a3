import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel } from '../../../contract/bot/blocks/shared.js'

export const defaultTimeInputOptions = { labels: { button: defaultButtonLabel }, format: 'HH:mm' } as const

export const timeInputBlockSchema = blockOf(InputBlockType.TIME, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      labels: opt(z.looseObject({ button: opt(z.string()) })),
      format: opt(z.string()),
    }),
  ),
})
export type TimeInputBlock = z.infer<typeof timeInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated, and the variable's value. */
export const timeInputPreparedSchema = timeInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type TimeInputPrepared = z.infer<typeof timeInputPreparedSchema>
