// A turn's limits: blocks run, wall-clock time, and bot code or regexes that had to be stopped. A turn over them
// throws `BudgetExceeded`, and the walk ends with an error log instead of holding the server.
import type { EngineLimits } from './deps.js'
import type { RegexVerdict, Runtime } from './types.js'

/** Thrown when the turn is over its limits (see `Turn.guard`). */
export class BudgetExceeded extends Error {}

/** Sandbox errors of code that had to be stopped (see `TurnLimits.runaways`). */
const RUNAWAY = /interrupted|out of memory|stack size exceeded/i

/** A long turn lets other requests run every this many milliseconds. */
const PAUSE_EVERY_MS = 10

export class TurnLimits {
  private steps = 0
  /** When the turn's time budget started counting (restarted after each call to an outside service). */
  private startedAt: number
  /** When the turn last let other work run (see `tick`). */
  private lastPause: number
  /** Code or regexes that had to be stopped (deadline, memory) during this turn; a second time ends the turn. */
  private runaways = 0
  /** Regex tests that ran out of time during this turn (each is also a runaway). */
  regexTimeouts = 0
  /** The ports blocks see: the real ones, with sandbox and regex calls held to the turn's budgets. */
  readonly runtime: Runtime

  constructor(
    private readonly limits: EngineLimits,
    private readonly outside: Runtime,
    tenant: string,
  ) {
    const { evaluate, runScript, testRegex } = outside
    const watch = <R extends { ok: boolean; error?: string }>(result: R): R => {
      if (!result.ok && RUNAWAY.test(result.error ?? '')) this.runaways++
      return result
    }
    // Every call is checked against the turn's budgets before it starts and may use at most the time left, so no
    // block — however many codes or comparisons it holds — takes the turn past its budget by more than one call.
    this.runtime = {
      ...outside,
      evaluate: async (code, globals) => watch(await evaluate(code, globals, { timeoutMs: this.timeLeft(), tenant })),
      runScript: async (body, globals) => watch(await runScript(body, globals, { timeoutMs: this.timeLeft(), tenant })),
      testRegex: (source, subject, timeoutMs) => {
        const verdict = testRegex(source, subject, Math.min(timeoutMs, this.timeLeft()))
        return verdict instanceof Promise ? verdict.then(this.countTimeout) : this.countTimeout(verdict)
      },
    }
    this.startedAt = this.clock()
    this.lastPause = this.startedAt
  }

  private readonly countTimeout = (verdict: RegexVerdict): RegexVerdict => {
    if (verdict.timedOut) {
      this.regexTimeouts++
      this.runaways++
    }
    return verdict
  }

  /** Milliseconds left in the turn's budget; throws when the turn is over its budgets. */
  private timeLeft(): number {
    if (this.runaways >= 2) throw new BudgetExceeded('bot code or regular expressions ran out of time twice in one turn')
    const left = this.limits.maxMillis - (this.clock() - this.startedAt)
    if (left <= 0) throw new BudgetExceeded(`the turn took more than ${this.limits.maxMillis} ms`)
    return left
  }

  private clock(): number {
    return this.outside.elapsedMs?.() ?? this.outside.now().getTime()
  }

  /**
   * Like Typebot, time spent waiting for an outside service (HTTP, LLM, email) does not count against the turn's
   * budget: each call has its own timeout, and loops of calls are bounded by the step limit. Sandbox and regex calls
   * of logic blocks do count. Called once such a call has returned.
   */
  restartClock() {
    this.startedAt = this.clock()
  }

  /**
   * Counts a step against the turn's budgets. Returns true when the turn has run for a while without pausing:
   * the caller then awaits the runtime's `pause` so that one long turn does not hold up every other chat of the process.
   */
  tick(): boolean {
    this.steps++
    if (this.steps > this.limits.maxSteps) throw new BudgetExceeded(`more than ${this.limits.maxSteps} blocks ran in one turn`)
    const now = this.clock()
    if (now - this.startedAt > this.limits.maxMillis) throw new BudgetExceeded(`the turn took more than ${this.limits.maxMillis} ms`)
    // Each runaway evaluation holds the server for a whole sandbox deadline: one is an error, two end the turn.
    if (this.runaways >= 2) throw new BudgetExceeded('bot code or regular expressions ran out of time twice in one turn')
    if (now - this.lastPause < PAUSE_EVERY_MS || !this.outside.pause) return false
    this.lastPause = now
    return true
  }
}
