// The QuickJS sandbox: results come back typed, the host is out of reach, runaway code is stopped.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { createSandbox, type Sandbox } from '../../../src/runtime/sandbox/pool.js'

/** After runaway code the standby worker takes over while a new one starts: wait until calls are served again. */
const settled = async (sandbox: Sandbox) => {
  for (let i = 0; i < 250 && !(await sandbox.evaluate('return 1', {})).ok; i++) await new Promise((r) => setTimeout(r, 20))
}

describe('sandbox', () => {
  let sandbox: Sandbox
  before(async () => {
    sandbox = await createSandbox({ memoryBytes: 16 * 1024 * 1024, timeoutMs: 300 })
  })

  test('evaluates function bodies with globals and returns JSON values', async () => {
    assert.deepEqual(await sandbox.evaluate('return a + b.length', { a: 40, b: [1, 2] }), { ok: true, value: 42 })
    assert.deepEqual(await sandbox.evaluate('return { x: [1, "two", null] }', {}), { ok: true, value: { x: [1, 'two', null] } })
    assert.deepEqual(await sandbox.evaluate('return missing', { missing: undefined }), { ok: true, value: undefined })
    const error = await sandbox.evaluate('return nope.x', {})
    assert.equal(error.ok, false)
  })

  test('no host access: process, require, fetch, file system, Node globals', async () => {
    for (const code of [
      'return typeof process',
      'return typeof require',
      'return typeof fetch',
      'return typeof Buffer',
      'return typeof globalThis.process',
      'return typeof setTimeout',
    ]) {
      assert.deepEqual(await sandbox.evaluate(code, {}), { ok: true, value: 'undefined' }, code)
    }
    const escape = await sandbox.evaluate('return this.constructor.constructor("return typeof process")()', {})
    assert.deepEqual(escape, { ok: true, value: 'undefined' })
    const imported = await sandbox.evaluate('return import("fs")', {})
    assert.notDeepEqual(imported, { ok: true, value: 'fs' })
  })

  test('evaluations do not leak into each other', async () => {
    await sandbox.evaluate('globalThis.leak = 1; Object.prototype.polluted = true; Array.prototype.push = null; return 1', {})
    await sandbox.evaluate('new Function("globalThis.viaFunction = 1")(); JSON.parse = () => 666; return 1', {})
    await sandbox.evaluate('})); let escaped = 1; JSON.stringify((function(){', {})
    await sandbox.evaluate('Symbol.for("shared").description; return typeof eval', {})
    const probe = await sandbox.evaluate(
      'return [typeof leak, ({}).polluted, typeof [].push, typeof viaFunction, JSON.parse("1"), typeof escaped, Symbol.for("k") === Symbol.for("k")].join()',
      {},
    )
    assert.deepEqual(probe, { ok: true, value: 'undefined,,function,undefined,1,undefined,false' })
    assert.deepEqual(await sandbox.evaluate('return typeof eval', {}), { ok: true, value: 'undefined' })
  })

  // The time limit is a safety net only (a caller left waiting would hang here): the answers are what is checked.
  test('an infinite loop and a memory bomb end with an error, and the sandbox keeps working', { timeout: 60_000 }, async () => {
    const loop = await sandbox.evaluate('while (true) {}', {})
    assert.equal(loop.ok, false)
    await settled(sandbox)
    const bomb = await sandbox.evaluate('const a = []; for (;;) a.push(new Array(100000).fill("x"))', {})
    assert.equal(bomb.ok, false)
    await settled(sandbox)
    const strings = await sandbox.evaluate('const a = []; for (;;) a.push("x".repeat(1 << 20))', {})
    assert.equal(strings.ok, false)
    await settled(sandbox)
    const deep = await sandbox.evaluate('const f = () => f(); return f()', {})
    assert.equal(deep.ok, false)
    await settled(sandbox)
    assert.deepEqual(await sandbox.evaluate('return 1 + 1', {}), { ok: true, value: 2 })
    // Runaway calls in a row reach a standby that is still loading: it must say so, not take the request (which its
    // start-up would overwrite) and leave the caller waiting.
  })

  test('scripts: async bodies, setVariable calls collected, errors reported', async () => {
    await settled(sandbox)
    const run = await sandbox.runScript('const v = await Promise.resolve(n * 2); setVariable("Double", v); return v', { n: 21 })
    assert.deepEqual(run, { ok: true, value: 42, setVariables: [{ name: 'Double', value: 42 }] })
    const failing = await sandbox.runScript('setVariable("A", 1); throw new TypeError("bad input")', {})
    assert.equal(failing.ok, false)
    assert.match(failing.error ?? '', /bad input/)
    assert.deepEqual(failing.setVariables, [{ name: 'A', value: 1 }])
    assert.equal((await sandbox.runScript('await new Promise(() => {})', {})).ok, false)
    assert.equal((await sandbox.runScript('while(true){}', {})).ok, false)
  })

  test('a tenant runs one call at a time: its runaway code holds one worker, other tenants are served meanwhile', async (t) => {
    // A deadline far longer than serving a call takes, so that the order below holds on a busy machine too.
    const sandbox = await createSandbox({ memoryBytes: 16 * 1024 * 1024, timeoutMs: 5_000 })
    t.after(() => sandbox.close())
    // Two calls that overlap leave two workers ready and past their first (slower) evaluation: the previous test's
    // runaways had theirs replaced in the background.
    const busy = 'const end = Date.now() + 100; while (Date.now() < end) {} return 1'
    await Promise.all([sandbox.evaluate(busy, {}, { tenant: 'warm-a' }), sandbox.evaluate(busy, {}, { tenant: 'warm-b' })])
    const settled = <T>(p: Promise<T>) => p.then((r) => ({ r, at: performance.now() }))
    const runaway = settled(sandbox.evaluate('while (true) {}', {}, { tenant: 'hostile' }))
    const second = settled(sandbox.evaluate('return "second"', {}, { tenant: 'hostile' }))
    const other = await settled(sandbox.evaluate('return "other tenant"', {}, { tenant: 'victim' }))
    const first = await runaway
    assert.deepEqual(other.r, { ok: true, value: 'other tenant' })
    assert.equal(first.r.ok, false)
    assert.ok(other.at < first.at, 'the other tenant was served while the runaway call ran')
    const next = await second
    assert.deepEqual(next.r, { ok: true, value: 'second' }, "the tenant's next call ran once its first ended")
    assert.ok(next.at >= first.at, "the tenant's second call waited for its first")
  })
})
