// The delivery bus on PostgreSQL: NOTIFY from any process (through the pool), LISTEN on one dedicated connection
// per subscribing process, opened on the first subscription and reopened whenever it drops. A NOTIFY payload is
// limited to 8000 bytes, so only the result id is sent.
import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import type { DeliveryBus, DeliveryListener } from '../../bus.js'
import type { Database } from '../../tables.js'

const CHANNEL = 'parley_webhook_deliveries'
/** Seen in pg_stat_activity (tests end this connection to check that it comes back). */
export const LISTENER_APPLICATION_NAME = 'parley-delivery-bus'
/** Waits before reconnecting, by consecutive failures (the last one repeats). */
const RETRY_MS = [100, 500, 1000, 2000, 5000]

export const postgresBus = (url: string, db: Kysely<Database>): DeliveryBus => {
  const listeners = new Set<DeliveryListener>()
  let closed = false
  let current: pg.Client | undefined
  let wake: (() => void) | undefined
  let loop: Promise<void> | undefined

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  /** Holds the LISTEN connection until the bus closes: each time it is up again, messages may have been lost. */
  const listen = async () => {
    for (let failures = 0; !closed; ) {
      const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_APPLICATION_NAME })
      current = client
      const ended = new Promise<void>((resolve) => {
        client.once('end', resolve)
        // An error (server restart, network) ends the connection; it must not crash the process.
        client.on('error', () => resolve())
      })
      client.on('notification', (n) => {
        if (n.channel === CHANNEL && n.payload) for (const listener of listeners) listener.delivered(n.payload)
      })
      try {
        await client.connect()
        await client.query(`listen ${CHANNEL}`)
        failures = 0
        for (const listener of listeners) listener.missed()
        await ended
      } catch {
        failures++
      }
      await client.end().catch(() => {})
      if (!closed) await pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)])
    }
  }

  return {
    async publish(resultId) {
      await sql`select pg_notify(${CHANNEL}, ${resultId})`.execute(db)
    },
    subscribe(listener) {
      listeners.add(listener)
      loop ??= listen()
      return () => listeners.delete(listener)
    },
    async close() {
      closed = true
      listeners.clear()
      wake?.()
      await current?.end().catch(() => {})
      await loop
    },
  }
}
