// One chat turn: walks the flow from a target (or consumes a reply first) until the bot needs the user again.
// Pure with respect to I/O: everything from outside comes through `EngineDeps`, and what must be stored is
// returned as effects for the caller to persist in one transaction. This file is the walk; what it does on the
// way lives in its parts (listed in docs/architecture.md): turnCore.ts (what they share), actions.ts, answers.ts,
// linkedBots.ts, replyEvents.ts, limits.ts, scope.ts, output.ts, effects.ts, transcript.ts; deps.ts and errors.ts
// are its ports and its error.
import { InputBlockType } from '../contract/bot/blockTypes.js'
import type { Block } from '../contract/bot/blocks/index.js'
import { afterAction, applyActionResult, runAction } from './actions.js'
import { saveAnswer } from './answers.js'
import { edgeTarget } from './compile.js'
import type { EngineDeps } from './deps.js'
import { resultEffect, type TurnEffects } from './effects.js'
import { EngineError } from './errors.js'
import type { FlowGroup, FlowTarget } from './flow.js'
import type { MaybePromise, PresentedInput } from './kinds.js'
import { BudgetExceeded } from './limits.js'
import { finishLinkedBot } from './linkedBots.js'
import { dynamicAvatars } from './output.js'
import { computeProgress } from './progress.js'
import { enterCommand, runReplyEvents } from './replyEvents.js'
import type { SessionState, Target } from './state.js'
import { messageText, remember } from './transcript.js'
import { type GroupRun, TurnCore } from './turnCore.js'
import type { ChatMessage, ChatResponse, TextFormat, UserReply } from './types.js'

export type TurnOutcome = {
  state: SessionState
  /** Nothing is pending any more: no input, no block waiting for a reply. */
  finished: boolean
  response: ChatResponse
  effects: TurnEffects
}

/** Inputs a start message never answers (Typebot's): the contact sees them first. */
const SHOWN_INPUTS = new Set<string>([InputBlockType.CARDS, InputBlockType.PICTURE_CHOICE, InputBlockType.CHOICE, InputBlockType.PAYMENT])

export class Turn {
  private readonly core: TurnCore

  constructor(state: SessionState, deps: EngineDeps, textFormat: TextFormat) {
    this.core = new TurnCore(state, deps, textFormat)
  }

  /** Loads the compiled bots of every stack entry (once per turn). */
  load(): Promise<void> {
    return this.core.load()
  }

  /** Logs that a variable was not set: its value was too long. */
  refuseValue(name: string) {
    this.core.refuseValue(name)
  }

  /** Starts the flow (start event, or a preview `startFrom`), consuming `message` when the bot opens with an input. */
  async start(startFrom: { type: 'group'; groupId: string } | { type: 'event'; eventId: string } | undefined, message?: UserReply) {
    const { core } = this
    delete core.state.notStarted
    let target: Target | undefined
    if (startFrom?.type === 'group') {
      if (!core.bot.groupById.has(startFrom.groupId)) throw new EngineError('start_group_not_found', "Start group doesn't exist")
      target = { groupId: startFrom.groupId }
    } else {
      const event = startFrom ? core.bot.events.find((e) => e.id === startFrom.eventId) : core.bot.events.find((e) => e.type === 'start')
      if (startFrom && !event) throw new EngineError('start_group_not_found', "Start event doesn't exist")
      target = edgeTarget(core.bot, event?.outgoingEdgeId)
    }
    await this.guard(() => this.walk(core.locate(target)))
    const { output } = core
    const awaitsDedicatedReply = output.actions.some((a) => a.expectsDedicatedReply)
    // An input that shows something of its own (buttons, pictures, cards, a payment form) is shown, not answered.
    const showsItself = output.input && SHOWN_INPUTS.has(String(output.input.type))
    if (message && output.messages.length === 0 && output.input && !showsItself && !awaitsDedicatedReply) {
      output.input = undefined
      await this.reply(message)
    }
  }

  /** Consumes the user's message on the block that waits for it, then walks on. */
  async reply(message: UserReply | undefined, skipReplyEvent = false) {
    const { core } = this
    const { state } = core
    if (state.notStarted) return this.start(undefined, message)
    if (message?.type === 'command') {
      const command = message.command
      return this.guard(() => this.walk(enterCommand(core, command)))
    }
    const waiting = state.waiting
    const location = waiting ? core.bot.blockAt.get(waiting.blockId) : undefined
    if (!waiting || !location) throw new EngineError('block_not_found', 'The block this session waits on no longer exists.')
    const { group, index, block } = location
    let edgeId: string | null | undefined = block.outgoingEdgeId
    const kind = core.bot.kinds.get(block.type)
    if (kind?.category === 'input') {
      const prepared = await kind.prepare(block, core.scope.context)
      const parsed = await kind.parseReply(message, prepared, core.scope.context, { data: waiting.data })
      if (!skipReplyEvent && runReplyEvents(core, block, group, message, parsed)) {
        await this.guard(() => this.walk(undefined))
        return this.resumeInterruptedReply()
      }
      if (parsed.status === 'fail') {
        const shown = kind.present ? await kind.present(block, core.scope.context) : { input: prepared }
        this.showInput(block, shown)
        const retry = kind.retryMessage?.(prepared, core.scope.context)
        return core.output.retry(block.id, retry, core.bot, core.scope.variables, core.textFormat)
      }
      if (parsed.status === 'success') {
        saveAnswer(core, block, parsed, message)
        edgeId = parsed.outgoingEdgeId ?? block.outgoingEdgeId
      }
    } else if (kind?.resume) {
      const resume = kind.resume.bind(kind)
      const result = await runAction(core, block, (ctx) => resume(block, message, ctx, { data: waiting.data, delivered: waiting.delivered }))
      applyActionResult(core, result, kind.category === 'integration')
      core.output.bubbleAlreadyShown = result.skipsNextBubble === true
      if (result.outgoingEdgeId !== undefined) edgeId = result.outgoingEdgeId
    }
    delete state.waiting
    await this.guard(async () => {
      let next = core.locate(edgeTarget(core.bot, edgeId))
      if (!next && index + 1 < group.blocks.length) {
        const run = await this.runGroup(core.scope.flow.groups.get(group)!, index + 1)
        if (run.stop) return
        next = run.next
      }
      await this.walk(next)
    })
  }

  /**
   * After a reply event's path: when a Return came back to the input (the mark is `called`) and the walk stopped on
   * it, the input handles the reply the event interrupted, in the same turn.
   */
  private async resumeInterruptedReply() {
    const { state } = this.core
    const mark = state.returnMark
    if (mark?.status !== 'called' || state.waiting?.blockId !== mark.blockId) return
    delete state.returnMark
    this.core.output.input = undefined
    await this.reply(mark.autoResumeMessage, true)
  }

  /** Runs a walk; a runaway flow is cut off with an error log instead of hanging the server. */
  private async guard(walk: () => Promise<void>) {
    try {
      await walk()
    } catch (err) {
      if (!(err instanceof BudgetExceeded)) throw err
      delete this.core.state.waiting
      this.core.output.input = undefined
      this.core.log({
        status: 'error',
        description: 'The flow was stopped: it ran too long without waiting for the user (is there a loop without input?)',
        details: err.message,
      })
    }
  }

  /** Sends the input, logs what showing it logged, and waits on its block with what it keeps. */
  private showInput(block: Block, { input, logs, waitingData }: PresentedInput): GroupRun {
    this.core.output.input = input
    for (const log of logs ?? []) this.core.log(log)
    return this.core.waitOn(block, waitingData)
  }

  /** Walks groups from `next` until the bot waits for the user or nothing is left to run. */
  private async walk(next: FlowTarget | undefined): Promise<void> {
    const { core } = this
    for (;;) {
      next ??= this.nextQueued()
      if (!next) return
      if (core.limits.tick()) await core.deps.runtime.pause!()
      const { group, from } = next
      if (!group || from < 0) {
        core.log({
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
    const { core } = this
    for (;;) {
      const next = core.locate(core.entry.resume.shift())
      if (next) return next
      if (core.state.stack.length <= 1) return undefined
      finishLinkedBot(core)
    }
  }

  /**
   * Runs the blocks of a group from `from`; stops at an input or a block that waits for a reply. Synchronous as
   * long as its blocks are (most logic): a promise only once a block or a pause needs one.
   */
  private runGroup(group: FlowGroup, from: number): GroupRun | Promise<GroupRun> {
    const { core } = this
    for (let i = from; i < group.blocks.length; i++) {
      const step = core.limits.tick() ? core.deps.runtime.pause!().then(() => this.runBlock(group, i)) : this.runBlock(group, i)
      if (step instanceof Promise) return step.then((run) => run ?? this.runGroup(group, i + 1))
      if (step) return step
    }
    return { stop: false, next: group.exit }
  }

  /** Runs one block: undefined to go on with the next block of the group, else where the group's run ends. */
  private runBlock(group: FlowGroup, index: number): MaybePromise<GroupRun | undefined> {
    const { core } = this
    const { output } = core
    const { block, kind, execute } = group.blocks[index]
    const alreadyShown = output.bubbleAlreadyShown
    output.bubbleAlreadyShown = false
    if (kind?.category === 'bubble') {
      const shown = (message: ChatMessage | undefined) => {
        if (!message) return undefined
        output.bubble(message, block.id, alreadyShown)
        remember(core.state, core.bot, 'assistant', messageText(message))
        return kind.waitsForReply?.(block) ? core.waitOn(block) : undefined
      }
      const message = kind.render(block, core.scope.context)
      return message instanceof Promise ? message.then(shown) : shown(message)
    }
    if (kind?.category === 'input') {
      if (kind.present) return kind.present(block, core.scope.context).then((shown) => this.showInput(block, shown))
      const input = kind.prepare(block, core.scope.context)
      return input instanceof Promise ? input.then((ready) => this.showInput(block, { input: ready })) : this.showInput(block, { input })
    }
    if (!execute) {
      core.log({
        status: 'error',
        description: `Block "${block.type}" is not supported by this server yet; the flow went on past it.`,
        details: JSON.stringify({ blockId: block.id, type: block.type }),
      })
      return undefined
    }
    const pending = runAction(core, block, execute)
    return pending instanceof Promise ? pending.then((result) => afterAction(core, group, index, result)) : afterAction(core, group, index, pending)
  }

  /** The response, the new state and what to store. */
  outcome(): TurnOutcome {
    const { core } = this
    const { state, effects } = core
    const finished = !state.waiting && !state.notStarted
    const bot = core.bot
    const response = core.output.response(state.isPreview)
    const progress = this.progress(finished)
    if (progress !== undefined) response.progress = progress
    const dynamicTheme = dynamicAvatars(bot, core.scope.variables)
    if (dynamicTheme) response.dynamicTheme = dynamicTheme
    for (const entry of state.stack) {
      const entryBot = core.bots.get(entry.snapshotId)
      if (entry.resultId && !entry.isMergingWithParent && entryBot) effects.results.push(resultEffect(entryBot, entry, finished))
    }
    return { state, finished, response, effects }
  }

  private progress(finished: boolean): number | undefined {
    const { state, output } = this.core
    if (!state.progress) return undefined
    if (finished) return 100
    const inputId = output.input?.id
    if (typeof inputId !== 'string') return undefined
    return computeProgress({ totalAnswers: state.progress.totalAnswers, longestPath: this.core.bot.progress.longestPathFrom(inputId) })
  }
}
