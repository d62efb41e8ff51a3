// Options handed to client-side trackers (Google Analytics, Meta Pixel): strings templated, empty ones dropped, and
// JSON-looking ones typed ("12" → 12, "true" → true), since the trackers take numbers and booleans.
import type { BlockContext, MaybePromise } from '../../engine/kinds.js'
import { withTemplating } from './inputs.js'

const typed = (text: string): unknown => {
  if (text === 'undefined') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const templated = (value: unknown, text: (value: string) => string): unknown => {
  if (typeof value === 'string') {
    const result = text(value)
    return result === '' ? undefined : typed(result)
  }
  if (Array.isArray(value)) return value.map((item) => templated(item, text))
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, templated(item, text)] as const)
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined))
  }
  return value
}

/** A block's options for its tracker (an object stays an object: only its values are templated). */
export const trackerOptions = (options: Record<string, unknown>, ctx: BlockContext): MaybePromise<Record<string, unknown>> =>
  withTemplating(options, ctx, (text) => templated(options, text) as Record<string, unknown>)
