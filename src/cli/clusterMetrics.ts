// The primary's METRICS_PORT in a cluster: asks each worker that listens for its figures and sums what comes back.
// The workers answer with prom-client's own messages (answerClusterPrimary in api/metrics.ts). The primary does not
// use prom-client's AggregatorRegistry.clusterMetrics: it also asks a worker that is still starting (that one never
// answers) and then fails the whole scrape after 5 s, so every restart of a worker left a gap in the figures. Here a
// worker that has not listened yet is not asked, and one that does not answer in time (stuck, dying) is left out of
// that scrape; parley_cluster_workers says how many of each there were.
import type { Worker } from 'node:cluster'
import { AggregatorRegistry, Gauge, Registry } from 'prom-client'

/** prom-client's message types (lib/cluster.js), which the workers' listener answers. */
const REQUEST = 'prom-client:getMetricsReq'
const RESPONSE = 'prom-client:getMetricsRes'

type Answer = { type?: unknown; requestId?: unknown; metrics?: unknown; error?: unknown }
type WorkerFigures = Parameters<typeof AggregatorRegistry.aggregate>[0]

/** A worker slot as the primary sees it: its process once forked, and whether that process listens yet. */
export type WorkerState = { worker?: Worker; listening: boolean }

/** One worker's figures, or undefined when it does not answer within `waitMs` (or cannot be asked). */
const ask = (worker: Worker, requestId: string, waitMs: number) =>
  new Promise<WorkerFigures | undefined>((resolve) => {
    const finish = (figures: WorkerFigures | undefined) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('exit', onExit)
      resolve(figures)
    }
    const onMessage = (message: Answer) => {
      if (message?.type !== RESPONSE || message.requestId !== requestId) return
      finish(message.error === undefined && Array.isArray(message.metrics) ? (message.metrics as WorkerFigures) : undefined)
    }
    const onExit = () => finish(undefined)
    const timer = setTimeout(onExit, waitMs)
    worker.on('message', onMessage)
    worker.once('exit', onExit)
    if (!worker.isConnected()) return finish(undefined)
    try {
      // With a callback, a write that fails later (the worker dying) is answered here, not thrown in the primary.
      worker.send({ type: REQUEST, requestId }, (err) => err && finish(undefined))
    } catch {
      finish(undefined)
    }
  })

/** A scrape function for the primary's metrics listener; `slots()` gives the configured workers' current state. */
export const clusterScrape = (slots: () => WorkerState[], waitMs = 2000) => {
  const own = new Registry()
  const workers = new Gauge({
    name: 'parley_cluster_workers',
    help: 'Workers of this cluster at the last scrape: answered (in the figures), missing (listening but no answer in time), starting (or waiting to restart)',
    labelNames: ['state'],
    registers: [own],
  })
  let count = 0
  const scrape = async (): Promise<string> => {
    const requestId = `parley-primary-${++count}`
    const current = slots()
    const asked = current.flatMap((s) => (s.worker && s.listening ? [s.worker] : []))
    const answers = (await Promise.all(asked.map((w) => ask(w, requestId, waitMs)))).filter((a) => a !== undefined)
    workers.labels('answered').set(answers.length)
    workers.labels('missing').set(asked.length - answers.length)
    workers.labels('starting').set(current.length - asked.length)
    const summed = AggregatorRegistry.aggregate<typeof own.contentType>(answers.flat())
    return Registry.merge([summed, own]).metrics()
  }
  // Scrapes that arrive while one is under way share its answer: the workers are asked once, and the gauge above is
  // set by one scrape at a time.
  let running: Promise<string> | undefined
  return {
    contentType: own.contentType,
    collect: (): Promise<string> => {
      running ??= scrape().finally(() => {
        running = undefined
      })
      return running
    },
  }
}
