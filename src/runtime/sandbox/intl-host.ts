// `Intl` for bot code, the host's side: answers the sandbox's shim (./intl-shim.ts) with V8's own Intl, so that
// bot code gets the answers it would get in Typebot's V8 — locales, time zones, currencies — with the defaults of
// this process (its TZ and locale). Only strings cross: an instance's identity and a call, both JSON, and a JSON
// answer ([result], or { name, message } for an error, which the shim throws as the same RangeError or TypeError).
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten'
import { DATE_PARSE_SHIM, INTL_SHIM, LAZY_INTL_SHIM, MAX_INTL_CHARS } from './intl-shim.js'

type Formatter = Record<string, (...args: unknown[]) => unknown>

const CLASSES: Record<string, { create: (locales: string[], options: Record<string, unknown>) => object; methods: string[] }> = {
  DateTimeFormat: {
    create: (l, o) => new Intl.DateTimeFormat(l, o),
    methods: ['format', 'formatToParts', 'formatRange', 'formatRangeToParts'],
  },
  NumberFormat: {
    create: (l, o) => new Intl.NumberFormat(l, o),
    methods: ['format', 'formatToParts', 'formatRange', 'formatRangeToParts'],
  },
  Collator: { create: (l, o) => new Intl.Collator(l, o), methods: ['compare'] },
  PluralRules: { create: (l, o) => new Intl.PluralRules(l, o), methods: ['select', 'selectRange'] },
  RelativeTimeFormat: { create: (l, o) => new Intl.RelativeTimeFormat(l, o), methods: ['format', 'formatToParts'] },
  ListFormat: { create: (l, o) => new Intl.ListFormat(l, o as Intl.ListFormatOptions), methods: ['format', 'formatToParts'] },
  DisplayNames: { create: (l, o) => new Intl.DisplayNames(l, o as unknown as Intl.DisplayNamesOptions), methods: ['of'] },
  // Date.prototype.toLocale…String(locales, options) is a DateTimeFormat over options completed as ECMA-402's
  // ToDateTimeOptions does for each: [what the options must ask for, what is added when they ask for nothing].
  'Date.toLocaleString': { create: (l, o) => new Intl.DateTimeFormat(l, dateTimeOptions(o, 'any', 'all')), methods: ['format'] },
  'Date.toLocaleDateString': { create: (l, o) => new Intl.DateTimeFormat(l, dateTimeOptions(o, 'date', 'date')), methods: ['format'] },
  'Date.toLocaleTimeString': { create: (l, o) => new Intl.DateTimeFormat(l, dateTimeOptions(o, 'time', 'time')), methods: ['format'] },
}

const DATE_FIELDS = ['weekday', 'year', 'month', 'day']
const TIME_FIELDS = ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits']

const dateTimeOptions = (options: Record<string, unknown>, required: 'any' | 'date' | 'time', defaults: 'all' | 'date' | 'time') => {
  const out = { ...options }
  const asks = (fields: string[]) => fields.some((f) => out[f] !== undefined)
  let needDefaults = !((required !== 'time' && asks(DATE_FIELDS)) || (required !== 'date' && asks(TIME_FIELDS)))
  if (out.dateStyle !== undefined || out.timeStyle !== undefined) needDefaults = false
  if (required === 'date' && out.timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle')
  if (required === 'time' && out.dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle')
  if (needDefaults && defaults !== 'time') Object.assign(out, { year: 'numeric', month: 'numeric', day: 'numeric' })
  if (needDefaults && defaults !== 'date') Object.assign(out, { hour: 'numeric', minute: 'numeric', second: 'numeric' })
  return out
}

/** The shim's tagged numbers (NaN, ±Infinity, -0) and BigInts back to values. */
const revive = (_key: string, value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const tagged = value as Record<string, unknown>
  if (typeof tagged['#'] === 'string') return Number(tagged['#'])
  if (typeof tagged['#n'] === 'string') return BigInt(tagged['#n'])
  return value
}

const badRequest = () => new TypeError('Intl: bad request')

/** A request's JSON (the shim always sends valid JSON: anything else is a bad request, not a host error). */
const decode = (text: string): unknown => {
  try {
    return JSON.parse(text, revive)
  } catch {
    throw badRequest()
  }
}

const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof v)

/**
 * V8's Intl objects by identity (the same class, locales and options always build the same one): building one
 * costs 20–100 µs, a call on it ~1 µs. Per worker thread, bounded like the sandbox's compiled bodies (a
 * DateTimeFormat holds ~50 kB of ICU data: 100 of them stay within a few MB).
 */
const formatters = new Map<string, { formatter: Formatter; methods: string[] }>()
const CACHED_KEY_CHARS = 2000
const CACHED_FORMATTERS = 100

const formatterOf = (key: string) => {
  const cached = formatters.get(key)
  if (cached) return cached
  const identity = decode(key)
  if (!Array.isArray(identity) || identity.length !== 3) throw badRequest()
  const [name, locales, options] = identity as [unknown, unknown, unknown]
  const kind = typeof name === 'string' && Object.hasOwn(CLASSES, name) ? CLASSES[name] : undefined
  if (!kind || !Array.isArray(locales) || !locales.every((l) => typeof l === 'string')) throw badRequest()
  if (typeof options !== 'object' || options === null || Array.isArray(options) || !Object.values(options).every(isPrimitive)) throw badRequest()
  const entry = { formatter: kind.create(locales, options as Record<string, unknown>) as Formatter, methods: kind.methods }
  if (key.length <= CACHED_KEY_CHARS) {
    if (formatters.size >= CACHED_FORMATTERS) formatters.clear()
    formatters.set(key, entry)
  }
  return entry
}

const strings = (list: unknown): string[] => {
  if (!Array.isArray(list) || !list.every((l) => typeof l === 'string')) throw badRequest()
  return list
}

/** Intl's functions that belong to no instance, and String's locale-sensitive case mappings. */
const staticCall = (method: unknown, args: unknown[]): unknown => {
  switch (method) {
    case 'getCanonicalLocales':
      return Intl.getCanonicalLocales(strings(args[0]))
    case 'supportedValuesOf':
      return Intl.supportedValuesOf(String(args[0]) as Parameters<typeof Intl.supportedValuesOf>[0])
    case 'supportedLocalesOf': {
      const [name, locales, options] = args
      const Class = typeof name === 'string' && name in Intl ? (Intl as unknown as Record<string, unknown>)[name] : undefined
      if (typeof Class !== 'function' || !Object.hasOwn(CLASSES, name as string)) throw badRequest()
      return (Class as unknown as { supportedLocalesOf: (l: string[], o: unknown) => string[] }).supportedLocalesOf(strings(locales), options)
    }
    case 'toLocaleUpperCase':
      return String(args[0]).toLocaleUpperCase(strings(args[1]))
    case 'toLocaleLowerCase':
      return String(args[0]).toLocaleLowerCase(strings(args[1]))
  }
  throw badRequest()
}

/** Answers one request of the shim: `key` is an instance's identity (or "static"), `call` [method, ...args]. */
export const answerIntl = (key: string, call: string): string => {
  try {
    if (key.length + call.length > MAX_INTL_CHARS) throw new RangeError('Intl: argument too long')
    const request = decode(call)
    if (!Array.isArray(request)) throw badRequest()
    const [method, ...args] = request
    if (key === '"static"') return JSON.stringify([staticCall(method, args)])
    const { formatter, methods } = formatterOf(key)
    if (method === 'resolvedOptions') return JSON.stringify([(formatter as unknown as { resolvedOptions(): unknown }).resolvedOptions()])
    if (typeof method !== 'string' || !methods.includes(method)) throw badRequest()
    return JSON.stringify([formatter[method](...args)])
  } catch (err) {
    // The error as V8 gave it (its message names the invalid value, nothing of the host); the shim throws it again.
    const name = err instanceof RangeError ? 'RangeError' : err instanceof TypeError ? 'TypeError' : 'Error'
    return JSON.stringify({ name, message: err instanceof Error ? err.message : 'Intl failed' })
  }
}

/** Evaluates a shim's source (a function) and calls it with `args`. */
const runShim = (vm: QuickJSContext, source: string, ...args: QuickJSHandle[]) => {
  const shim = vm.unwrapResult(vm.evalCode(source, 'intl.js'))
  const result = vm.callFunction(shim, vm.undefined, ...args)
  shim.dispose()
  vm.unwrapResult(result).dispose()
}

/**
 * Installs Intl in a context before its lockdown: the bridge is handed to the shim, never put on the global object.
 * `lazy` (contexts made for one run) installs stubs that compile the shim only if bot code uses it.
 */
export const installIntl = (vm: QuickJSContext, { lazy = false } = {}) => {
  runShim(vm, DATE_PARSE_SHIM)
  const install = () => {
    const bridge = vm.newFunction('intl', (key, call) => {
      if (vm.typeof(key) !== 'string' || vm.typeof(call) !== 'string') return vm.newString(answerIntl('', ''))
      return vm.newString(answerIntl(vm.getString(key), vm.getString(call)))
    })
    try {
      runShim(vm, INTL_SHIM, bridge)
    } finally {
      bridge.dispose()
    }
  }
  if (!lazy) return install()
  const load = vm.newFunction('load', install)
  try {
    runShim(vm, LAZY_INTL_SHIM, load)
  } finally {
    load.dispose()
  }
}
