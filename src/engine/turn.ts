// One chat turn: walks the flow from a target (or consumes a reply first) until the bot needs the user again.
// Pure with respect to I/O: everything from outside comes through `EngineDeps`, and what must be stored is
// returned as effects for the caller to persist in one transaction.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import { replyEventInputType } from '../contract/bot/blockTypes.js'
import { defaultSystemMessages, type Variable } from '../contract/bot/common.js'
import { type CompiledBot, edgeTarget } from './compile.js'
import type { Flow, FlowGroup, FlowTarget } from './flow.js'
import type {
  ActionResult,
  BlockContext,
  BlockExecutor,
  BlockLog,
  ClientSideAction,
  MaybePromise,
  PresentedInput,
  StoredCredentials,
  TurnBudget,
} from './kinds.js'
import { computeProgress } from './progress.js'
import { richTextToPlainText } from './richText.js'
import type { SessionState, StackEntry, Target } from './state.js'
import type {
  ChatFiles,
  ChatLog,
  ChatMessage,
  ChatResponse,
  ParsedReply,
  Runtime,
  TextFormat,
  UserReply,
  VariableUpdate,
  VariableValue,
} from './types.js'
import { parseVariables, toVariableValue } from './variables.js'

export type EngineLimits = {
  /** Blocks a single turn may run before it is cut off (input-less loops). */
  maxSteps: number
  /** Wall-clock budget of a turn, in milliseconds. */
  maxMillis: number
}

export type EngineDeps = {
  runtime: Runtime
  /** The compiled bot of a snapshot (from a cache); undefined when it no longer exists. */
  getBot(snapshotId: string): Promise<CompiledBot | undefined>
  /** A bot of the session's workspace, as a Typebot link runs it (published version, or the draft in preview). */
  linkedBot(botId: string, state: SessionState): Promise<CompiledBot | undefined>
  /** Decrypted credentials of the session's workspace. */
  credentials(credentialsId: string, state: SessionState): Promise<StoredCredentials | undefined>
  files: ChatFiles
  limits: EngineLimits
}

export type { ChatResponse } from './types.js'

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

/** Sandbox errors of code that had to be stopped (see `Turn.runaways`). */
const RUNAWAY = /interrupted|out of memory|stack size exceeded/i

/** A long turn lets other requests run every this many milliseconds. */
const PAUSE_EVERY_MS = 10

/**
 * The largest value a variable may hold (characters of text, summed over a list's items). Values come from end users
 * and bot code and live in the session state, which every turn reads and writes whole: a bigger value is refused
 * with an error log (the variable keeps its value). The transcript is kept within the same size.
 */
export const MAX_VARIABLE_CHARS = 1_000_000

/** Whether a value is longer than a variable may hold. */
export const isTooLong = (value: string | (string | null)[]): boolean =>
  (typeof value === 'string' ? value.length : value.reduce((sum, item) => sum + (item?.length ?? 0), 0)) > MAX_VARIABLE_CHARS

/** Linked bots nest at most this deep: a link cycle ends with an error log instead of growing forever. */
const MAX_LINK_DEPTH = 16

/**
 * Linked bots keep their own results: a link inside a loop would otherwise create results (rows) by the hundred in
 * one turn. Past this many new results in a turn, further links that need one are skipped with an error log.
 */
export const MAX_NEW_RESULTS_PER_TURN = 16

export type TurnOutcome = {
  state: SessionState
  /** Nothing is pending any more: no input, no block waiting for a reply. */
  finished: boolean
  response: ChatResponse
  effects: TurnEffects
}

export class EngineError extends Error {
  constructor(
    readonly code: 'start_group_not_found' | 'bot_not_found' | 'block_not_found' | 'command_not_found' | 'state_version',
    message: string,
  ) {
    super(message)
  }
}

class BudgetExceeded extends Error {}

type GroupRun = { stop: true } | { stop: false; next?: FlowTarget }

export class Turn {
  private readonly messages: ChatMessage[] = []
  private readonly actions: ClientSideAction[] = []
  /** The turn's logs, each with whether only the bot's owners may read it (see `LogVisibility`). */
  private readonly logs: { log: ChatLog; ownersOnly: boolean }[] = []
  private readonly effects: TurnEffects = { newResults: [], answers: [], results: [], logs: [] }
  private input?: Record<string, unknown>
  private lastBubbleBlockId?: string
  private lastMessageNewFormat?: string
  /** The client streamed the bubble the walk reaches first (an LLM block's answer): it is not sent again. */
  private bubbleAlreadyShown = false
  private steps = 0
  /** When the turn's time budget started counting (restarted after each call to an outside service). */
  private startedAt: number
  /** When the turn last let other work run (see `tick`). */
  private lastPause: number
  private bots = new Map<string, CompiledBot>()
  /** The running bot, its flow, its variables and the context blocks get, built once per stack level (see `scope`). */
  private scopeCache?: { bot: CompiledBot; flow: Flow; variables: Variable[]; index: Map<string, number>; context: BlockContext }

  /** Code or regexes that had to be stopped (deadline, memory) during this turn; a second time ends the turn. */
  private runaways = 0
  /** Regex tests that ran out of time during this turn (each is also a runaway). */
  private regexTimeouts = 0
  private readonly budget: TurnBudget = { emailsSent: 0, emailRecipients: 0 }
  /** The ports blocks see: the real ones, with sandbox and regex calls held to the turn's budgets. */
  private readonly runtime: Runtime

  constructor(
    readonly state: SessionState,
    private readonly deps: EngineDeps,
    private readonly textFormat: TextFormat,
  ) {
    const { evaluate, runScript, testRegex } = deps.runtime
    const watch = <R extends { ok: boolean; error?: string }>(result: R): R => {
      if (!result.ok && RUNAWAY.test(result.error ?? '')) this.runaways++
      return result
    }
    // Every call is checked against the turn's budgets before it starts and may use at most the time left, so no
    // block — however many codes or comparisons it holds — takes the turn past its budget by more than one call.
    this.runtime = {
      ...deps.runtime,
      evaluate: async (code, globals) => watch(await evaluate(code, globals, { timeoutMs: this.timeLeft(), tenant: state.workspaceId })),
      runScript: async (body, globals) => watch(await runScript(body, globals, { timeoutMs: this.timeLeft(), tenant: state.workspaceId })),
      testRegex: async (source, subject, timeoutMs) => {
        const verdict = await testRegex(source, subject, Math.min(timeoutMs, this.timeLeft()))
        if (verdict.timedOut) {
          this.regexTimeouts++
          this.runaways++
        }
        return verdict
      },
    }
    this.startedAt = this.clock()
    this.lastPause = this.startedAt
  }

  /** Milliseconds left in the turn's budget; throws when the turn is over its budgets. */
  private timeLeft(): number {
    if (this.runaways >= 2) throw new BudgetExceeded('bot code or regular expressions ran out of time twice in one turn')
    const left = this.deps.limits.maxMillis - (this.clock() - this.startedAt)
    if (left <= 0) throw new BudgetExceeded(`the turn took more than ${this.deps.limits.maxMillis} ms`)
    return left
  }

  private get entry(): StackEntry {
    return this.state.stack[0]
  }

  private get bot(): CompiledBot {
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

  /**
   * The running bot's variables (with their current values) and the context handed to blocks. Built once per
   * stack level and updated in place: a turn may run thousands of blocks, so nothing here is rebuilt per block.
   */
  private get scope() {
    if (this.scopeCache) return this.scopeCache
    const bot = this.bot
    const entry = this.entry
    const variables = bot.variables.map((v) => variableWith(v, entry.values[v.id]))
    const state = this.state
    const context: BlockContext = {
      variables,
      runtime: this.runtime,
      textFormat: this.textFormat,
      isPreview: state.isPreview,
      settings: bot.settings ?? {},
      bot,
      entry,
      get transcript() {
        return state.transcript ?? []
      },
      isStreamEnabled: state.isStreamEnabled === true,
      budget: this.budget,
      linkedBot: (id) => this.deps.linkedBot(id, state),
      credentials: (id) => this.deps.credentials(id, state),
      storeFile: (file) => this.deps.files.store(file, { workspaceId: state.workspaceId, botId: entry.botId, resultId: entry.resultId }),
      readStoredFile: (url) => this.deps.files.read(url, state.workspaceId),
    }
    const { flow } = bot
    this.scopeCache = { bot, flow, variables, index: flow.variableIndex, context }
    return this.scopeCache
  }

  private get flow(): Flow {
    return this.scope.flow
  }

  private get variables(): Variable[] {
    return this.scope.variables
  }

  private setVariable(id: string, value: VariableValue) {
    const { bot, index, variables } = this.scope
    const at = index.get(id)
    if (at === undefined) return
    if (value && isTooLong(value)) return this.refuseValue(bot.variables[at].name)
    if (value === undefined || value === null) delete this.entry.values[id]
    else this.entry.values[id] = value
    variables[at] = variableWith(bot.variables[at], value ?? undefined)
  }

  /** A value too long for a variable is not stored: the variable keeps its value and the turn says why. */
  refuseValue(name: string) {
    this.log({ status: 'error', description: `Variable "${name}" was not set: its value is longer than ${MAX_VARIABLE_CHARS} characters.` })
  }

  private applyUpdates(updates: VariableUpdate[] | undefined) {
    for (const u of updates ?? []) this.setVariable(u.variableId, toVariableValue(u.value))
  }

  private context(): BlockContext {
    return this.scope.context
  }

  /**
   * Every log is stored on the result; `ownersOnly` ones are kept out of live answers (see `outcome`). Logs of
   * integration blocks are owners-only unless marked otherwise: they tell about outside calls (requests, responses,
   * provider errors) that whoever chats must not read.
   */
  private log({ visibility, ...log }: BlockLog, fromIntegration = false) {
    this.logs.push({ log, ownersOnly: visibility === 'owners' || (visibility === undefined && fromIntegration) })
    if (this.entry.resultId) this.effects.logs.push({ ...log, resultId: this.entry.resultId })
  }

  private clock(): number {
    return this.deps.runtime.elapsedMs?.() ?? this.deps.runtime.now().getTime()
  }

  /**
   * Counts a step against the turn's budgets. Returns true when the turn has run for a while without pausing:
   * the caller then awaits `pause` so that one long turn does not hold up every other chat of the process.
   */
  private tick(): boolean {
    this.steps++
    if (this.steps > this.deps.limits.maxSteps) throw new BudgetExceeded(`more than ${this.deps.limits.maxSteps} blocks ran in one turn`)
    const now = this.clock()
    if (now - this.startedAt > this.deps.limits.maxMillis) throw new BudgetExceeded(`the turn took more than ${this.deps.limits.maxMillis} ms`)
    // Each runaway evaluation holds the server for a whole sandbox deadline: one is an error, two end the turn.
    if (this.runaways >= 2) throw new BudgetExceeded('bot code or regular expressions ran out of time twice in one turn')
    if (now - this.lastPause < PAUSE_EVERY_MS || !this.deps.runtime.pause) return false
    this.lastPause = now
    return true
  }

  /** Starts the flow (start event, or a preview `startFrom`), consuming `message` when the bot opens with an input. */
  async start(startFrom: { type: 'group'; groupId: string } | { type: 'event'; eventId: string } | undefined, message?: UserReply) {
    delete this.state.notStarted
    let target: Target | undefined
    if (startFrom?.type === 'group') {
      if (!this.bot.groupById.has(startFrom.groupId)) throw new EngineError('start_group_not_found', "Start group doesn't exist")
      target = { groupId: startFrom.groupId }
    } else {
      const event = startFrom ? this.bot.events.find((e) => e.id === startFrom.eventId) : this.bot.events.find((e) => e.type === 'start')
      if (startFrom && !event) throw new EngineError('start_group_not_found', "Start event doesn't exist")
      target = edgeTarget(this.bot, event?.outgoingEdgeId)
    }
    await this.guard(() => this.walk(this.locate(target)))
    const awaitsDedicatedReply = this.actions.some((a) => a.expectsDedicatedReply)
    if (message && this.messages.length === 0 && this.input && !awaitsDedicatedReply) {
      this.input = undefined
      await this.reply(message)
    }
  }

  /** Consumes the user's message on the block that waits for it, then walks on. */
  async reply(message: UserReply | undefined, skipReplyEvent = false) {
    if (this.state.notStarted) return this.start(undefined, message)
    if (message?.type === 'command') return this.runCommand(message.command)
    const waiting = this.state.waiting
    const location = waiting ? this.bot.blockAt.get(waiting.blockId) : undefined
    if (!waiting || !location) throw new EngineError('block_not_found', 'The block this session waits on no longer exists.')
    const { group, index, block } = location
    let edgeId: string | null | undefined = block.outgoingEdgeId
    const kind = this.bot.kinds.get(block.type)
    if (kind?.category === 'input') {
      const prepared = await kind.prepare(block, this.context())
      const parsed = await kind.parseReply(message, prepared, this.context(), { data: waiting.data })
      if (!skipReplyEvent && this.runReplyEvents(block, group, message, parsed)) {
        await this.guard(() => this.walk(undefined))
        return this.resumeInterruptedReply()
      }
      if (parsed.status === 'fail') {
        const shown = kind.present ? await kind.present(block, this.context()) : { input: prepared }
        this.showInput(block, shown)
        return this.retry(kind.retryMessage?.(prepared, this.context()), block)
      }
      if (parsed.status === 'success') {
        this.saveAnswer(block, parsed, message)
        edgeId = parsed.outgoingEdgeId ?? block.outgoingEdgeId
      }
    } else if (kind?.resume) {
      const resume = kind.resume.bind(kind)
      const result = await this.runAction(block, (ctx) => resume(block, message, ctx, { data: waiting.data, delivered: waiting.delivered }))
      this.applyActionResult(result, kind.category === 'integration')
      this.bubbleAlreadyShown = result.skipsNextBubble === true
      if (result.outgoingEdgeId !== undefined) edgeId = result.outgoingEdgeId
    }
    delete this.state.waiting
    await this.guard(async () => {
      let next = this.locate(edgeTarget(this.bot, edgeId))
      if (!next && index + 1 < group.blocks.length) {
        const run = await this.runGroup(this.flow.groups.get(group)!, index + 1)
        if (run.stop) return
        next = run.next
      }
      await this.walk(next)
    })
  }

  /**
   * A `{ type: "command" }` message runs the matching command event's group. With `resumeAfter` the bot goes back to
   * the block that was waiting when that path ends; without, a Return block on the path comes back to it.
   */
  private async runCommand(command: string) {
    const event = this.bot.events.find((e) => e.type === 'command' && (e as { options?: { command?: string } }).options?.command === command)
    if (!event) throw new EngineError('command_not_found', 'Command event not found')
    const waiting = this.state.waiting ? this.bot.blockAt.get(this.state.waiting.blockId) : undefined
    if (waiting) {
      // As in Typebot: `resumeAfter` queues the waiting block for when the path ends; otherwise a Return comes back.
      if ((event as { options?: { resumeAfter?: boolean } }).options?.resumeAfter)
        this.entry.resume.unshift({ groupId: waiting.group.id, blockId: waiting.block.id })
      else this.state.returnMark = { blockId: waiting.block.id }
    }
    delete this.state.waiting
    await this.guard(() => this.walk(this.locate(edgeTarget(this.bot, event.outgoingEdgeId) ?? this.entry.resume.shift())))
  }

  /**
   * Reply and invalid-reply events, as Typebot runs them. A reply that fails validation runs the first invalid-reply
   * event (when it has an edge; without one the retry message is shown); any other reply runs the first reply event
   * that has an edge, so a bot without an invalid-reply event sees invalid replies there too. Either way the input
   * does not handle the reply (no answer saved) and the event's path runs, with the reply, the input's type and its
   * group's title in the event's variables. A Return block on that path comes back to the input: after an
   * invalid-reply event the input is asked again; after a reply event the input handles the interrupted reply
   * (see `resumeInterruptedReply`). Without a Return the chat goes on wherever the path leads. Returns whether an
   * event ran.
   */
  private runReplyEvents(block: Block, group: GroupV6, message: UserReply | undefined, parsed: ParsedReply): boolean {
    const failed = parsed.status === 'fail'
    const invalidEvent = failed ? this.bot.events.find((e) => e.type === 'invalidReply') : undefined
    const invalidTarget = invalidEvent && edgeTarget(this.bot, invalidEvent.outgoingEdgeId)
    const replyEvent = invalidTarget ? undefined : this.bot.events.find((e) => e.type === 'reply' && e.outgoingEdgeId)
    const replyTarget = replyEvent && edgeTarget(this.bot, replyEvent.outgoingEdgeId)
    const event = invalidTarget ? invalidEvent : replyTarget ? replyEvent : undefined
    if (!event || !message) return false
    // Updates a valid reply carries besides the answer (card fields…) apply even though the event takes the reply.
    if (parsed.status === 'success') this.applyUpdates(parsed.variableUpdates)
    const options = (event.options ?? {}) as { contentVariableId?: string; inputTypeVariableId?: string; inputNameVariableId?: string }
    const content = message.type === 'audio' ? message.url : message.type === 'text' ? message.text : undefined
    if (options.contentVariableId && content !== undefined) this.setVariable(options.contentVariableId, content)
    const inputType = replyEventInputType[block.type]
    if (options.inputTypeVariableId && inputType) this.setVariable(options.inputTypeVariableId, inputType)
    if (options.inputNameVariableId) this.setVariable(options.inputNameVariableId, group.title)
    delete this.state.waiting
    if (invalidTarget) {
      this.state.returnMark = { blockId: block.id }
      this.entry.resume.unshift(invalidTarget)
    } else {
      this.state.returnMark = { blockId: block.id, autoResumeMessage: message }
      // The reply event's path starts at the top of its group, whichever block the edge points to.
      this.entry.resume.unshift({ groupId: replyTarget!.groupId })
    }
    return true
  }

  /**
   * After a reply event's path: when a Return came back to the input (the mark is `called`) and the walk stopped on
   * it, the input handles the reply the event interrupted, in the same turn.
   */
  private async resumeInterruptedReply() {
    const mark = this.state.returnMark
    if (mark?.status !== 'called' || this.state.waiting?.blockId !== mark.blockId) return
    delete this.state.returnMark
    this.input = undefined
    await this.reply(mark.autoResumeMessage, true)
  }

  /** Runs a walk; a runaway flow is cut off with an error log instead of hanging the server. */
  private async guard(walk: () => Promise<void>) {
    try {
      await walk()
    } catch (err) {
      if (!(err instanceof BudgetExceeded)) throw err
      delete this.state.waiting
      this.input = undefined
      this.log({
        status: 'error',
        description: 'The flow was stopped: it ran too long without waiting for the user (is there a loop without input?)',
        details: err.message,
      })
    }
  }

  /** Asks again: the retry text goes before the input shown again (see `showInput`). */
  private retry(blockRetry: string | undefined, block: Block) {
    const systemMessage = this.bot.settings?.general?.systemMessages?.invalidMessage
    const text = blockRetry || (systemMessage ? parseVariables(systemMessage, this.variables) : '') || defaultSystemMessages.invalidMessage
    this.messages.push({ id: block.id, type: 'text', content: textContent(text, this.textFormat) })
  }

  /** Sends the input, logs what showing it logged, and waits on its block with what it keeps. */
  private showInput(block: Block, { input, logs, waitingData }: PresentedInput): GroupRun {
    this.input = input
    for (const log of logs ?? []) this.log(log)
    return this.waitOn(block, waitingData)
  }

  private saveAnswer(block: Block, parsed: Extract<ParsedReply, { status: 'success' }>, message: UserReply | undefined) {
    const { content } = parsed
    // Files sent with the reply are stored with the answer, whatever the input (uploads, text-input attachments).
    const attachedFileUrls =
      parsed.attachedFileUrls ?? (message?.type === 'text' && message.attachedFileUrls?.length ? message.attachedFileUrls : undefined)
    const variableId = ((block as { options?: { variableId?: string | null } }).options ?? {}).variableId
    this.applyUpdates(parsed.variableUpdates)
    if (variableId) this.appendOrSet(variableId, content)

    const key = this.answerKey(block, variableId ?? undefined)
    const value = attachedFileUrls?.length ? `${attachedFileUrls.join(', ')}\n\n${content}` : content
    const answers = this.entry.answers.filter((a) => a.key !== key)
    answers.push({ key, value })
    this.entry.answers = answers
    if (this.entry.resultId) {
      this.effects.answers.push({ resultId: this.entry.resultId, blockId: block.id, content, ...(attachedFileUrls?.length && { attachedFileUrls }) })
      this.entry.hasAnswered = true
    }
    if (this.state.progress) this.state.progress.totalAnswers++
    this.remember('user', content)
    if (message?.type === 'text' && content !== message.text) this.lastMessageNewFormat = content
  }

  /** Keeps the conversation for bots that put it in a variable (Set variable "Transcript"). */
  private remember(role: 'assistant' | 'user', text: string | undefined) {
    if (!text || !this.bot.needsTranscript) return
    const transcript = (this.state.transcript ??= [])
    transcript.push({ role, text: text.slice(0, MAX_VARIABLE_CHARS) })
    // The oldest lines go first: the transcript never outgrows what one variable may hold.
    let length = transcript.reduce((sum, line) => sum + line.text.length, 0)
    while (length > MAX_VARIABLE_CHARS && transcript.length > 1) length -= transcript.shift()!.text.length
  }

  /** A variable holding a list accumulates answers (loops); otherwise the value is replaced. */
  private appendOrSet(variableId: string, value: string | string[]) {
    const current = this.entry.values[variableId]
    if (Array.isArray(current)) this.setVariable(variableId, current.concat(value))
    else this.setVariable(variableId, value)
  }

  private answerKey(block: Block, variableId: string | undefined): string {
    const variable = variableId ? this.bot.variableById.get(variableId) : undefined
    if (variable) return variable.name
    const location = this.bot.blockAt.get(block.id)
    if (!location?.group.title) return block.id
    const inputIndex = location.group.blocks.filter((b) => this.bot.kinds.get(b.type)?.category === 'input').findIndex((b) => b.id === block.id)
    return inputIndex > 0 ? `${location.group.title} (${inputIndex})` : location.group.title
  }

  /** A target in the running bot's flow. */
  private locate(target: Target | undefined): FlowTarget | undefined {
    return target && this.flow.locate(target)
  }

  /** Walks groups from `next` until the bot waits for the user or nothing is left to run. */
  private async walk(next: FlowTarget | undefined): Promise<void> {
    for (;;) {
      next ??= this.nextQueued()
      if (!next) return
      if (this.tick()) await this.deps.runtime.pause!()
      const { group, from } = next
      if (!group || from < 0) {
        this.log({
          status: 'error',
          description: 'An edge leads to a group or block that does not exist; this path ends here.',
          details: JSON.stringify(next.target),
        })
        next = undefined
        continue
      }
      const pending = this.runGroup(group, from)
      const run = pending instanceof Promise ? await pending : pending
      if (run.stop) return
      next = run.next
    }
  }

  /** Where to go when a path ends: a queued resume point, else the parent of a finished linked bot. */
  private nextQueued(): FlowTarget | undefined {
    for (;;) {
      const next = this.locate(this.entry.resume.shift())
      if (next) return next
      if (this.state.stack.length <= 1) return undefined
      this.finishLinkedBot()
    }
  }

  /** A linked bot ended: its result completes, and a merging child hands its variables back by name. */
  private finishLinkedBot() {
    const child = this.state.stack.shift()!
    const childBot = this.bots.get(child.snapshotId)
    if (child.resultId && !child.isMergingWithParent && childBot) this.effects.results.push(resultEffect(childBot, child, true))
    if (child.isMergingWithParent && childBot) {
      const parentBot = this.bot
      for (const [id, value] of Object.entries(child.values)) {
        const name = childBot.variableById.get(id)?.name
        const target = parentBot.variables.find((v) => v.name === name)
        if (target) this.entry.values[target.id] = value
      }
      const keys = new Set(child.answers.map((a) => a.key))
      this.entry.answers = [...this.entry.answers.filter((a) => !keys.has(a.key)), ...child.answers]
      this.entry.hasAnswered ||= child.hasAnswered
    }
    this.scopeCache = undefined
  }

  /**
   * Runs the blocks of a group from `from`; stops at an input or a block that waits for a reply. Synchronous as
   * long as its blocks are (most logic): a promise only once a block or a pause needs one.
   */
  private runGroup(group: FlowGroup, from: number): GroupRun | Promise<GroupRun> {
    for (let i = from; i < group.blocks.length; i++) {
      const step = this.tick() ? this.deps.runtime.pause!().then(() => this.runBlock(group, i)) : this.runBlock(group, i)
      if (step instanceof Promise) return step.then((run) => run ?? this.runGroup(group, i + 1))
      if (step) return step
    }
    return { stop: false, next: group.exit }
  }

  /** Runs one block: undefined to go on with the next block of the group, else where the group's run ends. */
  private runBlock(group: FlowGroup, index: number): MaybePromise<GroupRun | undefined> {
    const { block, kind, execute } = group.blocks[index]
    const alreadyShown = this.bubbleAlreadyShown
    this.bubbleAlreadyShown = false
    if (kind?.category === 'bubble') {
      const shown = (message: ChatMessage | undefined) => {
        if (!message) return undefined
        if (!alreadyShown) this.messages.push(message)
        this.lastBubbleBlockId = block.id
        this.remember('assistant', messageText(message))
        return kind.waitsForReply?.(block) ? this.waitOn(block) : undefined
      }
      const message = kind.render(block, this.context())
      return message instanceof Promise ? message.then(shown) : shown(message)
    }
    if (kind?.category === 'input') {
      if (kind.present) return kind.present(block, this.context()).then((shown) => this.showInput(block, shown))
      const input = kind.prepare(block, this.context())
      return input instanceof Promise ? input.then((ready) => this.showInput(block, { input: ready })) : this.showInput(block, { input })
    }
    if (!execute) {
      this.log({
        status: 'error',
        description: `Block "${block.type}" is not supported by this server yet; the flow went on past it.`,
        details: JSON.stringify({ blockId: block.id, type: block.type }),
      })
      return undefined
    }
    const pending = this.runAction(block, execute)
    return pending instanceof Promise ? pending.then((result) => this.afterAction(group, index, result)) : this.afterAction(group, index, pending)
  }

  /** Applies an action's result; returns where the group's run ends, or undefined to go on with the next block. */
  private afterAction(group: FlowGroup, index: number, result: ActionResult): GroupRun | undefined {
    const { block, kind } = group.blocks[index]
    this.applyActionResult(result, kind?.category === 'integration')
    if (result.waitsForReply) return this.waitOn(block, result.waitingData)
    if (result.linkTo) {
      // Located once the linked bot runs: the start is a target in its flow.
      const start = this.enterLinkedBot(result.linkTo, group.group, index)
      return start ? { stop: false, next: this.locate(start) } : undefined
    }
    if (result.returnMark !== undefined) {
      if (result.returnMark === null) delete this.state.returnMark
      else this.state.returnMark = { blockId: result.returnMark }
    }
    if (result.returnToMark && this.state.returnMark) {
      const mark = this.state.returnMark
      const location = this.bot.blockAt.get(mark.blockId)
      if (!location) {
        delete this.state.returnMark
        this.log({ status: 'error', description: 'Could not find block to return to', context: 'Error while executing Return block' })
        return { stop: false }
      }
      // A reply event's mark stays (as `called`) until the input has handled the interrupted reply.
      if (mark.autoResumeMessage) mark.status = 'called'
      else delete this.state.returnMark
      return { stop: false, next: this.locate({ groupId: location.group.id, blockId: mark.blockId }) }
    }
    if (result.jumpTo) return { stop: false, next: this.locate(result.jumpTo) }
    if (result.outgoingEdgeId === null) return { stop: false }
    if (result.outgoingEdgeId !== undefined) {
      const next = this.flow.edges.get(result.outgoingEdgeId)
      if (next) return { stop: false, next }
    }
    return undefined
  }

  /**
   * Pushes a linked bot on the stack and returns where it starts. The parent resumes after the link block
   * (its edge, else the next block of its group) once the linked bot's path ends.
   */
  private enterLinkedBot(link: NonNullable<ActionResult['linkTo']>, group: GroupV6, index: number): Target | undefined {
    if (this.state.stack.length >= MAX_LINK_DEPTH) {
      this.log({ status: 'error', description: `Typebot link skipped: bots are linked more than ${MAX_LINK_DEPTH} levels deep (a link cycle?).` })
      return undefined
    }
    const parent = this.entry
    const block = group.blocks[index]
    const resume =
      edgeTarget(this.bot, block.outgoingEdgeId) ?? (group.blocks[index + 1] ? { groupId: group.id, blockId: group.blocks[index + 1].id } : undefined)
    const start = link.groupId ? { groupId: link.groupId } : edgeTarget(link.bot, link.bot.events.find((e) => e.type === 'start')?.outgoingEdgeId)
    if (!start || !link.bot.groupById.has(start.groupId)) {
      this.log({
        status: 'error',
        description: 'Failed to link typebot: the target group does not exist.',
        details: JSON.stringify({ botId: link.bot.botId, groupId: link.groupId }),
      })
      return undefined
    }
    const sameBot = link.bot.snapshotId === parent.snapshotId
    const merge = sameBot || link.mergeResults
    if (parent.resultId && !merge && this.effects.newResults.length >= MAX_NEW_RESULTS_PER_TURN) {
      this.log({
        status: 'error',
        description: `Typebot link skipped: this turn already created ${MAX_NEW_RESULTS_PER_TURN} results of linked bots (a link in a loop?).`,
      })
      return undefined
    }
    if (resume) parent.resume.unshift(resume)
    let resultId = parent.resultId
    if (parent.resultId && !merge) {
      resultId = this.deps.runtime.newId()
      this.effects.newResults.push({ id: resultId, botId: link.bot.botId })
    }
    const values: Record<string, VariableValue> = {}
    for (const variable of link.bot.variables) {
      for (const entry of this.state.stack) {
        const source = this.bots.get(entry.snapshotId)?.variables.find((v) => v.name === variable.name)
        const value = source && entry.values[source.id]
        if (value !== undefined && value !== null) {
          values[variable.id] = value
          break
        }
      }
    }
    this.bots.set(link.bot.snapshotId, link.bot)
    this.state.stack.unshift({
      botId: link.bot.botId,
      snapshotId: link.bot.snapshotId,
      resultId: this.state.isPreview ? undefined : resultId,
      values,
      answers: merge ? [...parent.answers] : [],
      isMergingWithParent: merge,
      resume: [],
    })
    this.scopeCache = undefined
    return start
  }

  /**
   * Runs a block's execute/resume. A block that fails unexpectedly is logged and passed, like Typebot's
   * per-block error logs, never a 500. Synchronous blocks (most logic) stay synchronous: no promise per block.
   */
  private runAction(block: Block, run: BlockExecutor): MaybePromise<ActionResult> {
    let result: MaybePromise<ActionResult>
    try {
      result = run(this.scope.context)
    } catch (err) {
      return this.failedAction(block, err)
    }
    if (!(result instanceof Promise)) return result
    // Regex tests are asynchronous and a turn runs one block at a time, so timeouts counted meanwhile are this block's.
    const regexTimeoutsBefore = this.regexTimeouts
    return result.then(
      (value) => this.afterOutsideCall(block, value, regexTimeoutsBefore),
      (err) => this.afterOutsideCall(block, this.failedAction(block, err), regexTimeoutsBefore),
    )
  }

  private failedAction(block: Block, err: unknown): ActionResult {
    if (err instanceof BudgetExceeded) throw err
    return {
      logs: [
        {
          status: 'error',
          description: `Block "${block.type}" failed: ${(err as Error)?.message ?? String(err)}`,
          details: JSON.stringify({ blockId: block.id }),
        },
      ],
    }
  }

  /**
   * Like Typebot, time spent waiting for an outside service (HTTP, LLM, email) does not count against the turn's
   * budget: each call has its own timeout, and loops of calls are bounded by the step limit. Sandbox and regex calls
   * of logic blocks do count.
   */
  private afterOutsideCall(block: Block, result: ActionResult, regexTimeoutsBefore: number): ActionResult {
    if (this.regexTimeouts > regexTimeoutsBefore) {
      this.log({
        status: 'error',
        description: 'A regular expression ran out of time (100 ms) and counted as not matching.',
        details: JSON.stringify({ blockId: block.id }),
      })
    }
    if (this.bot.kinds.get(block.type)?.category === 'integration') this.startedAt = this.clock()
    return result
  }

  private waitOn(block: Block, data?: unknown): GroupRun {
    this.state.waiting = data === undefined ? { blockId: block.id } : { blockId: block.id, data }
    return { stop: true }
  }

  private applyActionResult(result: ActionResult, fromIntegration: boolean) {
    if (result.variableUpdates) this.applyUpdates(result.variableUpdates)
    if (result.logs) for (const log of result.logs) this.log(log, fromIntegration)
    for (const message of result.messages ?? []) {
      this.messages.push(message)
      this.lastBubbleBlockId = message.id
    }
    if (result.clientSideActions)
      for (const action of result.clientSideActions) {
        this.actions.push(this.lastBubbleBlockId ? { ...action, lastBubbleBlockId: this.lastBubbleBlockId } : action)
      }
  }

  /** The response, the new state and what to store. */
  outcome(): TurnOutcome {
    const finished = !this.state.waiting && !this.state.notStarted
    const bot = this.bot
    const response: ChatResponse = { messages: this.messages }
    if (this.lastMessageNewFormat !== undefined) response.lastMessageNewFormat = this.lastMessageNewFormat
    if (this.input) response.input = this.input as ChatResponse['input']
    if (this.actions.length) response.clientSideActions = this.actions
    // Previews answer the builder (write access): every log. Live answers go to whoever chats: no owners-only log.
    const logs = this.state.isPreview ? this.logs : this.logs.filter((l) => !l.ownersOnly)
    if (logs.length) response.logs = logs.map((l) => l.log)
    const progress = this.progress(finished)
    if (progress !== undefined) response.progress = progress
    const dynamicTheme = dynamicAvatars(bot, this.variables)
    if (dynamicTheme) response.dynamicTheme = dynamicTheme
    for (const entry of this.state.stack) {
      const entryBot = this.bots.get(entry.snapshotId)
      if (entry.resultId && !entry.isMergingWithParent && entryBot) this.effects.results.push(resultEffect(entryBot, entry, finished))
    }
    return { state: this.state, finished, response, effects: this.effects }
  }

  private progress(finished: boolean): number | undefined {
    if (!this.state.progress) return undefined
    if (finished) return 100
    const inputId = this.input?.id
    if (typeof inputId !== 'string') return undefined
    return computeProgress({ totalAnswers: this.state.progress.totalAnswers, longestPath: this.bot.progress.longestPathFrom(inputId) })
  }
}

const resultEffect = (bot: CompiledBot, entry: StackEntry, isCompleted: boolean): ResultEffect => ({
  resultId: entry.resultId!,
  botId: bot.botId,
  hasStarted: entry.hasAnswered === true,
  isCompleted,
  variables: bot.variables
    .filter((v) => !v.isSessionVariable && !bot.sessionVariableIds.has(v.id) && entry.values[v.id] !== undefined && entry.values[v.id] !== null)
    .map((v) => ({ id: v.id, name: v.name, value: entry.values[v.id] })),
})

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

/** Avatars and a background whose URL is a variable change with it (reference 3.2 `dynamicTheme`). */
const dynamicAvatars = (bot: CompiledBot, variables: Variable[]) => {
  const host = bot.theme?.chat?.hostAvatar?.url
  const guest = bot.theme?.chat?.guestAvatar?.url
  const background = bot.theme?.general?.background?.content
  const isDynamic = (url: unknown): url is string => typeof url === 'string' && url.startsWith('{{')
  if (!isDynamic(host) && !isDynamic(guest) && !isDynamic(background)) return undefined
  return {
    ...(isDynamic(host) && { hostAvatarUrl: parseVariables(host, variables) }),
    ...(isDynamic(guest) && { guestAvatarUrl: parseVariables(guest, variables) }),
    ...(isDynamic(background) && { backgroundUrl: parseVariables(background, variables) }),
  }
}

/** A plain text bubble content in the requested format. */
export const textContent = (text: string, format: TextFormat) =>
  format === 'markdown' ? { type: 'markdown', markdown: text } : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] }

/** What a bubble says, for transcripts: its text, or the URL of its media. */
const messageText = (message: ChatMessage): string | undefined => {
  const content = message.content as Record<string, any>
  if (content.type === 'markdown') return content.markdown
  if (content.type === 'richText') return richTextToPlainText(content.richText ?? [])
  return typeof content.url === 'string' ? content.url : undefined
}
