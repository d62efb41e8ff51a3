// Figure 5: the engine in this process, on the server's real runtime (clock, QuickJS sandbox).
//  - simple logic blocks per second: a reply runs a long chain of Set variable (no sandbox needed) and Condition
//    blocks, then the flow comes back to the input; state is carried from turn to turn as the server would;
//  - the cost of one sandboxed inline expression (`{{A}} * 2` with a few variables), sandbox warm.
import { performance } from 'node:perf_hooks'
import type { CompiledBot } from '../src/engine/compile.js'
import type { EngineDeps, TurnOutcome } from '../src/engine/index.js'
import type { Sandbox } from '../src/runtime/sandbox/pool.js'
import { logicChainBot } from './lib/bots.js'
import { log, round } from './lib/common.js'
import { loadDist } from './lib/dist.js'
import { type Figure, figure } from './lib/figures.js'
import { formatSummary, profileInProcess, type ProfileSummary, summarizeProfile } from './lib/profile.js'

const GROUPS = 1000
const BLOCKS_PER_TURN = GROUPS * 3

const setup = async () => {
  const { createRuntime } = await loadDist<typeof import('../src/runtime/index.js')>('runtime/index.js')
  const { kinds } = await loadDist<typeof import('../src/blocks/index.js')>('blocks/index.js')
  const { createRegexTester } = await loadDist<typeof import('../src/runtime/regex.js')>('runtime/regex.js')
  const { loadConfig } = await loadDist<typeof import('../src/config.js')>('config.js')
  const { compileBot } = await loadDist<typeof import('../src/engine/compile.js')>('engine/compile.js')
  const engine = await loadDist<typeof import('../src/engine/index.js')>('engine/index.js')
  const variables = await loadDist<typeof import('../src/engine/variables.js')>('engine/variables.js')
  const { createHttpClient } = await loadDist<typeof import('../src/runtime/http.js')>('runtime/http.js')
  const { createMailer } = await loadDist<typeof import('../src/runtime/smtp.js')>('runtime/smtp.js')
  const { parseAllowlist } = await loadDist<typeof import('../src/runtime/ssrf.js')>('runtime/ssrf.js')
  const { createSandbox } = await loadDist<typeof import('../src/runtime/sandbox/pool.js')>('runtime/sandbox/pool.js')
  const { prepareBot } = await loadDist<typeof import('../src/blocks/schemas.js')>('blocks/schemas.js')

  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const allowlist = parseAllowlist('')
  const sandbox = await createSandbox(config.sandbox)
  const runtime = createRuntime(sandbox, createRegexTester(), createHttpClient(allowlist), createMailer(config.smtp, allowlist))
  const prepared = prepareBot(logicChainBot(GROUPS))
  if (!prepared.ok) throw new Error(`the logic bot is invalid: ${JSON.stringify(prepared.issues)}`)
  const doc = prepared.bot as any
  const bot: CompiledBot = compileBot(
    {
      botId: 'bench-logic',
      snapshotId: 'snap-bench-logic',
      version: doc.version,
      groups: doc.groups,
      events: doc.events,
      edges: doc.edges,
      variables: doc.variables,
      theme: doc.theme,
      settings: doc.settings,
    },
    kinds,
  )
  const deps: EngineDeps = {
    runtime,
    getBot: async (id) => (id === bot.snapshotId ? bot : undefined),
    linkedBot: async () => undefined,
    credentials: async () => undefined,
    // The benchmarked bot stores and reads no files.
    files: { store: async () => ({ ok: false, message: 'No file storage in this benchmark.' }), read: async () => undefined },
    limits: { maxSteps: 10_000_000, maxMillis: 60_000 },
  }
  return { sandbox, bot, deps, engine, variables }
}

/** Runs replies for about `millis` ms; returns blocks per second. */
const logicBlocks = async (ctx: Awaited<ReturnType<typeof setup>>, millis: number) => {
  const { startChat, continueChat } = ctx.engine
  let outcome: TurnOutcome = await startChat(ctx.bot, { workspaceId: 'w', isPreview: false, resultId: 'r', textFormat: 'richText' }, ctx.deps)
  let turns = 0
  const started = performance.now()
  while (performance.now() - started < millis) {
    outcome = await continueChat(outcome.state, { type: 'text', text: `go ${turns}` }, 'richText', ctx.deps)
    if (!outcome.response.input) throw new Error(`the chain did not come back to the input: ${JSON.stringify(outcome.response.logs)}`)
    turns++
  }
  const seconds = (performance.now() - started) / 1000
  return { blocksPerSecond: (turns * BLOCKS_PER_TURN) / seconds, turns, seconds }
}

const VARIABLES = [
  { id: 'vA', name: 'A', value: '21' },
  { id: 'vName', name: 'Name', value: 'Ada Lovelace' },
  { id: 'vEmail', name: 'Email', value: 'ada@example.com' },
  { id: 'vItems', name: 'Items', value: ['one', 'two', 'three'] },
  { id: 'vEmpty', name: 'Empty' },
]

/** Microseconds per evaluation of one inline expression, in batches of `count` evaluations. */
const expressionBatch = async (ctx: Awaited<ReturnType<typeof setup>>, count: number) => {
  const sandbox: Sandbox = ctx.sandbox
  const body = ctx.variables.toFunctionBody('{{A}} * 2', VARIABLES as any)
  const globals = ctx.variables.codeGlobals(VARIABLES as any)
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const res = await sandbox.evaluate(body, globals)
    if (!res.ok || res.value !== 42) throw new Error(`unexpected evaluation: ${JSON.stringify(res)}`)
  }
  return ((performance.now() - started) * 1000) / count
}

/**
 * A cold sandbox runs QuickJS's WebAssembly on V8's baseline compiler; V8 recompiles the hot functions with its
 * optimising compiler after a few thousand evaluations. "Warm" is after that: evaluations for `warmMs`, then the
 * median of `batches` batches (a batch disturbed by other work on the machine does not decide the figure).
 */
const expression = async (ctx: Awaited<ReturnType<typeof setup>>, warmMs: number, batches: number) => {
  const cold = await expressionBatch(ctx, 100)
  const warmUntil = performance.now() + warmMs
  let warmEvaluations = 100
  while (performance.now() < warmUntil) {
    await expressionBatch(ctx, 100)
    warmEvaluations += 100
  }
  const figures: number[] = []
  for (let i = 0; i < batches; i++) figures.push(await expressionBatch(ctx, 1000))
  figures.sort((a, b) => a - b)
  return { micros: figures[Math.floor(batches / 2)], cold, warmEvaluations, batches: figures.map((f) => round(f, 1)) }
}

export const benchEngine = async (options: {
  profile: boolean
  seconds: number
}): Promise<{ figures: Figure[]; profiles: Record<string, ProfileSummary> }> => {
  const ctx = await setup()
  const profiles: Record<string, ProfileSummary> = {}
  await logicBlocks(ctx, 300) // warm-up (JIT)
  const logic = await logicBlocks(ctx, options.seconds * 1000)
  log(`engine: ${round(logic.blocksPerSecond, 0)} logic blocks/s (${logic.turns} replies of ${BLOCKS_PER_TURN} blocks in ${round(logic.seconds)} s)`)

  const expr = await expression(ctx, 2000, 5)
  log(
    `engine: ${round(expr.micros, 1)} µs per sandboxed expression (median of 1,000-evaluation batches ${expr.batches.join(', ')}; ${round(expr.cold, 1)} µs cold)`,
  )

  if (options.profile) {
    const p1 = await profileInProcess(() => logicBlocks(ctx, 1500))
    profiles['engine-logic'] = summarizeProfile(p1.profile)
    log(formatSummary('profile engine-logic', profiles['engine-logic']))
    const p2 = await profileInProcess(async () => expressionBatch(ctx, 3000))
    profiles['engine-expression'] = summarizeProfile(p2.profile)
    log(formatSummary('profile engine-expression', profiles['engine-expression']))
  }

  return {
    figures: [
      figure(
        'engine.logicBlocksPerSecond',
        'Engine: simple logic blocks per second',
        round(logic.blocksPerSecond, 0),
        'blocks/s',
        { op: '>=', value: 1_000_000 },
        {
          blocksPerReply: BLOCKS_PER_TURN,
          replies: logic.turns,
          seconds: round(logic.seconds, 2),
        },
      ),
      figure(
        'engine.expressionMicros',
        'Engine: one sandboxed inline expression (warm)',
        round(expr.micros, 1),
        'µs',
        { op: '<=', value: 50 },
        {
          expression: '{{A}} * 2',
          variables: VARIABLES.length,
          batches: expr.batches,
          coldMicros: round(expr.cold, 1),
          warmEvaluations: expr.warmEvaluations,
        },
      ),
    ],
    profiles,
  }
}
