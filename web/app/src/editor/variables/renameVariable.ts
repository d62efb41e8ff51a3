// Renaming a variable: its id stays (options point at it by id), and every `{{old name}}` in the bot's texts becomes
// `{{new name}}` so templates keep reading the same variable.
import { t } from '../../i18n/index.js'
import type { EditorBot } from '../types.js'
import { mapStrings, reference } from './botStrings.js'

/** Why `name` cannot be the name of variable `id` (empty, or another variable's), or undefined if it can. */
export const variableNameProblem = (bot: EditorBot, id: string, name: string): string | undefined => {
  const trimmed = name.trim()
  if (!trimmed) return t('A variable needs a name.')
  if (/[{}]/.test(trimmed)) return t('A name cannot contain braces.')
  if (bot.variables.some((v) => v.id !== id && v.name === trimmed)) return t('Another variable is named “{{name}}”.', { name: trimmed })
  return undefined
}

/** The bot with variable `id` named `name` (trimmed) and its `{{references}}` rewritten; the bot itself if unchanged. */
export const renameVariable = (bot: EditorBot, id: string, name: string): EditorBot => {
  const variable = bot.variables.find((v) => v.id === id)
  const next = name.trim()
  if (!variable || variable.name === next) return bot
  const [from, to] = [reference(variable.name), reference(next)]
  const renamed: EditorBot = { ...bot, variables: bot.variables.map((v) => (v.id === id ? { ...v, name: next } : v)) }
  for (const key of Object.keys(renamed) as (keyof EditorBot)[])
    if (key !== 'variables')
      (renamed as Record<string, unknown>)[key] = mapStrings(renamed[key], (s) => (s.includes(from) ? s.split(from).join(to) : s))
  return renamed
}
