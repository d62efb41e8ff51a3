// What every way of starting a chat shares (app/chats.ts, app/previewChats.ts): the caller's options, the engine's
// errors told as the API's, and the `bot` part of the answer.
import type { CompiledBot } from '../engine/compile.js'
import { EngineError, type StartOptions, type TurnOutcome } from '../engine/index.js'
import { deepParseVariables } from '../engine/variables.js'
import { AppError } from './errors.js'

/** What every way of starting a chat takes from its caller. */
export type CommonStart = Pick<StartOptions, 'prefilledVariables' | 'message' | 'isOnlyRegistering' | 'isStreamEnabled' | 'textFormat'>

/** The engine's work, with its errors as the API's: an unknown start group or command is the caller's 400. */
export const run = async (work: () => Promise<TurnOutcome>): Promise<TurnOutcome> => {
  try {
    return await work()
  } catch (err) {
    if (err instanceof EngineError) {
      throw new AppError(err.code === 'start_group_not_found' || err.code === 'command_not_found' ? 'bad_request' : 'not_found', err.message)
    }
    throw err
  }
}

/**
 * The `bot` part of start responses: theme and settings with variables filled in. (Start answers also give the
 * bot's schema version, `schemaVersion`, for the Typebot-compatible API.)
 */
export const botSummary = (bot: CompiledBot, outcome: TurnOutcome) => {
  const variables = bot.variables.map((v) => ({ ...v, value: outcome.state.stack.at(-1)?.values[v.id] ?? v.value }))
  const settings = deepParseVariables(bot.settings, variables)
  return {
    id: bot.botId,
    version: '3' as const,
    theme: deepParseVariables(bot.theme, variables),
    settings: { general: settings.general ?? {}, typingEmulation: settings.typingEmulation ?? {} },
    ...(bot.publishedAt && { publishedAt: bot.publishedAt }),
  }
}
