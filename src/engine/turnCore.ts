// What every part of a turn works on: the session state (the turn's own copy), the bots it runs, the running
// bot's scope, the limits, what to answer and what to store. The parts (answers, linked bots, actions, reply events)
// are functions of it; turn.ts orchestrates them.
import type { Block } from '../contract/bot/blocks/index.js'
import type { CompiledBot } from './compile.js'
import type { EngineDeps } from './deps.js'
import type { TurnEffects } from './effects.js'
import { EngineError } from './errors.js'
import type { FlowTarget } from './flow.js'
import type { BlockLog, TurnBudget } from './kinds.js'
import { TurnLimits } from './limits.js'
import { TurnOutput } from './output.js'
import { MAX_VARIABLE_CHARS, Scope } from './scope.js'
import type { SessionState, StackEntry, Target } from './state.js'
import type { TextFormat } from './types.js'

/** Where a group's run ended: the bot waits for the user (`stop`), or the walk goes on at `next` (if any). */
export type GroupRun = { stop: true } | { stop: false; next?: FlowTarget }

export class TurnCore {
  readonly output = new TurnOutput()
  readonly effects: TurnEffects = { newResults: [], answers: [], results: [], logs: [] }
  readonly limits: TurnLimits
  /** The compiled bots of the stack's entries, by snapshot id. */
  readonly bots = new Map<string, CompiledBot>()
  private readonly budget: TurnBudget = { emailsSent: 0, emailRecipients: 0 }
  /** The running bot's scope, built once per stack level (see `scope`). */
  private scopeCache?: Scope

  constructor(
    readonly state: SessionState,
    readonly deps: EngineDeps,
    readonly textFormat: TextFormat,
  ) {
    this.limits = new TurnLimits(deps.limits, deps.runtime, state.workspaceId)
  }

  get entry(): StackEntry {
    return this.state.stack[0]
  }

  get bot(): CompiledBot {
    const bot = this.bots.get(this.entry.snapshotId)
    if (!bot) throw new EngineError('bot_not_found', 'The bot of this session no longer exists.')
    return bot
  }

  /** Loads the compiled bots of every stack entry (once per turn). */
  async load(): Promise<void> {
    for (const entry of this.state.stack) {
      if (this.bots.has(entry.snapshotId)) continue
      const bot = await this.deps.getBot(entry.snapshotId)
      if (!bot) throw new EngineError('bot_not_found', 'The bot of this session no longer exists.')
      this.bots.set(entry.snapshotId, bot)
    }
  }

  /** Read several times a block: kept free of closures, which would cost an allocation per read. */
  get scope(): Scope {
    return this.scopeCache ?? this.buildScope()
  }

  private buildScope(): Scope {
    const ports = { runtime: this.limits.runtime, textFormat: this.textFormat, budget: this.budget, deps: this.deps }
    this.scopeCache = new Scope(this.bot, this.state, ports, (name) => this.refuseValue(name))
    return this.scopeCache
  }

  /** The stack changed: the next use of `scope` builds the new running bot's. */
  resetScope() {
    this.scopeCache = undefined
  }

  /** A value too long for a variable is not stored: the variable keeps its value and the turn says why. */
  refuseValue(name: string) {
    this.log({ status: 'error', description: `Variable "${name}" was not set: its value is longer than ${MAX_VARIABLE_CHARS} characters.` })
  }

  /**
   * Every log is stored on the result; `ownersOnly` ones are kept out of live answers (see `TurnOutput.response`).
   * Logs of integration blocks are owners-only unless marked otherwise: they tell about outside calls (requests,
   * responses, provider errors) that whoever chats must not read.
   */
  log({ visibility, ...log }: BlockLog, fromIntegration = false) {
    this.output.log(log, visibility === 'owners' || (visibility === undefined && fromIntegration))
    if (this.entry.resultId) this.effects.logs.push({ ...log, resultId: this.entry.resultId })
  }

  /** A target in the running bot's flow. */
  locate(target: Target | undefined): FlowTarget | undefined {
    return target && this.scope.flow.locate(target)
  }

  /** The bot waits on `block` for the next message, with what the block keeps meanwhile. */
  waitOn(block: Block, data?: unknown): GroupRun {
    this.state.waiting = data === undefined ? { blockId: block.id } : { blockId: block.id, data }
    return { stop: true }
  }
}
