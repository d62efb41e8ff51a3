// Repeat detection on this process: requests of one session in arrival order, and the turn each reply started.
import type { ChatResponse } from '../engine/types.js'

type RememberedTurn = {
  fingerprint: string
  outcome: Promise<ChatResponse>
  /** The last arrival before the turn's answer was ready (undefined: still running). */
  answeredAfter?: number
}

/** A request's place in this process's arrival order, and what to call once it has been answered (or abandoned). */
export type Arrival = { order: number; leave: () => void }

/**
 * The turn this process is applying to each session, so that a reply sent twice (a double submit, a client retry
 * racing its original) gets the first one's answer instead of answering the next question. A repeat is the same
 * reply that arrived before that turn's answer was ready: its sender cannot have seen the next question, so it
 * answers the same question (it read, or would have read, the same revision). No clock decides it: requests are
 * numbered as they arrive, and a turn remembers the last number given out before its answer was ready. A reply
 * that arrives after the answer is a new message, however soon. A turn is remembered only while a request of its
 * session that arrived before it was answered is still on its way, so memory holds requests in flight only.
 * Repeats that reach other processes meet the revision check instead (app/chats.ts).
 */
export const recentTurnsOf = () => {
  let arrivals = 0
  /** Requests of each session that arrived and are not answered yet. */
  const pending = new Map<string, number>()
  const turns = new Map<string, RememberedTurn>()
  const forgetAnswered = (sessionId: string) => {
    if (!pending.has(sessionId) && turns.get(sessionId)?.answeredAfter !== undefined) turns.delete(sessionId)
  }
  return {
    /** Numbers a request of the session as it arrives, before anything can wait. */
    arrive(sessionId: string): Arrival {
      pending.set(sessionId, (pending.get(sessionId) ?? 0) + 1)
      let left = false
      return {
        order: ++arrivals,
        leave: () => {
          if (left) return
          left = true
          const count = pending.get(sessionId)! - 1
          if (count > 0) pending.set(sessionId, count)
          else pending.delete(sessionId)
          forgetAnswered(sessionId)
        },
      }
    },
    /** The answer of the turn this reply repeats, if any (synchronous: nothing runs between this and `track`). */
    find(sessionId: string, fingerprint: string, order: number): Promise<ChatResponse> | undefined {
      const turn = turns.get(sessionId)
      return turn && turn.fingerprint === fingerprint && (turn.answeredAfter === undefined || order <= turn.answeredAfter) ? turn.outcome : undefined
    },
    /**
     * Runs a turn and remembers it for the repeats of its reply. Repeats share its outcome, a failure included: they
     * were sent together, so they get what the original got.
     */
    track(sessionId: string, fingerprint: string, work: () => Promise<ChatResponse>): Promise<ChatResponse> {
      const outcome = work()
      const turn: RememberedTurn = { fingerprint, outcome }
      turns.set(sessionId, turn)
      const answered = () => {
        turn.answeredAfter = arrivals
        if (turns.get(sessionId) === turn) forgetAnswered(sessionId)
      }
      // Before the caller's own `then`: the turn counts as answered before its answer is sent.
      outcome.then(answered, answered)
      return outcome
    },
  }
}
