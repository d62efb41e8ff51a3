// The cluster primary's scrape (src/cli/clusterMetrics.ts) with stand-in workers that speak prom-client's IPC
// messages: who is asked, who is left out, and scrapes arriving together sharing one round. The real workers are
// in test/integration/cluster.test.ts (PostgreSQL).
import assert from 'node:assert/strict'
import type { Worker } from 'node:cluster'
import { EventEmitter } from 'node:events'
import { test } from 'node:test'
import { Counter, Registry } from 'prom-client'
import { clusterScrape, type WorkerState } from '../../../src/cli/clusterMetrics.js'

/** A worker whose registry counts `turns`; it answers after `delayMs`, or never (`silent`). */
const standIn = async ({ turns, delayMs = 5, silent = false }: { turns: number; delayMs?: number; silent?: boolean }) => {
  const registry = new Registry()
  new Counter({ name: 'parley_chat_turns_total', help: 'turns', registers: [registry] }).inc(turns)
  const figures = await registry.getMetricsAsJSON()
  const worker = new EventEmitter() as EventEmitter & {
    asked: number
    isConnected: () => boolean
    send: (m: any, cb?: (e: Error | null) => void) => boolean
  }
  worker.asked = 0
  worker.isConnected = () => true
  worker.send = (message, callback) => {
    worker.asked++
    callback?.(null)
    if (!silent)
      setTimeout(() => worker.emit('message', { type: 'prom-client:getMetricsRes', requestId: message.requestId, metrics: [figures] }), delayMs)
    return true
  }
  return worker
}
const asWorker = (w: unknown) => w as Worker
const line = (text: string, name: string) => text.split('\n').find((l) => l.startsWith(`${name} `))

test("a scrape sums the listening workers' figures and says who answered", async () => {
  const a = await standIn({ turns: 3 })
  const b = await standIn({ turns: 4 })
  const slots: WorkerState[] = [
    { worker: asWorker(a), listening: true },
    { worker: asWorker(b), listening: true },
  ]
  const text = await clusterScrape(() => slots).collect()
  assert.equal(line(text, 'parley_chat_turns_total'), 'parley_chat_turns_total 7')
  assert.match(text, /^parley_cluster_workers\{state="answered"\} 2$/m)
})

test('a worker still starting is not asked; one that does not answer in time is left out, not waited for', async () => {
  const answering = await standIn({ turns: 2 })
  const starting = await standIn({ turns: 100 })
  const stuck = await standIn({ turns: 100, silent: true })
  const slots: WorkerState[] = [
    { worker: asWorker(answering), listening: true },
    { worker: asWorker(starting), listening: false },
    { worker: asWorker(stuck), listening: true },
    { listening: false },
  ]
  // The stuck worker never answers: the scrape resolves only because it stops waiting for it.
  const text = await clusterScrape(() => slots, 100).collect()
  assert.equal(starting.asked, 0)
  assert.equal(line(text, 'parley_chat_turns_total'), 'parley_chat_turns_total 2')
  assert.match(text, /^parley_cluster_workers\{state="answered"\} 1$/m)
  assert.match(text, /^parley_cluster_workers\{state="missing"\} 1$/m)
  assert.match(text, /^parley_cluster_workers\{state="starting"\} 2$/m)
  assert.equal(stuck.listenerCount('message') + stuck.listenerCount('exit'), 0, 'no listener left behind')
})

test('scrapes arriving while one is under way share its answer; the next one asks again', async () => {
  const worker = await standIn({ turns: 1, delayMs: 50 })
  const scrape = clusterScrape(() => [{ worker: asWorker(worker), listening: true }])
  const together = await Promise.all(Array.from({ length: 5 }, () => scrape.collect()))
  assert.equal(worker.asked, 1)
  assert.equal(new Set(together).size, 1)
  await scrape.collect()
  assert.equal(worker.asked, 2)
})
