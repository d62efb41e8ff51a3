// Date input. `format` uses date-fns tokens; the default depends on `hasTime`.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel } from '../../../contract/bot/blocks/shared.js'

export const defaultDateInputOptions = {
  labels: { button: defaultButtonLabel, from: 'From:', to: 'To:' },
  hasTime: false,
  isRange: false,
  format: 'dd/MM/yyyy',
  formatWithTime: 'dd/MM/yyyy HH:mm',
} as const

export const dateInputBlockSchema = blockOf(InputBlockType.DATE, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      labels: opt(z.looseObject({ button: opt(z.string()), from: opt(z.string()), to: opt(z.string()) })),
      hasTime: opt(z.boolean()),
      isRange: opt(z.boolean()),
      format: opt(z.string()),
      min: opt(z.string()),
      max: opt(z.string()),
    }),
  ),
})
export type DateInputBlock = z.infer<typeof dateInputBlockSchema>

/** What the chat sends to clients as its `input`: options templated (limits as dates, with a time only when the input has one), and the variable's value. */
export const dateInputPreparedSchema = dateInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type DateInputPrepared = z.infer<typeof dateInputPreparedSchema>
