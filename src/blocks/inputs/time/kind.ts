// Time: natural-language times ("14:30", "2pm"), saved in the block's format.
import { defaultTimeInputOptions, type TimeInputBlock, type TimeInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { formatDate, parseDates } from '../../shared/dates.js'
import { prepareWithPrefill, replyText } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

export const timeInput: InputKind<TimeInputBlock, TimeInputPrepared> = {
  type: InputBlockType.TIME,
  category: 'input',
  prepare: prepareWithPrefill,
  parseReply: (reply, input, ctx) => {
    const text = replyText(reply)
    const [parsed] = text ? parseDates(text, ctx, false) : []
    if (!parsed) return { status: 'fail' }
    const pattern: string = input.options?.format || defaultTimeInputOptions.format
    return { status: 'success', content: formatDate(parsed.start.date(), pattern, defaultTimeInputOptions.format) }
  },
}
