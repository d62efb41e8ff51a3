// The webhook events of a chat turn (docs/webhooks.md), built from what the turn stores: `result.started` when a
// result gets its first answer, `answer.created` per answer, `result.completed` when a started result completes.
// They go into the turn's own write (one insert), and only when a subscription wants them.
import type { CompiledBot } from '../engine/compile.js'
import type { SessionState } from '../engine/state.js'
import type { TurnEffects } from '../engine/effects.js'
import type { WebhookEventRow } from '../store/types.js'

export const EVENT_TYPES = ['result.started', 'answer.created', 'result.completed'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** Whether an enabled subscription of the workspace wants events of this type for this bot. */
export type Wanted = (botId: string, type: EventType | 'ping') => boolean
/** What a workspace without subscriptions wants: a turn there skips building its events altogether. */
export const wantsNothing: Wanted = () => false

/** What the results were before the turn: the ones already started and completed. */
export type BeforeTurn = { started: Set<string>; completed: Set<string>; snapshotIds: string[] }

export const beforeTurn = (state: SessionState | undefined, previous?: { id: string; hasStarted: boolean; isCompleted: boolean }): BeforeTurn => {
  const started = new Set<string>()
  const completed = new Set<string>()
  for (const entry of state?.stack ?? []) if (entry.resultId && entry.hasAnswered) started.add(entry.resultId)
  if (previous?.hasStarted) started.add(previous.id)
  if (previous?.isCompleted) completed.add(previous.id)
  return { started, completed, snapshotIds: state?.stack.map((e) => e.snapshotId) ?? [] }
}

/** The body sent to receivers; `data` depends on the type. */
export type EventPayload = {
  id: string
  type: string
  createdAt: string
  workspaceId: string
  botId: string | null
  resultId: string | null
  data: Record<string, unknown>
}

/** An answer's label: the variable its input saves to, else its group's title (numbered after the group's first input). */
export const answerLabel = (bots: CompiledBot[], blockId: string): string => {
  for (const bot of bots) {
    const location = bot.blockAt.get(blockId)
    if (!location) continue
    const variableId = (location.block as { options?: { variableId?: string | null } }).options?.variableId
    const variable = variableId ? bot.variableById.get(variableId) : undefined
    if (variable) return variable.name
    if (!location.group.title) return blockId
    const inputs = location.group.blocks.filter((b) => bot.kinds.get(b.type)?.category === 'input')
    const index = inputs.findIndex((b) => b.id === blockId)
    return index > 0 ? `${location.group.title} (${index})` : location.group.title
  }
  return blockId
}

export const turnEvents = (input: {
  workspaceId: string
  effects: TurnEffects
  /** The session state after the turn (its entries hold each run's labelled answers). */
  state: SessionState
  before: BeforeTurn
  bots: CompiledBot[]
  wanted: Wanted
  newId: () => string
  now: string
}): WebhookEventRow[] => {
  const { effects, before, wanted } = input
  const rows: WebhookEventRow[] = []
  const resultIds = new Set([...effects.answers.map((a) => a.resultId), ...effects.results.filter((r) => r.isCompleted).map((r) => r.resultId)])
  for (const resultId of resultIds) {
    const result = effects.results.findLast((r) => r.resultId === resultId)
    if (!result) continue
    const { botId } = result
    const variables = Object.fromEntries(result.variables.map((v) => [v.name, v.value]))
    const add = (type: EventType, data: Record<string, unknown>) => {
      if (!wanted(botId, type)) return
      const id = input.newId()
      const payload: EventPayload = { id, type, createdAt: input.now, workspaceId: input.workspaceId, botId, resultId, data }
      rows.push({ id, workspaceId: input.workspaceId, botId, resultId, type, payload: JSON.stringify(payload) })
    }
    const answers = effects.answers.filter((a) => a.resultId === resultId)
    const startedNow = answers.length > 0 && !before.started.has(resultId)
    if (startedNow) add('result.started', { variables })
    for (const a of answers) {
      const answer = {
        blockId: a.blockId,
        label: answerLabel(input.bots, a.blockId),
        value: a.content,
        ...(a.attachedFileUrls?.length && { fileUrls: a.attachedFileUrls }),
      }
      add('answer.created', { answer, variables })
    }
    if (result.isCompleted && (startedNow || before.started.has(resultId)) && !before.completed.has(resultId)) {
      // The run's answers by label, as the session kept them; a linked bot that already left the stack has only
      // this turn's.
      const entry = input.state.stack.find((e) => e.resultId === resultId && !e.isMergingWithParent)
      const all = entry
        ? entry.answers.map((a) => ({ label: a.key, value: a.value }))
        : answers.map((a) => ({ label: answerLabel(input.bots, a.blockId), value: a.content }))
      add('result.completed', { answers: all, variables })
    }
  }
  return rows
}
