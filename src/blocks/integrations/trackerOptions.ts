// Options handed to client-side trackers (Google Analytics, Meta Pixel): strings templated, empty ones dropped, and
// JSON-looking ones typed ("12" → 12, "true" → true), since the trackers take numbers and booleans.
import type { BlockContext } from '../../engine/types.js'
import { parseVariables } from '../../engine/variables.js'

const typed = (text: string): unknown => {
  if (text === 'undefined') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export const trackerOptions = (value: unknown, ctx: BlockContext): unknown => {
  if (typeof value === 'string') {
    const text = parseVariables(value, ctx.variables, { evaluate: ctx.runtime.evaluate })
    return text === '' ? undefined : typed(text)
  }
  if (Array.isArray(value)) return value.map((item) => trackerOptions(item, ctx))
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, trackerOptions(item, ctx)] as const)
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined))
  }
  return value
}
