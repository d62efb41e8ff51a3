// What a turn leaves to be stored, in one transaction, by the caller: new results, answers, results' variables, logs.
import type { CompiledBot } from './compile.js'
import type { StackEntry } from './state.js'
import type { ChatLog, VariableValue } from './types.js'

export type AnswerEffect = { resultId: string; blockId: string; content: string; attachedFileUrls?: string[] }
export type ResultEffect = {
  resultId: string
  botId: string
  hasStarted: boolean
  isCompleted: boolean
  variables: { id: string; name: string; value: VariableValue }[]
}
export type TurnEffects = {
  /** Results created during the turn (linked bots that keep their own results). */
  newResults: { id: string; botId: string }[]
  answers: AnswerEffect[]
  results: ResultEffect[]
  logs: (ChatLog & { resultId: string })[]
}

/** The stored form of a stack entry's result: its set variables, except session variables. */
export const resultEffect = (bot: CompiledBot, entry: StackEntry, isCompleted: boolean): ResultEffect => ({
  resultId: entry.resultId!,
  botId: bot.botId,
  hasStarted: entry.hasAnswered === true,
  isCompleted,
  variables: bot.variables
    .filter((v) => !v.isSessionVariable && !bot.sessionVariableIds.has(v.id) && entry.values[v.id] !== undefined && entry.values[v.id] !== null)
    .map((v) => ({ id: v.id, name: v.name, value: entry.values[v.id] })),
})
