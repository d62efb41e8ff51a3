// The engine's entry points: start a chat, continue it. Pure: bots, state and reply in; state, response, effects out.
import type { CompiledBot } from './compile.js'
import type { StartProps } from './startProps.js'
import { STATE_VERSION, type SessionState } from './state.js'
import type { EngineDeps } from './deps.js'
import { isTooLong } from './scope.js'
import { Turn, type TurnOutcome } from './turn.js'
import type { MessagingClient, TextFormat, UserReply, VariableValue } from './types.js'
import { toVariableValue } from './variables.js'

export type StartOptions = {
  workspaceId: string
  isPreview: boolean
  /** Previews: the user who starts it (kept in the state). */
  previewUserId?: string
  /** Previews only: Send email blocks send to this address (the author's) instead of not sending (see SessionState). */
  previewEmailTo?: string
  /** Live chats: the result this run is stored in (new, or an existing one being overwritten). */
  resultId?: string
  /** Variables of an existing result being overwritten, by name. */
  previousVariables?: { name: string; value: VariableValue }[]
  prefilledVariables?: Record<string, unknown>
  startFrom?: { type: 'group'; groupId: string } | { type: 'event'; eventId: string }
  message?: UserReply
  isOnlyRegistering?: boolean
  isStreamEnabled?: boolean
  /** Previews only: shows (or hides) the progress whatever the bot's theme says. */
  isProgressBarEnabled?: boolean
  textFormat: TextFormat
  /** Chats on a messaging app (see MessagingClient). */
  client?: MessagingClient
}

/**
 * Initial values: the bot's own defaults, then the overwritten result's, then prefilled ones (truthy only). A value
 * longer than a variable may hold is left out (its name is returned, to be logged).
 */
const initialValues = (bot: CompiledBot, options: StartOptions): { values: Record<string, VariableValue>; refused: string[] } => {
  const values: Record<string, VariableValue> = {}
  const refused: string[] = []
  const set = (id: string, name: string, value: VariableValue) => {
    if (value && isTooLong(value)) refused.push(name)
    else values[id] = value
  }
  for (const v of bot.variables) if (v.value !== undefined && v.value !== null) values[v.id] = v.value as VariableValue
  for (const previous of options.previousVariables ?? []) {
    const variable = bot.variables.find((v) => v.name === previous.name)
    if (variable && previous.value !== null && previous.value !== undefined) set(variable.id, variable.name, previous.value)
  }
  for (const [name, value] of Object.entries(options.prefilledVariables ?? {})) {
    const variable = bot.variables.find((v) => v.name === name)
    if (variable && value) set(variable.id, variable.name, toVariableValue(value))
  }
  return { values, refused }
}

const showsProgress = (bot: CompiledBot, options: StartOptions): boolean =>
  options.isPreview && options.isProgressBarEnabled !== undefined ? options.isProgressBarEnabled : bot.theme?.general?.progressBar?.isEnabled === true

export const startChat = async (bot: CompiledBot, options: StartOptions, deps: EngineDeps): Promise<TurnOutcome> => {
  const { values, refused } = initialValues(bot, options)
  const state: SessionState = {
    version: STATE_VERSION,
    workspaceId: options.workspaceId,
    isPreview: options.isPreview,
    ...(options.isPreview && options.previewUserId && { previewUserId: options.previewUserId }),
    ...(options.isPreview && options.previewEmailTo && { previewEmailTo: options.previewEmailTo }),
    stack: [{ botId: bot.botId, snapshotId: bot.snapshotId, resultId: options.resultId, values, answers: [], resume: [] }],
    ...(showsProgress(bot, options) && { progress: { totalAnswers: 0 } }),
    ...(options.isStreamEnabled && { isStreamEnabled: true }),
    ...(!options.isPreview && bot.settings?.security?.allowedOrigins?.length && { allowedOrigins: bot.settings.security.allowedOrigins }),
    ...(options.client && { client: options.client }),
  }
  const turn = new Turn(state, { ...deps, getBot: async (id) => (id === bot.snapshotId ? bot : deps.getBot(id)) }, options.textFormat)
  await turn.load()
  for (const name of refused) turn.refuseValue(name)
  if (options.isOnlyRegistering) {
    state.notStarted = true
    return turn.outcome()
  }
  await turn.start(options.startFrom, options.message)
  const outcome = turn.outcome()
  if (bot.startProps) injectStartProps(outcome, bot.startProps, options.isPreview)
  return outcome
}

/** Live starts begin with the page set-up the client must do first; previews only say what they leave out. */
const injectStartProps = ({ response }: TurnOutcome, props: StartProps, isPreview: boolean) => {
  if (isPreview) response.logs = [...(response.logs ?? []), props.previewLog]
  else response.clientSideActions = [props.action, ...(response.clientSideActions ?? [])]
}

/**
 * The next turn of a chat. `state` is the turn's own copy, read from storage for this turn (`parseState`): the turn
 * works on it and returns it as the next state, so nothing shared is ever changed. (Copying it once more here cost a
 * fifth of a turn's time under load.) A caller that keeps the object it passes must pass a copy.
 */
export const continueChat = async (
  state: SessionState,
  message: UserReply | undefined,
  textFormat: TextFormat,
  deps: EngineDeps,
): Promise<TurnOutcome> => {
  const turn = new Turn(state, deps, textFormat)
  await turn.load()
  await turn.reply(message)
  return turn.outcome()
}

export type { EngineDeps } from './deps.js'
export { EngineError } from './errors.js'
export type { TurnOutcome } from './turn.js'
export type { BlockKind, KindRegistry } from './kinds.js'
export { kindRegistry } from './kinds.js'
export { migrateState, parseState, StateVersionError } from './state.js'
