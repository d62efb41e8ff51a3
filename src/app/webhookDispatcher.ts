// The webhook dispatcher: a loop in every server process (docs/webhooks.md). Each round it expands new outbox events
// into deliveries (one per matching subscription), takes the lease of due deliveries, POSTs them signed, and records
// the outcome: 2xx is delivered; anything else is retried with exponential back-off and jitter, until the last
// attempt fails. A freed slot is filled at once, not when the round's other deliveries are done. A process that dies
// holding a lease leaves the delivery to whichever process finds it expired (at least once). While the queue is empty
// (no new event, no unsettled delivery: most servers, most of the time, webhooks or not) it does not poll it: it asks
// the store once every CHECK_EVERY rounds whether that changed, and is nudged at once when its own process queues
// something (a chat turn's events, a test ping, a redelivery). It never logs secrets or payloads.
import type { HttpRequest, HttpOutcome } from '../engine/types.js'
import { retryDelayMs, signatureHeader } from '../lib/webhookSigning.js'
import type { Store } from '../store/index.js'
import type { ClaimedDelivery, Settlement } from '../store/webhooks/index.js'

export type DeliveryObserver = (outcome: 'delivered' | 'retry' | 'failed', seconds: number) => void

export type DispatcherSettings = {
  /** Time between two rounds when nothing nudges the loop. */
  pollMs: number
  /** Time a receiver has to answer one delivery. */
  timeoutMs: number
  /** The wait before the first retry; each further retry waits about twice as long. */
  retryBaseMs: number
  /** Attempts of a delivery (the first included) before it is marked failed. */
  maxAttempts: number
  /** Settled deliveries and their events are deleted after this many days. */
  retentionDays: number
}

/** Deliveries sent at once by one process. */
const SLOTS = 16
/**
 * Deliveries of one subscription in flight at once (unexpired leases, all processes): a slow receiver with a long
 * queue holds this many slots, never all of them.
 */
export const PER_WEBHOOK = 2
/** Of a receiver's answer, what is read (the rest is dropped unread); the outcome is judged by the status code. */
const RESPONSE_BYTES = 4096
/** Events expanded per transaction. */
const EXPAND_BATCH = 100
/** Rows deleted per statement of the retention sweep, and statements per sweep. */
const PRUNE_CHUNK = 500
const PRUNE_CHUNKS = 20
const PRUNE_EVERY_MS = 10 * 60_000
/**
 * Rounds without work between two checks for work (store.webhooks.hasWork): what another process queued without
 * dispatching it itself (its dispatcher busy, or not started) is seen within this many poll intervals.
 */
export const CHECK_EVERY = 5
/** The receiver's answer kept in the delivery log. */
const EXCERPT_BYTES = 1024

export const excerptOf = (text: string): string => {
  const bytes = Buffer.from(text, 'utf8')
  return bytes.length <= EXCERPT_BYTES
    ? text
    : bytes
        .subarray(0, EXCERPT_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '')
}

export const createWebhookDispatcher = ({
  store,
  http,
  settings,
  observer,
  onError,
  random = Math.random,
}: {
  store: Pick<Store, 'webhooks'>
  http: (req: HttpRequest) => Promise<HttpOutcome>
  settings: DispatcherSettings
  observer?: DeliveryObserver
  /** Failures of the loop itself (the database), never of a receiver. */
  onError: (err: unknown) => void
  random?: () => number
}) => {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = true
  let lastPrune = 0
  /** The last check found no work: rounds skip the queue until the next check or a nudge. */
  let idle = true
  /** Rounds without work since the queue last had some, or since the last check. */
  let quiet = CHECK_EVERY
  /** Nudged since the last round began: the queue has work, whatever a check under way answers. */
  let woken = false
  const inFlight = new Set<Promise<void>>()
  let stop: () => void = () => {}
  const stopping = new Promise<void>((resolve) => {
    stop = resolve
  })

  const settle = (d: ClaimedDelivery, s: Settlement) => store.webhooks.settle(d, s)

  const deliver = async (d: ClaimedDelivery) => {
    if (!d.enabled) return settle(d, { status: 'failed', error: 'The webhook is disabled.', durationMs: 0 })
    if (d.secret === undefined)
      return settle(d, { status: 'failed', error: 'The signing secret cannot be decrypted (was ENCRYPTION_SECRET changed?).', durationMs: 0 })
    const started = performance.now()
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Parley-Webhooks/1',
      'parley-event-id': d.eventId,
      'parley-event-type': d.eventType,
      'parley-signature': signatureHeader(d.secret, d.payload, Math.floor(Date.now() / 1000)),
    }
    const sent = http({
      url: d.url,
      method: 'POST',
      headers,
      body: d.payload,
      timeoutMs: settings.timeoutMs,
      followRedirects: false,
      maxResponseBytes: RESPONSE_BYTES,
      purpose: 'webhook',
    })
    const outcome = await Promise.race([sent, stopping.then(() => undefined)])
    // Stopping: the lease runs out and another round (here or in another process) sends it again.
    if (!outcome) return
    const durationMs = Math.round(performance.now() - started)
    const seconds = durationMs / 1000
    if (outcome.ok && outcome.status >= 200 && outcome.status < 300) {
      await settle(d, { status: 'delivered', statusCode: outcome.status, excerpt: excerptOf(outcome.text), durationMs })
      return observer?.('delivered', seconds)
    }
    const result = outcome.ok
      ? { statusCode: outcome.status, error: `The receiver answered ${outcome.status}.`, excerpt: excerptOf(outcome.text) }
      : { error: outcome.message }
    if (d.attempts >= settings.maxAttempts) {
      await settle(d, { status: 'failed', ...result, durationMs })
      return observer?.('failed', seconds)
    }
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(d.attempts, settings.retryBaseMs, random())).toISOString()
    await settle(d, { status: 'pending', nextAttemptAt, ...result, durationMs })
    observer?.('retry', seconds)
  }

  /** One round; answers whether there may be more to do right away. */
  const round = async (): Promise<boolean> => {
    if (woken) {
      woken = false
      idle = false
      quiet = 0
    } else if (quiet >= CHECK_EVERY) {
      quiet = 0
      // A retry due after the next check is not work yet: that check will see it.
      const work = await store.webhooks.hasWork(new Date(Date.now() + settings.pollMs * CHECK_EVERY).toISOString())
      idle = !work && !woken
    }
    const expanded = idle ? 0 : await store.webhooks.expand(EXPAND_BATCH)
    const free = SLOTS - inFlight.size
    // A lease outlives the request it covers, with room for the outcome's write.
    const claimed = !idle && free > 0 ? await store.webhooks.claim(free, settings.timeoutMs + 30_000, PER_WEBHOOK) : []
    quiet = expanded || claimed.length || inFlight.size ? 0 : quiet + 1
    for (const d of claimed) {
      const sending: Promise<void> = deliver(d)
        .catch(onError)
        .finally(() => {
          inFlight.delete(sending)
          // The slot is free: look for more now rather than at the next poll.
          if (!stopped) schedule(0)
        })
      inFlight.add(sending)
    }
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now()
      const before = new Date(Date.now() - settings.retentionDays * 86_400_000).toISOString()
      for (let i = 0; i < PRUNE_CHUNKS && !stopped; i++) if ((await store.webhooks.prune(before, PRUNE_CHUNK)) < PRUNE_CHUNK) break
    }
    // Claimed short: nothing more is due; claimed all free slots: each one freed runs a round.
    return expanded === EXPAND_BATCH
  }

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(kick, ms)
  }

  function kick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    again = false
    running = round()
      .catch((err) => {
        onError(err)
        return false
      })
      .then((more) => {
        running = undefined
        schedule(more || again ? 0 : settings.pollMs)
      })
  }

  return {
    start() {
      stopped = false
      schedule(0)
    },
    /** Runs a round soon, on the queue (events were just written, or a redelivery requested). */
    nudge() {
      woken = true
      if (!stopped) schedule(0)
    },
    /** Stops the loop; deliveries in flight are abandoned to their leases. Waits for the database work under way. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      stop()
      await running
      await Promise.all(inFlight)
    },
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
