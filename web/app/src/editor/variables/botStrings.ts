// Walking every string of a bot document but its variable list: where variables are referenced, by id (option
// values such as `variableId`) or by name (`{{name}}` in texts, URLs, code).
import type { EditorBot } from '../types.js'

/** `value` with `f` applied to each string in it; unchanged parts (and the whole, if nothing changed) are the same objects. */
export const mapStrings = (value: unknown, f: (s: string) => string): unknown => {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) {
    const next = value.map((v) => mapStrings(v, f))
    return next.every((v, i) => v === value[i]) ? value : next
  }
  if (value && typeof value === 'object') {
    let changed = false
    const next: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      next[k] = mapStrings(v, f)
      if (next[k] !== v) changed = true
    }
    return changed ? next : value
  }
  return value
}

/** Calls `f` on each string of the bot outside its variable list. */
export const forEachBotString = (bot: EditorBot, f: (s: string) => void) => {
  const visit = (value: unknown) => {
    if (typeof value === 'string') f(value)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  for (const [key, value] of Object.entries(bot)) if (key !== 'variables') visit(value)
}

/** The `{{name}}` reference to a variable. */
export const reference = (name: string) => `{{${name}}}`
