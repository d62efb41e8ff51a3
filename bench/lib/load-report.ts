// How a load generator's result is printed and kept in results.json, for every benchmark that runs it.
import type { LoadResult } from '../loadgen.js'
import { round } from './common.js'

export const describe = (r: LoadResult) =>
  `${round(r.perSecond, 0)}/s, p50 ${round(r.latencyMs.p50)} ms, p99 ${round(r.latencyMs.p99)} ms, non-2xx ${r.non2xx}${r.non2xx ? ` ${JSON.stringify(r.statuses)} e.g. ${r.sampleError}` : ''}, errors ${r.errors}, mismatches ${r.mismatches}`

export const loadDetails = (r: LoadResult) => ({
  perSecond: round(r.perSecond, 1),
  requests: r.requests,
  latencyMs: Object.fromEntries(Object.entries(r.latencyMs).map(([k, v]) => [k, round(v, 2)])),
  non2xx: r.non2xx,
  ...(r.non2xx && { statuses: r.statuses, sampleError: r.sampleError }),
  errors: r.errors,
  timeouts: r.timeouts,
  mismatches: r.mismatches,
  responseBytes: r.bodyBytes,
  loadGeneratorCores: round(r.cpuCores, 2),
})
