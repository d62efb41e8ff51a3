// How much a bot uses a variable: a variable nobody references can be deleted without breaking anything.
import type { EditorBot } from '../types.js'
import { forEachBotString, reference } from './botStrings.js'

export type VariableUsage = {
  /** Option values equal to the variable's id (`variableId`, `saveUrlInVariableId`, comparison variables…). */
  byId: number
  /** `{{name}}` occurrences in texts, URLs, code… */
  byName: number
}

export const variableUsage = (bot: EditorBot, id: string): VariableUsage => {
  const variable = bot.variables.find((v) => v.id === id)
  const usage: VariableUsage = { byId: 0, byName: 0 }
  if (!variable) return usage
  const ref = reference(variable.name)
  forEachBotString(bot, (s) => {
    if (s === id) usage.byId++
    else if (s.includes(ref)) usage.byName += s.split(ref).length - 1
  })
  return usage
}
