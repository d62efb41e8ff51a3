// CPU profiles: summaries of V8 .cpuprofile documents (self time by function and by module), and in-process
// profiling of a piece of work through the inspector.
import { readFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { repoRoot } from './common.js'

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
export type CpuProfile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export type ProfileSummary = {
  totalMs: number
  /** Share of samples where the process was idle (waiting for I/O). */
  idlePct: number
  topFunctions: { fn: string; where: string; selfPct: number }[]
  topModules: { module: string; selfPct: number }[]
}

const where = (url: string): string => {
  if (!url) return ''
  let path = url
  try {
    if (url.startsWith('file:')) path = fileURLToPath(url)
  } catch {}
  return path.startsWith('/') ? relative(repoRoot, path) : path
}

/** The module a frame belongs to: a package, a source file of ours, node internals, or V8's own categories. */
const moduleOf = (fn: string, url: string): string => {
  if (!url) return `(${fn || 'anonymous'})`
  const w = where(url)
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(w)
  if (pkg) return pkg[1]
  if (w.startsWith('node:')) return 'node internals'
  return w
}

/**
 * Self time by function and module. `window` keeps only the samples taken between `from` and `to` seconds
 * before the end of the profile (a server's profile ends when it is stopped, right after the load).
 */
export const summarizeProfile = (profile: CpuProfile, top = 15, window?: { from: number; to: number }): ProfileSummary => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const selfUs = new Map<number, number>()
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0
    if (window && (t < profile.endTime - window.from * 1e6 || t > profile.endTime - window.to * 1e6)) continue
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
  }
  let total = 0
  let idle = 0
  const fns = new Map<string, { fn: string; where: string; us: number }>()
  const modules = new Map<string, number>()
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    total += us
    if (functionName === '(idle)') idle += us
    const key = `${functionName}@${url}:${lineNumber}`
    const entry = fns.get(key) ?? { fn: functionName || '(anonymous)', where: url ? `${where(url)}:${lineNumber + 1}` : '', us: 0 }
    entry.us += us
    fns.set(key, entry)
    const mod = moduleOf(functionName, url)
    modules.set(mod, (modules.get(mod) ?? 0) + us)
  }
  const pct = (us: number) => Math.round((us / Math.max(1, total)) * 1000) / 10
  return {
    totalMs: Math.round(total / 1000),
    idlePct: pct(idle),
    topFunctions: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ fn: f.fn, where: f.where, selfPct: pct(f.us) })),
    topModules: [...modules.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([module, us]) => ({ module, selfPct: pct(us) })),
  }
}

export const summarizeProfileFile = (path: string, top = 15, window?: { from: number; to: number }): ProfileSummary =>
  summarizeProfile(JSON.parse(readFileSync(path, 'utf8')), top, window)

/** Profiles `work` in this process (sampling every 100 µs). */
export const profileInProcess = async <T>(work: () => Promise<T>): Promise<{ result: T; profile: CpuProfile }> => {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  try {
    const result = await work()
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile }
    return { result, profile }
  } finally {
    session.disconnect()
  }
}

export const formatSummary = (title: string, s: ProfileSummary, lines = 12): string =>
  [
    `${title}: ${s.totalMs} ms sampled, idle ${s.idlePct}%`,
    '  self%  function (where)',
    ...s.topFunctions.slice(0, lines).map((f) => `  ${String(f.selfPct).padStart(5)}  ${f.fn}${f.where ? ` (${f.where})` : ''}`),
    '  by module: ' +
      s.topModules
        .slice(0, 8)
        .map((m) => `${m.module} ${m.selfPct}%`)
        .join(', '),
  ].join('\n')
