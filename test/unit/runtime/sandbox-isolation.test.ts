// The shared expression context must not carry anything from one evaluation to the next (another chat, another
// workspace): every intrinsic — also the ones reachable only through syntax, not from globalThis — is frozen, and an
// evaluation that tries to patch one changes nothing for the next.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createSandbox, isBrokenSandbox, type Sandbox } from '../../../src/runtime/sandbox/pool.js'
import { createLocalSandbox } from '../../../src/runtime/sandbox/quickjs.js'

/**
 * Expressions (sandbox source) reaching each intrinsic, by name. Most are reachable only by syntax or by calling a
 * built-in; %AsyncFromSyncIteratorPrototype% is never handed to bot code in QuickJS (it is only used internally by
 * `for await` over a sync iterable), so it cannot be listed.
 */
const INTRINSICS: [string, string][] = [
  ['globalThis', 'globalThis'],
  ['%ArrayIteratorPrototype%', 'Object.getPrototypeOf([][Symbol.iterator]())'],
  ['%IteratorPrototype%', 'Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))'],
  ['%StringIteratorPrototype%', "Object.getPrototypeOf(''[Symbol.iterator]())"],
  ['%MapIteratorPrototype%', 'Object.getPrototypeOf(new Map().entries())'],
  ['%SetIteratorPrototype%', 'Object.getPrototypeOf(new Set().values())'],
  ['%RegExpStringIteratorPrototype%', "Object.getPrototypeOf(/a/g[Symbol.matchAll](''))"],
  ['%IteratorHelperPrototype%', 'Object.getPrototypeOf([].values().map((x) => x))'],
  ['%WrapForValidIteratorPrototype%', 'Object.getPrototypeOf(Iterator.from({ next: () => ({ done: true }) }))'],
  ['%IteratorConcat%', 'Object.getPrototypeOf(Iterator.concat([]))'],
  ['%GeneratorFunction%', '(function* () {}).constructor'],
  ['%GeneratorFunction.prototype%', 'Object.getPrototypeOf(function* () {})'],
  ['%GeneratorPrototype%', 'Object.getPrototypeOf(function* () {}).prototype'],
  ['%AsyncFunction%', '(async function () {}).constructor'],
  ['%AsyncFunction.prototype%', 'Object.getPrototypeOf(async () => {})'],
  ['%AsyncGeneratorFunction%', '(async function* () {}).constructor'],
  ['%AsyncGeneratorFunction.prototype%', 'Object.getPrototypeOf(async function* () {})'],
  ['%AsyncGeneratorPrototype%', 'Object.getPrototypeOf(async function* () {}).prototype'],
  ['%AsyncIteratorPrototype%', 'Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype)'],
  ['%ThrowTypeError%', "(function () { 'use strict'; return Object.getOwnPropertyDescriptor(arguments, 'callee').get })()"],
  ['%TypedArray%', 'Object.getPrototypeOf(Uint8Array)'],
  ['%TypedArray.prototype%', 'Object.getPrototypeOf(Uint8Array.prototype)'],
  ['arguments prototype', 'Object.getPrototypeOf((function () { return arguments })())'],
  ['template object', '((s) => s)`x`'],
  ['template object raw', '((s) => s)`x`.raw'],
  ['Function.prototype (arrow)', 'Object.getPrototypeOf(() => {})'],
  ['class constructor prototype', 'Object.getPrototypeOf(class {})'],
  ['class prototype prototype', 'Object.getPrototypeOf((class {}).prototype)'],
  ['derived class chain', 'Object.getPrototypeOf(Object.getPrototypeOf(new (class extends Error {})()))'],
  ['Error.prototype', 'Object.getPrototypeOf(new Error())'],
  ['TypeError.prototype', '(() => { try { null.x } catch (e) { return Object.getPrototypeOf(e) } })()'],
  ['AggregateError.prototype', 'Object.getPrototypeOf(new AggregateError([]))'],
  ['Symbol.prototype', 'Object.getPrototypeOf(Object(Symbol()))'],
  ['RegExp.prototype', 'Object.getPrototypeOf(/a/)'],
  ['RegExp.prototype.exec', '/a/.exec'],
  ['Promise.prototype', 'Object.getPrototypeOf((async () => {})())'],
  ['Promise.prototype.then', 'Promise.resolve().then'],
  ['JSON', 'JSON'],
  ['Math', 'Math'],
  ['Reflect', 'Reflect'],
  ['Object.prototype', 'Object.getPrototypeOf({})'],
  ['Object.prototype.__proto__ getter', "Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get"],
  ['Object.prototype.__proto__ setter', "Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').set"],
  ['Object.prototype.__defineGetter__', '({}).__defineGetter__'],
  ['Array.prototype[Symbol.unscopables]', '[][Symbol.unscopables]'],
  ['Intl', 'Intl'],
  ['Intl.DateTimeFormat.prototype', 'Intl.DateTimeFormat.prototype'],
  ['Intl.NumberFormat.prototype', 'Intl.NumberFormat.prototype'],
  ['Intl.Collator.prototype', 'Intl.Collator.prototype'],
  ['Intl.PluralRules.prototype', 'Intl.PluralRules.prototype'],
  ['Intl.RelativeTimeFormat.prototype', 'Intl.RelativeTimeFormat.prototype'],
  ['Intl.ListFormat.prototype', 'Intl.ListFormat.prototype'],
  ['Intl.DisplayNames.prototype', 'Intl.DisplayNames.prototype'],
  ['DateTimeFormat format getter', "Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format').get"],
  ['an Intl instance prototype', "Object.getPrototypeOf(new Intl.NumberFormat('pt-BR'))"],
  ['an Intl result prototype', 'Object.getPrototypeOf(new Intl.DateTimeFormat().formatToParts(0)[0])'],
  [
    'an Intl error prototype',
    "(() => { try { new Intl.DateTimeFormat('en', { timeZone: 'Mars/Olympus' }) } catch (e) { return Object.getPrototypeOf(e) } })()",
  ],
  ['Date (wrapped for its parser)', 'Date'],
  ['Date.prototype', 'Date.prototype'],
  ['the running function', 'arguments.callee'],
  ['the running function prototype', 'arguments.callee.prototype'],
]

/** A function body that defines `list`: [name, value] for every intrinsic above. */
const LIST = `const list = [${INTRINSICS.map(([name, expr]) => `[${JSON.stringify(name)}, (() => { try { return ${expr} } catch { return undefined } })()]`).join(',\n')}]\n`

/** What each intrinsic looks like: its keys, the kind of each value, its prototype's keys; to compare before and after. */
const SNAPSHOT = `${LIST}
const describe = (o) => {
  if (o === undefined) return 'unreachable'
  const proto = Object.getPrototypeOf(o)
  return {
    frozen: Object.isFrozen(o),
    keys: Reflect.ownKeys(o).map((k) => {
      const d = Object.getOwnPropertyDescriptor(o, k)
      const v = 'value' in d ? (typeof d.value === 'function' ? 'fn:' + d.value.name : typeof d.value === 'object' ? typeof d.value : String(d.value)) : 'accessor'
      return String(k) + '=' + v
    }),
    proto: proto === null ? null : Reflect.ownKeys(proto).map(String),
  }
}
return list.map(([name, o]) => [name, describe(o)])`

/** Every way an evaluation could try to leave something on an intrinsic; each attempt may throw (frozen). */
const TAMPER = `${LIST}
// Captured first: replacing a global (which must not outlast this evaluation) would break the attempts that follow.
const { defineProperty, getOwnPropertyDescriptor, setPrototypeOf } = Object
const { ownKeys, set } = Reflect
const record = []
const attempt = (f) => { try { f() } catch {} }
for (const [, o] of list) {
  if (o === undefined) continue
  attempt(() => { o.leak = record })
  attempt(() => defineProperty(o, 'leak2', { value: record }))
  attempt(() => o.__defineGetter__('leak3', () => record))
  attempt(() => set(o, 'leak4', record))
  attempt(() => { o.__proto__ = { leak5: record } })
  attempt(() => setPrototypeOf(o, { leak6: record }))
  for (const key of ownKeys(o)) {
    const d = getOwnPropertyDescriptor(o, key)
    if (typeof d.value === 'function') {
      const original = d.value
      const spy = function (...args) { record.push(args); return original.apply(this, args) }
      attempt(() => { o[key] = spy })
      attempt(() => defineProperty(o, key, { value: spy }))
    } else if (d.configurable || d.writable) {
      attempt(() => { o[key] = 666 })
    }
    attempt(() => delete o[key])
  }
}
return 1`

/** Reads back what TAMPER could have left. */
const PROBE = `${LIST}
const found = []
for (const [name, o] of list) {
  if (o === undefined) continue
  for (const key of ['leak', 'leak2', 'leak3', 'leak4', 'leak5', 'leak6']) if (o[key] !== undefined) found.push(name + '.' + key)
}
return found`

/** Code that uses all of that syntax with secrets. */
const WORKLOAD = `const [a, b] = [card, email]
const s = [...card].join('')
const m = [...new Map([[card, email]]).entries()]
const t = [...new Set([card])]
const r = [...email.matchAll(/@/g)]
const g = [...(function* () { yield card; yield email })()]
const h = [card, email].values().map((x) => x).toArray()
const f = (function () { return arguments })(card, email)
const e = new Error(card).message
const p = (async () => email)().then((x) => x)
return [a, b, s, m.length, t.length, r.length, g.length, h.length, f.length, e, typeof p.then].join()`

/** Intrinsic behaviour any tenant relies on. */
const HEALTHY = `const gen = function* () { yield 1; yield 2 }
const [x, y] = [1, 2]
return [
  [...[1, 2, 3]].length,
  x + y,
  [...'abc'].length,
  [...new Map([[1, 2]])].length,
  [...new Set([1, 2])].length,
  [...'a1b2'.matchAll(/\\d/g)].length,
  [...gen()].length,
  [1, 2].values().map((v) => v * 2).toArray().join(''),
  /b/.exec('abc').index,
  JSON.stringify({ a: 1 }),
  Math.max(1, 2),
  String(Symbol('s').description),
  new TypeError('t').message,
  ({}).toString(),
].join()`
const HEALTHY_VALUE = '3,3,3,1,2,2,2,24,1,{"a":1},2,s,t,[object Object]'

/**
 * Walks every object reachable from the intrinsics (prototypes, property values, getters and setters), then calls
 * the function number `only` found with sample receivers and arguments: the prototype chain of anything it returns
 * must be frozen too (this is how a hidden intrinsic such as an iterator prototype would show up).
 */
const CRAWL = `${LIST}
const seen = new Map()
const walk = (value, path) => {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return
  seen.set(value, path)
  walk(Object.getPrototypeOf(value), path + '.__proto__')
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)
    if ('value' in d) walk(d.value, path + '.' + String(key))
    walk(d.get, path + '.get ' + String(key))
    walk(d.set, path + '.set ' + String(key))
  }
}
for (const [name, o] of list) walk(o, name)
const unfrozen = [...seen].filter(([o]) => !Object.isFrozen(o)).map(([, path]) => path)
// Generator objects inherit from their function's own prototype object, fresh per function: frozen here so that
// it does not count as a hidden intrinsic.
const gen = (f) => (Object.freeze(f.prototype), f())
const samples = () => [
  [], [1, 2], 'ab', {}, new Map([[1, 2]]), new Set([1]), /a/g, new Uint8Array(2), new ArrayBuffer(2), new DataView(new ArrayBuffer(2)),
  [1].values(), 'ab'[Symbol.iterator](), new Map().keys(), new Set().entries(), 'a'.matchAll(/a/g), [1].values().map((x) => x),
  gen(function* () { yield 1 }), gen(async function* () { yield 1 }), Promise.resolve(1), new Error('e'), Object(Symbol('s')),
  new WeakMap(), new WeakSet(), new WeakRef({}), new Date(0), 1n, 1, true, Symbol('t'), () => 1,
]
const args = [[], [0], ['a'], [Object.freeze(() => true)], [1, 2]]
const hidden = new Set()
let calls = 0
const inspect = (result, path) => {
  if ((typeof result !== 'object' && typeof result !== 'function') || result === null) return
  for (let p = Object.getPrototypeOf(result); p !== null; p = Object.getPrototypeOf(p)) {
    if (!Object.isFrozen(p)) hidden.add(path + ' → ' + (seen.get(p) ?? Reflect.ownKeys(p).map(String).join('|')))
  }
}
let at = ''
try {
  // One function per evaluation (\`only\`): together, the calls pile up more garbage than the memory limit allows.
  for (const [fn, path] of [...seen].filter(([o]) => typeof o === 'function').slice(only, only + 1)) {
    if (fn === arguments.callee) continue
    at = path
    for (const receiver of [undefined, ...samples()]) {
      for (const a of args) {
        calls++
        try { inspect(Reflect.apply(fn, receiver, a), path) } catch {}
      }
    }
    for (const a of args) {
      calls++
      try { inspect(Reflect.construct(fn, a), 'new ' + path) } catch {}
    }
  }
} catch (e) {
  hidden.add('broke at ' + at + ': ' + e)
}
const functions = [...seen].filter(([o]) => typeof o === 'function').map(([, path]) => path)
return { objects: seen.size, functions: only === 0 ? functions : [], calls, unfrozen, hidden: [...hidden] }`

describe('sandbox isolation between evaluations (the shared context)', () => {
  // Each test gets its own local sandbox, so that a failure in one does not cascade into the next.
  const fresh = () => createLocalSandbox({ memoryBytes: 256 * 1024 * 1024, timeoutMs: 10_000 })
  let pooled: Sandbox
  before(async () => {
    pooled = await createSandbox({ memoryBytes: 16 * 1024 * 1024, timeoutMs: 300 })
  })
  after(() => pooled.close())

  const patchArrayIterator = `const proto = Object.getPrototypeOf([][Symbol.iterator]())
const next = proto.next
const seen = []
const spy = function () { const r = next.call(this); if (!r.done) seen.push(r.value); return r }
try { proto.next = spy } catch {}
try { Object.defineProperty(proto, 'next', { value: spy }) } catch {}
try { proto.seen = seen } catch {}
try { Object.getPrototypeOf(proto).seen = seen } catch {}
try { Object.prototype.seen = seen } catch {}
return 1`
  const readBack = `const proto = Object.getPrototypeOf([][Symbol.iterator]())
return JSON.stringify([proto.seen, Object.getPrototypeOf(proto).seen, ({}).seen, proto.next === Object.getPrototypeOf([].values()).next])`

  test('a patched array iterator records nothing of another evaluation’s destructuring (local and pooled)', async () => {
    const local = await fresh()
    for (const [label, run] of [
      ['local', async (body: string, globals: Record<string, unknown>) => local.evaluate(body, globals)],
      ['pooled', (body: string, globals: Record<string, unknown>) => pooled.evaluate(body, globals)],
    ] as const) {
      assert.equal((await run(patchArrayIterator, {})).ok, true, label)
      assert.deepEqual(
        await run('const [a, b] = [card, email]; return a.length + b.length', { card: '4111111111111111', email: 'b@tenant.example' }),
        { ok: true, value: 32 },
        label,
      )
      const back = await run(readBack, {})
      assert.equal(back.ok, true, label)
      assert.doesNotMatch(String(back.ok && back.value), /4111|tenant\.example/, label)
      assert.equal(back.ok && back.value, '[null,null,null,true]', label)
      assert.deepEqual(await run('return [...[1, 2, 3]].length', {}), { ok: true, value: 3 }, label)
    }
  })

  test('every intrinsic reachable by syntax is frozen, and tampering with any leaves nothing for the next evaluation', async () => {
    const local = await fresh()
    const before = local.evaluate(SNAPSHOT, {})
    assert.equal(before.ok, true, JSON.stringify(before))
    const described = (before.ok ? before.value : []) as [string, { frozen: boolean } | string][]
    const unreachable = described.filter(([, d]) => d === 'unreachable').map(([name]) => name)
    assert.deepEqual(unreachable, [])
    const unfrozen = described.filter(([, d]) => typeof d === 'object' && !d.frozen).map(([name]) => name)
    assert.deepEqual(unfrozen, [])

    assert.deepEqual(local.evaluate(TAMPER, {}), { ok: true, value: 1 })
    assert.deepEqual(local.evaluate(WORKLOAD, { card: '4111111111111111', email: 'b@tenant.example' }), {
      ok: true,
      value: '4111111111111111,b@tenant.example,4111111111111111,1,1,1,2,2,2,4111111111111111,function',
    })
    assert.deepEqual(local.evaluate(PROBE, {}), { ok: true, value: [] })
    assert.deepEqual(local.evaluate(SNAPSHOT, {}), before)
    assert.deepEqual(local.evaluate(HEALTHY, {}), { ok: true, value: HEALTHY_VALUE })
  })

  type Report = { objects: number; functions: string[]; calls: number; unfrozen: string[]; hidden: string[] }

  test('nothing reachable from the global object or from syntax is left unfrozen', async () => {
    const local = await fresh()
    const first = local.evaluate(CRAWL, { only: 0 })
    assert.equal(first.ok, true, JSON.stringify(first))
    const report = first.value as Report
    assert.ok(report.objects > 500, `walked ${report.objects} objects`)
    assert.deepEqual(report.unfrozen, [])
  })

  // QuickJS corrupts its own memory on some of these calls (Iterator.prototype.every, forEach…, with an odd
  // receiver): the evaluation fails with a bare null or out of memory, and the WebAssembly module is unusable after
  // it ("table index is out of bounds"). Until that is fixed or contained, this runs as a todo.
  test('calling every built-in with sample receivers finds no unfrozen hidden prototype', {
    todo: 'QuickJS memory corruption in Iterator helpers',
  }, async (t) => {
    const local = await fresh()
    const first = local.evaluate(CRAWL, { only: 0 })
    assert.equal(first.ok, true, JSON.stringify(first))
    const report = first.value as Report
    const broken: string[] = []
    for (let only = 1; only < report.functions.length; only++) {
      const next = local.evaluate(CRAWL, { only })
      if (!next.ok) {
        broken.push(`${report.functions[only]}: ${next.error}`)
        continue
      }
      const { calls, hidden } = next.value as Report
      report.calls += calls
      report.hidden.push(...hidden)
    }
    if (broken.length) t.diagnostic(`evaluations that failed while calling built-ins: ${broken.join('; ')}`)
    assert.deepEqual(broken, [])
    assert.ok(report.calls > 10_000, `made ${report.calls} calls`)
    assert.deepEqual(report.hidden, [])
    assert.deepEqual(local.evaluate(HEALTHY, {}), { ok: true, value: HEALTHY_VALUE })
  })

  test('the pool tells a broken WebAssembly module (its worker is replaced) from bot code that failed', async () => {
    for (const error of [
      'RuntimeError: table index is out of bounds',
      'RuntimeError: memory access out of bounds',
      'RuntimeError: unreachable',
      'null',
    ]) {
      assert.equal(isBrokenSandbox(error), true, error)
    }
    for (const error of ['TypeError: not a function', 'InternalError: interrupted', 'RuntimeError', 'Error: null', undefined]) {
      assert.equal(isBrokenSandbox(error), false, String(error))
    }
  })

  test('a global replaced through QuickJS’s defineProperty flaw does not outlast its evaluation', async () => {
    const local = await fresh()
    // QuickJS accepts a value-only descriptor on a frozen global's property: the evaluation itself sees its change,
    // the next one must not.
    const ways = [
      "Object.defineProperty(globalThis, 'parseInt', { value: () => 5 })",
      "Reflect.defineProperty(globalThis, 'parseInt', { value: () => 5 })",
      'Object.defineProperties(globalThis, { parseInt: { value: () => 5 } })',
      "Reflect.defineProperty(new Proxy(globalThis, {}), 'parseInt', { value: () => 5 })",
      "Promise.resolve().then(() => Object.defineProperty(globalThis, 'parseInt', { value: () => 5 }))",
      "try { Object.defineProperty(globalThis, 'parseInt', { value: () => 5 }) } finally { throw new Error('x') }",
    ]
    for (const way of ways) {
      local.evaluate(`${way}; return parseInt('1')`, {})
      assert.deepEqual(local.evaluate("return parseInt('1')", {}), { ok: true, value: 1 }, way)
    }
  })

  test('Intl: a patched formatter or locale method records nothing of the next evaluation, and no host object is reachable', async () => {
    const local = await fresh()
    const tamper = `const seen = []
const spy = (target, key) => {
  const d = Object.getOwnPropertyDescriptor(target, key)
  const original = d.value ?? d.get
  const wrapped = function (...args) { seen.push(args); return Reflect.apply(original, this, args) }
  try { Object.defineProperty(target, key, d.value ? { value: wrapped } : { get: wrapped }) } catch {}
  try { target[key] = wrapped } catch {}
}
spy(Intl.DateTimeFormat.prototype, 'format')
spy(Intl.NumberFormat.prototype, 'formatToParts')
spy(Intl.Collator.prototype, 'compare')
spy(Date.prototype, 'toLocaleString')
spy(Number.prototype, 'toLocaleString')
spy(String.prototype, 'localeCompare')
spy(Intl, 'DateTimeFormat')
spy(globalThis, 'Date')
try { Object.defineProperty(globalThis, 'Intl', { value: { seen, DateTimeFormat: Intl.DateTimeFormat } }) } catch {}
try { Intl.seen = seen } catch {}
return typeof Intl.seen`
    local.evaluate(tamper, {})
    const secret = `return [new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(card), new Intl.NumberFormat('pt-BR').formatToParts(card).length,
      [email, 'a'].sort(new Intl.Collator('pt').compare)[0], new Date(card).toLocaleString('pt-BR'), card.toLocaleString('pt-BR'), email.localeCompare('z')].length`
    assert.deepEqual(local.evaluate(secret, { card: 4111111111111111, email: 'b@tenant.example' }), { ok: true, value: 6 })
    const back = local.evaluate('return [Intl.seen, Intl.DateTimeFormat.seen, Date.seen, typeof Intl.getCanonicalLocales]', {})
    assert.deepEqual(back, { ok: true, value: [null, null, null, 'function'] })
    // Answers are the sandbox's own objects and errors; the bridge (a host function named "intl") is nowhere.
    const probe = `const seen = new Set()
const names = []
const walk = (v) => {
  if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) return
  seen.add(v)
  if (typeof v === 'function') names.push(v.name)
  walk(Object.getPrototypeOf(v))
  for (const k of Reflect.ownKeys(v)) { const d = Object.getOwnPropertyDescriptor(v, k); walk(d.value); walk(d.get); walk(d.set) }
}
walk(globalThis)
const parts = new Intl.NumberFormat('pt-BR').formatToParts(1)
const error = (() => { try { (1).toLocaleString('pt-BR', { style: 'currency', currency: 'REAL' }) } catch (e) { return e } })()
return [names.includes('intl'), Object.getPrototypeOf(parts) === Array.prototype, Object.getPrototypeOf(parts[0]) === Object.prototype,
  new Intl.PluralRules('pt').resolvedOptions().constructor === Object, error instanceof RangeError, Object.keys(globalThis).length]`
    assert.deepEqual(local.evaluate(probe, {}), { ok: true, value: [false, true, true, true, true, 0] })
  })

  test('the compiled function of a body keeps nothing between evaluations of the same body', async () => {
    const local = await fresh()
    const body = 'const p = arguments.callee.prototype; try { p.n = (p.n || 0) + 1 } catch {} return p.n ?? 0'
    assert.deepEqual(local.evaluate(body, {}), { ok: true, value: 0 })
    assert.deepEqual(local.evaluate(body, {}), { ok: true, value: 0 })
  })

  test('promise jobs left by an interrupted evaluation do not run in the next one', async () => {
    const local = await fresh()
    const short = 200
    const flood = local.evaluate('const f = () => Promise.resolve().then(f); for (let i = 0; i < 50; i++) f(); return 1', {}, short)
    assert.equal(flood.ok, true)
    // Were the flood's jobs run in it, the next evaluation would loop until its deadline interrupts it (an error).
    assert.deepEqual(local.evaluate('return 2', {}, short), { ok: true, value: 2 })
  })
})
