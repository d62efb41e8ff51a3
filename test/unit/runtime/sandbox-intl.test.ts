// Bot code gets V8's answers from Intl and the locale-sensitive methods: real-world snippets (greetings by São Paulo
// hour, pt-BR dates for a webhook, BRL and EUR amounts, Spanish formats, plural and relative-time wording, sorting
// with accents) run in the sandbox and in Node's own V8, for several instants, in processes whose time zone is each
// of several zones and default locales (TZ must be set before V8 reads it, so each zone gets a child process).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { answerIntl } from '../../../src/runtime/sandbox/intl-host.js'
import { MAX_INTL_CHARS } from '../../../src/runtime/sandbox/intl-shim.js'
import { createSandbox, type Sandbox } from '../../../src/runtime/sandbox/pool.js'

const INSTANTS = [
  Date.UTC(2026, 10, 28, 9, 42, 32), // 06:42:32 in São Paulo: the greeting that said "Boa noite"
  Date.UTC(2026, 10, 28, 21, 30, 0), // 18:30 in São Paulo, 06:30 the next day in Tokyo
  Date.UTC(2027, 0, 1, 2, 59, 59, 999), // still New Year's Eve in São Paulo
  Date.UTC(2018, 11, 1, 12, 0, 0), // Brazil still had summer time (UTC−2)
  Date.UTC(2026, 2, 29, 1, 30, 0), // Lisbon's clocks go forward at this hour
]
/** Host time zones, and the default locale of each process (V8 takes it from LANG). */
const ZONES: [string, string][] = [
  ['America/Sao_Paulo', 'pt_BR.UTF-8'],
  ['UTC', 'C.UTF-8'],
  ['Asia/Tokyo', 'ja_JP.UTF-8'],
  ['Europe/Lisbon', 'es_ES.UTF-8'],
]

/** Function bodies run with `now` (epoch milliseconds) as their one variable. */
const SNIPPETS: Record<string, string> = {
  'greeting from the São Paulo time read back with new Date': `
    const sp = new Date(new Date(now).toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' }))
    const h = sp.getHours()
    return [sp.getDate(), h, sp.getMinutes(), h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite']`,
  'greeting from an Intl hour': `
    const h = Number(new Intl.DateTimeFormat('pt-BR', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/Sao_Paulo' }).format(now))
    return h < 12 ? 'Bom dia' : h < 18 ? 'Boa tarde' : 'Boa noite'`,
  'webhook date and time in São Paulo': `
    const d = new Date(now)
    return { data: d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }), hora: d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' }) }`,
  "the host's zone and locale by default": `
    const d = new Date(now)
    return [d.toLocaleDateString('pt-BR'), d.toLocaleTimeString('pt-BR'), d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(),
      d.getHours(), Intl.DateTimeFormat().resolvedOptions(), Date.parse(d.toLocaleString('en-US')), new Date(d.toLocaleString()).getTime()]`,
  'formatToParts in pt-BR and opening hours from it': `
    const parts = Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).formatToParts(new Date(now))
    const en = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(now).map((p) => [p.type, p.value]))
    const open = !['Sat', 'Sun'].includes(en.weekday) && +en.hour >= 9 && +en.hour < 18
    return [parts, en, open, [now, now + 864e5].map(new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format)]`,
  'currencies and numbers': `
    return [(1234.5).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }), new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5),
      (1234.5).toLocaleString('pt-PT', { style: 'currency', currency: 'EUR' }), (0.256).toLocaleString('es-ES', { style: 'percent', maximumFractionDigits: 1 }),
      (1234567.891).toLocaleString('es-MX', { style: 'currency', currency: 'MXN' }), (1234567.891).toLocaleString('es-ES'), (now / 7).toLocaleString(),
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).formatToParts(-1234.56), (12345678901234567890n).toLocaleString('pt-BR'),
      new Intl.NumberFormat('en', { notation: 'compact' }).format(now / 1000), new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).formatRange(3, 5),
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).resolvedOptions(), (-0).toLocaleString(), NaN.toLocaleString('pt-BR'), new Intl.NumberFormat('en').format('12345678901234567890.5')]`,
  'Spanish dates': `
    const d = new Date(now)
    return [d.toLocaleString('es-MX', { dateStyle: 'full', timeStyle: 'long', timeZone: 'America/Mexico_City' }),
      d.toLocaleDateString('es-ES', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }), d.toLocaleTimeString('es-ES'),
      new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', timeZoneName: 'short' }).format(d),
      new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeZone: 'America/Mexico_City' }).formatRange(now, now + 3 * 864e5)]`,
  'plural rules': `
    return [['pt-BR', 'en-US', 'es', 'ar', 'ru'].map((l) => [0, 1, 2, 5, 11, 21, 1.5].map((n) => new Intl.PluralRules(l).select(n)).join()),
      [1, 2, 3, 4, 11, 22].map((n) => new Intl.PluralRules('en', { type: 'ordinal' }).select(n)), new Intl.PluralRules('pt-BR').resolvedOptions()]`,
  'relative time': `
    const days = Math.round((Date.UTC(2026, 11, 25) - now) / 864e5)
    return [new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }).format(days, 'day'), new Intl.RelativeTimeFormat('es', { style: 'short' }).format(-3, 'month'),
      new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }).format(-1, 'day'), new Intl.RelativeTimeFormat('en').formatToParts(-1, 'day')]`,
  'sorting with accents': `
    const words = ['ação', 'acao', 'Açaí', 'abacate', 'zebra', 'Évora', 'eva', 'ñandú', 'nube', 'Óscar', 'ola']
    return [[...words].sort(new Intl.Collator('pt-BR').compare), [...words].sort((a, b) => a.localeCompare(b, 'es')), [...words].sort((a, b) => a.localeCompare(b)),
      ['item10', 'item2', 'Item1'].sort(new Intl.Collator('pt-BR', { numeric: true }).compare), 'a'.localeCompare('á', 'pt', { sensitivity: 'base' }), 'a'.localeCompare('á')]`,
  'lists, names, locales, case': `
    return [new Intl.ListFormat('es', { type: 'disjunction' }).format(['a', 'b', 'c']), new Intl.ListFormat('pt-BR').formatToParts(['um', 'dois']),
      new Intl.DisplayNames(['pt-BR'], { type: 'region' }).of('US'), Intl.getCanonicalLocales(['EN-us', 'pt-br']), Intl.supportedValuesOf('currency').includes('BRL'),
      Intl.DateTimeFormat.supportedLocalesOf(['pt-BR', 'es-MX']), 'istanbul'.toLocaleUpperCase('tr'), 'İSTANBUL'.toLocaleLowerCase('tr-TR'), 'ação'.toLocaleUpperCase()]`,
  'errors of the same types': `
    const d = new Date(now)
    const name = (f) => { try { return f() } catch (e) { return e.name } }
    return [name(() => d.toLocaleString('pt-BR', { timeZone: 'Mars/Olympus' })), name(() => d.toLocaleString('en_US!!')),
      name(() => (1).toLocaleString('pt-BR', { style: 'currency' })), name(() => (1).toLocaleString('pt-BR', { style: 'currency', currency: 'REAL' })),
      name(() => Intl.PluralRules('pt-BR')), name(() => new Intl.DateTimeFormat('pt-BR').format(NaN)), new Date(NaN).toLocaleString('pt-BR'),
      name(() => d.toLocaleDateString('pt-BR', { timeStyle: 'short' })), name(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 200 })),
      name(() => new Intl.ListFormat('pt').format([1])), name(() => Intl.DateTimeFormat.prototype.format), name(() => String.prototype.localeCompare.call(null, 'a'))]`,
}

/** Each snippet for each instant, in the sandbox (the server's worker pool: as an expression and as a script) and in Node: printed as JSON. */
const CHILD = `
const { createSandbox } = await import(${JSON.stringify(pathToFileURL(new URL('../../../src/runtime/sandbox/pool.ts', import.meta.url).pathname).href)})
const [snippets, instants] = JSON.parse(process.argv[1])
const sandbox = await createSandbox({ memoryBytes: 64 * 1024 * 1024, timeoutMs: 5000 })
const out = []
for (const [name, body] of Object.entries(snippets)) {
  for (const now of instants) {
    let node
    try { node = { ok: true, value: JSON.parse(JSON.stringify(new Function('now', body)(now))) } } catch (e) { node = { ok: false, error: e.name } }
    const res = await sandbox.evaluate(body, { now })
    const script = await sandbox.runScript(body, { now })
    out.push({ name, now, node, sandbox: res.ok ? res : { ok: false, error: res.error }, script: script.ok ? { ok: true, value: script.value } : { ok: false, error: script.error } })
  }
}
await sandbox.close()
process.stdout.write(JSON.stringify(out))`

type Outcome = { name: string; now: number; node: unknown; sandbox: unknown; script: unknown }

const runInZone = (zone: string, lang: string): Outcome[] => {
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, JSON.stringify([SNIPPETS, INSTANTS])], {
    env: { ...process.env, TZ: zone, LANG: lang, LC_ALL: undefined, LC_MESSAGES: undefined },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  assert.equal(res.status, 0, res.stderr)
  return JSON.parse(res.stdout)
}

describe('Intl in the sandbox gives V8’s answers', () => {
  for (const [zone, lang] of ZONES) {
    test(`with the host in ${zone}, LANG=${lang}`, () => {
      const outcomes = runInZone(zone, lang)
      assert.equal(outcomes.length, Object.keys(SNIPPETS).length * INSTANTS.length)
      for (const { name, now, node, sandbox, script } of outcomes) {
        assert.deepEqual(sandbox, node, `${name} at ${new Date(now).toISOString()} (TZ=${zone})`)
        assert.deepEqual(script, node, `${name} at ${new Date(now).toISOString()} (TZ=${zone}), as a script`)
      }
      // The snippets are not vacuous: the greeting of the issue, at 06:42 São Paulo time, in every host zone.
      const greeting = outcomes.find((o) => o.name === 'greeting from the São Paulo time read back with new Date' && o.now === INSTANTS[0])
      assert.deepEqual(greeting?.sandbox, { ok: true, value: [28, 6, 42, 'Bom dia'] })
      const webhook = outcomes.find((o) => o.name === 'webhook date and time in São Paulo' && o.now === INSTANTS[0])
      assert.deepEqual(webhook?.sandbox, { ok: true, value: { data: '28/11/2026', hora: '06:42:32' } })
      const defaults = outcomes.find((o) => o.name === "the host's zone and locale by default")?.sandbox as { value: unknown[] }
      assert.equal((defaults.value[6] as { timeZone: string }).timeZone, zone)
      assert.equal((defaults.value[6] as { locale: string }).locale, lang === 'C.UTF-8' ? 'en-US' : lang.slice(0, 5).replace('_', '-'))
    })
  }
})

describe('Intl in the sandbox keeps the limits', () => {
  let sandbox: Sandbox
  before(async () => {
    sandbox = await createSandbox({ memoryBytes: 32 * 1024 * 1024, timeoutMs: 300 })
  })
  after(() => sandbox.close())

  test('absurdly long strings and lists are a RangeError, refused before they cross', async (t) => {
    // Building the strings takes time: a generous deadline, so that a busy machine does not interrupt them first.
    const roomy = await createSandbox({ memoryBytes: 32 * 1024 * 1024, timeoutMs: 30_000 })
    t.after(() => roomy.close())
    for (const code of [
      "'x'.repeat(1 << 21).localeCompare('y')",
      "'x'.repeat(1 << 21).toLocaleUpperCase('tr')",
      "new Intl.DateTimeFormat(Array(1e5).fill('en'))",
      'new Intl.NumberFormat({ length: 1e9 })',
      "new Intl.ListFormat('en').format(Array(1e5).fill('a'))",
      "new Intl.Collator('pt', { collation: 'x'.repeat(1 << 21) })",
    ]) {
      const res = await roomy.evaluate(`try { ${code}; return 'no error' } catch (e) { return e.name }`, {})
      assert.deepEqual(res, { ok: true, value: 'RangeError' }, code)
    }
  })

  test('time spent in the host’s ICU counts against the deadline, and the sandbox goes on', async () => {
    const loop = await sandbox.evaluate(
      "for (let i = 0; ; i++) new Date(i).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'full' })",
      {},
    )
    assert.equal(loop.ok, false)
    assert.match(loop.error ?? '', /interrupted/)
    assert.deepEqual(await sandbox.evaluate("return (1234.5).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })", {}), {
      ok: true,
      value: 'R$\u00a01.234,50',
    })
  })

  test('the bridge answers only well-formed requests, with data', () => {
    const bad = [
      ['["__proto__",[],{}]', '["format",0]'],
      ['["constructor",[],{}]', '["format",0]'],
      ['["NumberFormat",[],{}]', '["constructor"]'],
      ['["NumberFormat",[],{}]', '["__proto__"]'],
      ['["NumberFormat",[{}],{}]', '["format",0]'],
      ['["NumberFormat",[],{"style":{}}]', '["format",0]'],
      ['"static"', '["supportedLocalesOf","Intl",[],{}]'],
      ['"static"', '["eval","1"]'],
      ['not json', '[]'],
    ]
    for (const [key, call] of bad) assert.deepEqual(JSON.parse(answerIntl(key, call)).name, 'TypeError', `${key} ${call}`)
    assert.equal(JSON.parse(answerIntl('x'.repeat(MAX_INTL_CHARS), '[]')).name, 'RangeError')
    assert.deepEqual(JSON.parse(answerIntl('["NumberFormat",["pt-BR"],{"style":"percent"}]', '["format",{"#":"-Infinity"}]')), ['-∞%'])
    assert.deepEqual(JSON.parse(answerIntl('["NumberFormat",["pt-BR"],{}]', '["format",{"#n":"12345678901234567890"}]')), [
      '12.345.678.901.234.567.890',
    ])
  })
})
