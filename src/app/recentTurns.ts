// Repeat detection: the last turn this process applied to each session (see `recentTurnsOf`).
import { performance } from 'node:perf_hooks'
import type { ChatResponse } from '../engine/types.js'

/** Sessions whose last turn this process remembers (the least recently used are forgotten first). */
const REMEMBERED_TURNS = 10_000
/**
 * How long after a turn's answer the same reply still counts as its repeat: requests sent together reach the server
 * a few milliseconds apart, and no person reads the next question and answers it this fast.
 */
export const REPEAT_GRACE_MS = 300

type RememberedTurn = {
  fingerprint: string
  outcome: Promise<{ response: ChatResponse; revision: number | null }>
  /** When the turn's answer was ready, on this process's monotonic clock (undefined: still running). */
  finishedAt?: number
}

/**
 * The last turn this process applied to each session, so that a reply sent twice (a double submit, a client retry
 * racing its original) gets the first one's answer instead of answering the next question. A repeat is the same
 * reply that arrived before that turn's answer was ready — so its sender cannot have seen the next question — timed
 * on this process's own monotonic clock, never across nodes (with a grace of `REPEAT_GRACE_MS` for requests sent
 * together that arrive just after); it is answered from memory only while the session is still at the revision that
 * turn left it at. The same reply sent after the answer is a new answer. A repeat that
 * reaches another process meets the revision check instead: concurrent ones conflict.
 */
export const recentTurnsOf = () => {
  const turns = new Map<string, RememberedTurn>()
  return {
    /** The remembered turn this reply repeats, if any (synchronous: nothing runs between this and `track`). */
    find(sessionId: string, fingerprint: string, arrivedAt: number): RememberedTurn | undefined {
      const last = turns.get(sessionId)
      return last && last.fingerprint === fingerprint && (last.finishedAt === undefined || arrivedAt < last.finishedAt + REPEAT_GRACE_MS)
        ? last
        : undefined
    },
    /** That turn's answer, if the session is still where it left it (or the chat ended with it: no session left). */
    async replay(last: RememberedTurn, currentRevision: () => Promise<number | null>) {
      const { response, revision } = await last.outcome
      return (await currentRevision()) === revision ? response : undefined
    },
    track(sessionId: string, fingerprint: string, work: () => Promise<{ response: ChatResponse; revision: number | null }>) {
      const outcome = work()
      const turn: RememberedTurn = { fingerprint, outcome }
      turns.delete(sessionId)
      turns.set(sessionId, turn)
      if (turns.size > REMEMBERED_TURNS) turns.delete(turns.keys().next().value!)
      // Once the grace has passed the turn can no longer be repeated: it is forgotten, so memory holds recent turns
      // only. A failed turn is not remembered: retrying it must run it again.
      const forget = () => turns.get(sessionId) === turn && turns.delete(sessionId)
      outcome.then(() => {
        turn.finishedAt = performance.now()
        setTimeout(forget, REPEAT_GRACE_MS).unref()
      }, forget)
      return outcome.then(({ response }) => response)
    },
  }
}
