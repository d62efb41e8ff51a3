// The running bot's scope: its variables with their current values and the context its blocks get. Built once per
// stack level and updated in place: a turn may run thousands of blocks, so nothing here is rebuilt per block.
import type { Variable } from '../contract/bot/common.js'
import type { CompiledBot } from './compile.js'
import type { EngineDeps } from './deps.js'
import type { Flow } from './flow.js'
import type { BlockContext, TurnBudget } from './kinds.js'
import type { SessionState, StackEntry } from './state.js'
import type { Runtime, TextFormat, VariableUpdate, VariableValue } from './types.js'
import { toVariableValue } from './variables.js'

/**
 * The largest value a variable may hold (characters of text, summed over a list's items). Values come from end users
 * and bot code and live in the session state, which every turn reads and writes whole: a bigger value is refused
 * with an error log (the variable keeps its value). The transcript is kept within the same size.
 */
export const MAX_VARIABLE_CHARS = 1_000_000

/** Whether a value is longer than a variable may hold. */
export const isTooLong = (value: string | (string | null)[]): boolean =>
  (typeof value === 'string' ? value.length : value.reduce((sum, item) => sum + (item?.length ?? 0), 0)) > MAX_VARIABLE_CHARS

/** What a scope's block context is made of besides the bot and its stack entry. */
export type ScopePorts = { runtime: Runtime; textFormat: TextFormat; budget: TurnBudget; deps: EngineDeps }

export class Scope {
  readonly flow: Flow
  /** The running bot's variables with their current values (in the bot's order). */
  readonly variables: Variable[]
  readonly context: BlockContext
  private readonly index: Map<string, number>
  /** The running bot's stack entry (the first of the stack while this scope is current). */
  private readonly entry: StackEntry

  constructor(
    readonly bot: CompiledBot,
    state: SessionState,
    { runtime, textFormat, budget, deps }: ScopePorts,
    /** Told the name of a variable whose new value was too long (it keeps its value). */
    private readonly refuse: (name: string) => void,
  ) {
    const entry = state.stack[0]
    const variables = bot.variables.map((v) => variableWith(v, entry.values[v.id]))
    this.context = {
      variables,
      runtime,
      textFormat,
      isPreview: state.isPreview,
      ...(state.isPreview && state.previewEmailTo && { previewEmailTo: state.previewEmailTo }),
      settings: bot.settings ?? {},
      bot,
      entry,
      get transcript() {
        return state.transcript ?? []
      },
      isStreamEnabled: state.isStreamEnabled === true,
      client: state.client,
      budget,
      linkedBot: (id) => deps.linkedBot(id, state),
      credentials: (id) => deps.credentials(id, state),
      storeFile: (file) => deps.files.store(file, { workspaceId: state.workspaceId, botId: entry.botId, resultId: entry.resultId }),
      readStoredFile: (url) => deps.files.read(url, state.workspaceId),
    }
    this.entry = entry
    this.variables = variables
    this.flow = bot.flow
    this.index = bot.flow.variableIndex
  }

  set(id: string, value: VariableValue) {
    const at = this.index.get(id)
    if (at === undefined) return
    const { bot, entry } = this
    if (value && isTooLong(value)) return this.refuse(bot.variables[at].name)
    if (value === undefined || value === null) delete entry.values[id]
    else entry.values[id] = value
    this.variables[at] = variableWith(bot.variables[at], value ?? undefined)
  }

  applyUpdates(updates: VariableUpdate[] | undefined) {
    for (const u of updates ?? []) this.set(u.variableId, toVariableValue(u.value))
  }

  /** A variable holding a list accumulates answers (loops); otherwise the value is replaced. */
  appendOrSet(variableId: string, value: string | string[]) {
    const current = this.entry.values[variableId]
    if (Array.isArray(current)) this.set(variableId, current.concat(value))
    else this.set(variableId, value)
  }
}

/**
 * A variable with its current value (none when unset: the bot's default was copied into the state at start).
 * Written as literals: object spreads are slow on this hot path in Node 20.
 */
const variableWith = (v: Variable, value: VariableValue): Variable => {
  if (v.isSessionVariable === undefined) return value === undefined ? { id: v.id, name: v.name } : { id: v.id, name: v.name, value }
  return value === undefined
    ? { id: v.id, name: v.name, isSessionVariable: v.isSessionVariable }
    : { id: v.id, name: v.name, value, isSessionVariable: v.isSessionVariable }
}
