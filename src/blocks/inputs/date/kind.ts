// Date: natural-language dates ("tomorrow", "12/03/2025", "from … to …"), saved in the block's format.
import type { BlockContext } from '../../../engine/kinds.js'
import { type DateInputBlock, type DateInputPrepared, defaultDateInputOptions } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { compareToLimit, formatDate, ISO_DATE, normalizeLimit, parseDates } from '../../shared/dates.js'
import { prepareWithPrefill, replyText, templateText } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

/** A limit sent to the client: templated, and an ISO date-time cut to a date when the input has no time. */
const resolveLimit = async (limit: string | null | undefined, hasTime: boolean | null | undefined, ctx: BlockContext) => {
  if (!limit) return undefined
  const text = await templateText(limit, ctx)
  const iso = ISO_DATE.exec(text)
  if (!iso) return text || undefined
  return hasTime ? iso[0] : iso[0].slice(0, 10)
}

const prepare = async (block: DateInputBlock, ctx: BlockContext) => {
  const input = await prepareWithPrefill(block, ctx)
  if (!block.options) return input
  const { min, max, hasTime } = block.options
  return { ...input, options: { ...input.options, min: await resolveLimit(min, hasTime, ctx), max: await resolveLimit(max, hasTime, ctx) } }
}

export const dateInput: InputKind<DateInputBlock, DateInputPrepared> = {
  type: InputBlockType.DATE,
  category: 'input',
  prepare,
  parseReply: (reply, input, ctx) => {
    const text = replyText(reply)
    if (!text) return { status: 'fail' }
    const options = input.options ?? {}
    const fallback = options.hasTime ? defaultDateInputOptions.formatWithTime : defaultDateInputOptions.format
    const pattern: string = options.format || fallback
    // A day-first format hints that the user writes dates day first too.
    const [parsed] = parseDates(text, ctx, pattern.startsWith('dd'))
    if (!parsed) return { status: 'fail' }
    const start = parsed.start.date()
    const end = parsed.end?.date()
    if (options.isRange && !end) return { status: 'fail' }
    const dates = options.isRange && end ? [start, end] : [start]
    const min = normalizeLimit(options.min)
    const max = normalizeLimit(options.max)
    if (min && dates.some((d) => compareToLimit(d, min) < 0)) return { status: 'fail' }
    if (max && dates.some((d) => compareToLimit(d, max) > 0)) return { status: 'fail' }
    const [from, to] = dates.map((d) => formatDate(d, pattern, fallback))
    return { status: 'success', content: to ? `${from} ${options.labels?.separator || 'to'} ${to}` : from }
  },
}
