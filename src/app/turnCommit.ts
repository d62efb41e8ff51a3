// Storing a chat turn: the session's new state, results, answers, logs and the webhook events subscriptions want,
// in one transaction (store.chats.commitTurn) bound to the revision the turn read.
import type { CompiledBot } from '../engine/compile.js'
import type { TurnOutcome } from '../engine/index.js'
import type { ChatResponse } from '../engine/types.js'
import { newId } from '../lib/ids.js'
import { SessionConflictError, type SessionWrite, type TurnWrite } from '../store/chats.js'
import type { Store } from '../store/index.js'
import { conflict, notFound } from './errors.js'
import { type BeforeTurn, turnEvents, wantsNothing } from './webhookEvents.js'
import type { WebhooksApp } from './webhooks.js'

/** The largest session state stored, in characters of JSON (a variable holds at most 1,000,000: see the engine). */
export const MAX_STATE_CHARS = 4_000_000

export const turnCommitOf = ({
  store,
  webhooks,
  cachedBot,
}: {
  store: Pick<Store, 'chats' | 'adapter'>
  webhooks: Pick<WebhooksApp, 'wanted' | 'eventsWritten'>
  /** The compiled bots in memory: the events name the blocks and bots the turn went through. */
  cachedBot: (snapshotId: string) => CompiledBot | undefined
}) => {
  /** The turn's webhook events that subscriptions want (none for previews, which pass no `before`). */
  const eventsOf = async (outcome: TurnOutcome, before: BeforeTurn | undefined) => {
    if (!before || outcome.state.isPreview) return undefined
    const wanted = await webhooks.wanted(outcome.state.workspaceId)
    if (wanted === wantsNothing) return undefined
    const snapshotIds = new Set([...before.snapshotIds, ...outcome.state.stack.map((e) => e.snapshotId)])
    const bots = [...snapshotIds].flatMap((id) => cachedBot(id) ?? [])
    const { effects, state } = outcome
    return turnEvents({ workspaceId: state.workspaceId, effects, state, before, bots, wanted, newId, now: new Date().toISOString() })
  }

  /**
   * Stores a turn. A turn that answers a reply (`digest`) stores its answer with the new revision; when it loses the
   * revision check to a turn that answered the same reply from the same revision (the same reply sent at the same
   * time through another process), it gets that turn's answer instead of a conflict.
   */
  return async (
    outcome: TurnOutcome,
    session: SessionWrite,
    newResults: TurnWrite['newResults'],
    before?: BeforeTurn,
    digest?: string,
  ): Promise<ChatResponse | undefined> => {
    const { effects } = outcome
    const events = await eventsOf(outcome, before)
    let state = outcome.finished ? null : JSON.stringify(outcome.state)
    if (state !== null && state.length > MAX_STATE_CHARS) {
      // Every turn reads and writes the state whole: a chat whose state outgrew the cap ends here, and says so.
      state = null
      const log = { status: 'error' as const, description: `The chat was ended: its state grew beyond ${MAX_STATE_CHARS} characters.` }
      outcome.response.logs = [...(outcome.response.logs ?? []), log]
      delete outcome.response.input
      const resultId = outcome.state.stack.at(-1)?.resultId
      if (resultId) effects.logs.push({ ...log, resultId })
    }
    // An answer carrying what must never be stored (a payment's client secret, a request for the browser to send with
    // its headers) is not kept: its repeat on another process gets the conflict instead.
    const storable = !outcome.response.input?.runtimeOptions && !outcome.response.clientSideActions?.length
    if (digest && storable && state !== null && session.kind === 'update')
      session = { ...session, reply: { digest, answer: JSON.stringify(outcome.response) } }
    try {
      await store.chats.commitTurn({
        session,
        state,
        newResults: [...newResults, ...effects.newResults],
        results: effects.results,
        answers: effects.answers,
        logs: effects.logs,
        ...(events?.length && { events }),
      })
    } catch (err) {
      if (err instanceof SessionConflictError) {
        const stored = digest && session.kind === 'update' ? await store.chats.storedAnswer(session.id, session.revision + 1, digest) : undefined
        if (stored !== undefined) return JSON.parse(stored)
        throw conflict(err.message)
      }
      if (store.adapter.isForeignKeyViolation(err)) throw notFound("This chat's bot or result was deleted.")
      throw err
    }
    if (events?.length) webhooks.eventsWritten()
  }
}
