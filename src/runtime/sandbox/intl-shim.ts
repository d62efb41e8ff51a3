// `Intl` for bot code, the sandbox's side: QuickJS has no Intl, and its toLocaleString & co. ignore locales and
// options. This source evaluates (in QuickJS) to a function that takes the host's bridge (./intl-host.ts) and
// installs Intl's classes and the locale-sensitive methods of Date, Number, BigInt and String on top of it. The
// bridge takes two strings and returns one: an instance's identity ([class, locale list, options], as JSON) and a
// call ([method, ...arguments], as JSON); the host answers with V8's own ICU. Everything that V8 does to its
// arguments before ICU sees them (reading options, calling valueOf and toString, iterating lists) happens here, in
// the sandbox, so that only plain values cross and bot code never runs on the host. In the shared expression context
// it is installed before the lockdown freezes it (./quickjs.ts) and captures what it uses then; a script's fresh
// context installs it on first use, after that script's own code may have replaced built-ins it captures. That
// touches only the script itself: the context dies with it, and the host checks every request whatever sent it.

/** The longest request (identity and call) the bridge answers: longer ones are a RangeError in the sandbox. */
export const MAX_INTL_CHARS = 1 << 20
/** The most locales in a locale list, and the most strings in a list given to ListFormat. */
export const MAX_INTL_ITEMS = 1 << 12

export const INTL_SHIM = `(bridge) => {
  // Strict, as V8's built-ins are: \`this\` is never boxed nor replaced by the global object.
  'use strict'
  const { Error, RangeError, TypeError, Object: toObject } = globalThis
  const { stringify, parse } = JSON
  const { apply, construct } = Reflect
  const { create, defineProperty } = Object
  const { min, max, trunc } = Math
  const isArray = Array.isArray
  const now = Date.now
  const getTime = Date.prototype.getTime
  const numberValue = Number.prototype.valueOf
  const bigintValue = BigInt.prototype.valueOf
  const slots = new WeakMap()
  const { get: slotOf, set: setSlot } = WeakMap.prototype
  const toPrimitiveKey = Symbol.toPrimitive
  const errors = create(null)
  errors.RangeError = RangeError
  errors.TypeError = TypeError

  // Numbers JSON cannot carry (NaN, ±Infinity, -0) and BigInts cross as tagged objects.
  const encode = (key, v) => {
    if (typeof v === 'bigint') return { '#n': '' + v }
    if (typeof v === 'number' && (v !== v || v === Infinity || v === -Infinity || (v === 0 && 1 / v < 0))) return { '#': v === 0 ? '-0' : '' + v }
    return v
  }
  const ask = (key, call) => {
    if (key.length + call.length > ${MAX_INTL_CHARS}) throw new RangeError('Intl: argument too long')
    const answer = parse(bridge(key, call))
    if (isArray(answer)) return answer[0]
    throw new (errors[answer.name] ?? Error)(answer.message)
  }
  const request = (method, args) => stringify([method, ...args], encode)
  const tooMany = () => new RangeError('Intl: too many items in a list')

  const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function'
  /** ToPrimitive with the number hint (Intl number values keep BigInts and decimal strings). */
  const toPrimitive = (v) => {
    const exotic = v[toPrimitiveKey]
    if (exotic != null) {
      const r = apply(exotic, v, ['number'])
      if (!isObject(r)) return r
    } else {
      for (const name of ['valueOf', 'toString']) {
        const f = v[name]
        if (typeof f === 'function') {
          const r = apply(f, v, [])
          if (!isObject(r)) return r
        }
      }
    }
    throw new TypeError('Cannot convert object to primitive value')
  }
  const toNumber = (v) => +v
  const toText = (v) => \`\${v}\`
  const dateValue = (d) => (d === undefined ? now() : +d)
  const mathValue = (v) => {
    const p = isObject(v) ? toPrimitive(v) : v
    return typeof p === 'bigint' || typeof p === 'string' ? p : +p
  }
  const range = (convert) => (a, b) => {
    if (a === undefined || b === undefined) throw new TypeError('Intl: a range needs a start and an end')
    return [convert(a), convert(b)]
  }
  const strings = (list) => {
    const out = []
    if (list === undefined) return out
    for (const item of list) {
      if (typeof item !== 'string') throw new TypeError('Iterable yielded a value which is not a string')
      if (out.push(item) > ${MAX_INTL_ITEMS}) throw tooMany()
    }
    return out
  }

  /** CanonicalizeLocaleList's reading part; the host canonicalises (and refuses invalid tags). */
  const localeList = (locales) => {
    if (locales === undefined) return []
    if (typeof locales === 'string') return [locales]
    if (locales === null) throw new TypeError('Cannot convert undefined or null to object')
    const o = toObject(locales)
    const length = min(max(trunc(+o.length) || 0, 0), 2 ** 53 - 1)
    if (length > ${MAX_INTL_ITEMS}) throw tooMany()
    const out = []
    for (let k = 0; k < length; k++) {
      if (!(k in o)) continue
      const v = o[k]
      if (typeof v !== 'string' && !isObject(v)) throw new TypeError('Language ID should be string or object.')
      out.push(toText(v))
    }
    return out
  }

  /** Option names of a class; ':n' marks a number option, ':b' a boolean one (the rest are strings). */
  const optionReader = (spec) => {
    const kinds = spec.split(' ').map((s) => s.split(':'))
    return (options) => {
      if (options === undefined) return {}
      if (options === null) throw new TypeError('Cannot convert undefined or null to object')
      const o = toObject(options)
      const out = {}
      for (const [name, kind] of kinds) {
        const v = o[name]
        if (v === undefined) continue
        if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string')
        out[name] = !isObject(v) ? v : kind === 'n' ? toNumber(v) : kind === 'b' ? true : toText(v)
      }
      return out
    }
  }
  const number = 'minimumIntegerDigits:n minimumFractionDigits:n maximumFractionDigits:n minimumSignificantDigits:n maximumSignificantDigits:n roundingPriority roundingIncrement:n roundingMode trailingZeroDisplay'
  const dateOptions = optionReader('localeMatcher calendar numberingSystem hour12:b hourCycle timeZone weekday era year month day dayPeriod hour minute second fractionalSecondDigits:n timeZoneName formatMatcher dateStyle timeStyle')
  const numberOptions = optionReader('localeMatcher numberingSystem style currency currencyDisplay currencySign unit unitDisplay notation compactDisplay useGrouping signDisplay ' + number)
  const collatorOptions = optionReader('usage localeMatcher collation numeric:b caseFirst sensitivity ignorePunctuation:b')
  const matcherOptions = optionReader('localeMatcher')

  const slot = (self, name) => {
    const s = isObject(self) ? apply(slotOf, slots, [self]) : undefined
    if (s?.name !== name) throw new TypeError('Method Intl.' + name + '.prototype method called on incompatible receiver')
    return s
  }
  const method = (target, name, fn, length = fn.length) => {
    defineProperty(fn, 'length', { value: length, configurable: true })
    defineProperty(target, name, { value: fn, writable: true, configurable: true })
  }

  const Intl = {}
  /**
   * A class: \`legacy\` ones may be called without \`new\`; \`bound\` is the getter that returns a function bound to
   * the instance (format, compare); \`methods\` convert their arguments before they cross.
   */
  const define = (name, { legacy = false, options, bound, methods = {} }) => {
    const Class = function (locales, opts) {
      if (new.target === undefined && !legacy) throw new TypeError("Constructor Intl." + name + " requires 'new'")
      const self = create((new.target ?? Class).prototype)
      const key = stringify([name, localeList(locales), options(opts)], encode)
      const resolved = stringify(ask(key, '["resolvedOptions"]'))
      apply(setSlot, slots, [self, { name, key, resolved, bound: undefined }])
      return self
    }
    defineProperty(Class, 'name', { value: name, configurable: true })
    const proto = Class.prototype
    defineProperty(Class, 'prototype', { writable: false })
    defineProperty(proto, Symbol.toStringTag, { value: 'Intl.' + name, configurable: true })
    method(proto, 'resolvedOptions', function resolvedOptions() {
      return parse(slot(this, name).resolved)
    })
    for (const [m, convert] of Object.entries(methods)) {
      method(proto, m, { [m](a, b) { const s = slot(this, name); return ask(s.key, request(m, convert(a, b))) } }[m], convert.length)
    }
    if (bound) {
      const [m, convert] = bound
      defineProperty(proto, m, {
        get: { [m]() {
          const s = slot(this, name)
          s.bound ??= (a, b) => ask(s.key, request(m, convert(a, b)))
          return s.bound
        } }[m],
        configurable: true,
      })
    }
    method(Class, 'supportedLocalesOf', function supportedLocalesOf(locales, opts) {
      return ask('"static"', request('supportedLocalesOf', [name, localeList(locales), matcherOptions(opts)]))
    }, 1)
    defineProperty(Intl, name, { value: Class, writable: true, configurable: true })
  }

  define('DateTimeFormat', {
    legacy: true,
    options: dateOptions,
    bound: ['format', (d) => [dateValue(d)]],
    methods: { formatToParts: (d) => [dateValue(d)], formatRange: range(dateValue), formatRangeToParts: range(dateValue) },
  })
  define('NumberFormat', {
    legacy: true,
    options: numberOptions,
    bound: ['format', (x) => [mathValue(x)]],
    methods: { formatToParts: (x) => [mathValue(x)], formatRange: range(mathValue), formatRangeToParts: range(mathValue) },
  })
  define('Collator', { legacy: true, options: collatorOptions, bound: ['compare', (x, y) => [toText(x), toText(y)]] })
  define('PluralRules', {
    options: optionReader('localeMatcher type ' + number),
    methods: { select: (n) => [toNumber(n)], selectRange: range(toNumber) },
  })
  const relative = (value, unit) => [toNumber(value), toText(unit)]
  define('RelativeTimeFormat', {
    options: optionReader('localeMatcher numberingSystem style numeric'),
    methods: { format: relative, formatToParts: relative },
  })
  define('ListFormat', {
    options: optionReader('localeMatcher type style'),
    methods: { format: (list) => [strings(list)], formatToParts: (list) => [strings(list)] },
  })
  define('DisplayNames', { options: optionReader('localeMatcher style type fallback languageDisplay'), methods: { of: (code) => [toText(code)] } })
  method(Intl, 'getCanonicalLocales', function getCanonicalLocales(locales) {
    return ask('"static"', request('getCanonicalLocales', [localeList(locales)]))
  })
  method(Intl, 'supportedValuesOf', function supportedValuesOf(key) {
    return ask('"static"', request('supportedValuesOf', [toText(key)]))
  })
  defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true })
  defineProperty(globalThis, 'Intl', { value: Intl, writable: true, configurable: true })

  // The locale-sensitive methods of the other built-ins, as V8 defines them: through the same classes (their
  // instances are cached on the host by identity, so a call costs one bridge crossing).
  for (const m of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
    method(Date.prototype, m, { [m](locales, options) {
      const t = apply(getTime, this, [])
      if (t !== t) return 'Invalid Date'
      return ask(stringify(['Date.' + m, localeList(locales), dateOptions(options)], encode), request('format', [t]))
    } }[m], 0)
  }
  const numberToLocale = (valueOf) => function toLocaleString(locales, options) {
    const x = apply(valueOf, this, [])
    return ask(stringify(['NumberFormat', localeList(locales), numberOptions(options)], encode), request('format', [x]))
  }
  method(Number.prototype, 'toLocaleString', numberToLocale(numberValue), 0)
  method(BigInt.prototype, 'toLocaleString', numberToLocale(bigintValue), 0)
  const coercible = (self, m) => {
    if (self == null) throw new TypeError('String.prototype.' + m + ' called on null or undefined')
    return toText(self)
  }
  method(String.prototype, 'localeCompare', function localeCompare(that, locales, options) {
    const s = coercible(this, 'localeCompare')
    const t = toText(that)
    return ask(stringify(['Collator', localeList(locales), collatorOptions(options)], encode), request('compare', [s, t]))
  }, 1)
  for (const m of ['toLocaleUpperCase', 'toLocaleLowerCase']) {
    method(String.prototype, m, { [m](locales) {
      const s = coercible(this, m)
      return ask('"static"', request(m, [s, localeList(locales)]))
    } }[m], 0)
  }
}`

/**
 * V8's date parser takes any white space between the parts, as its own toLocaleString writes them (U+202F before
 * AM/PM); QuickJS's only takes ASCII spaces. Strings given to Date and Date.parse get ASCII spaces, so that
 * `new Date(new Date().toLocaleString('en-US', { timeZone }))` reads back as in V8. Evaluates to a function.
 */
export const DATE_PARSE_SHIM = `() => {
  'use strict'
  const { construct } = Reflect
  const { defineProperty } = Object
  const method = (target, name, fn) => defineProperty(target, name, { value: fn, writable: true, configurable: true })
  const NativeDate = Date
  const nativeParse = Date.parse
  const space = /\\s/g
  const spaced = (s) => s.replace(space, ' ')
  const Wrapped = function Date(...args) {
    if (new.target === undefined) return NativeDate()
    if (args.length === 1 && typeof args[0] === 'string') args[0] = spaced(args[0])
    return construct(NativeDate, args, new.target)
  }
  defineProperty(Wrapped, 'length', { value: 7, configurable: true })
  defineProperty(Wrapped, 'prototype', { value: NativeDate.prototype, writable: false })
  method(Wrapped, 'parse', function parse(s) { return nativeParse(spaced(\`\${s}\`)) })
  method(Wrapped, 'UTC', NativeDate.UTC)
  method(Wrapped, 'now', NativeDate.now)
  method(NativeDate.prototype, 'constructor', Wrapped)
  defineProperty(globalThis, 'Date', { value: Wrapped, writable: true, configurable: true })
}`

/**
 * For contexts made for one run (scripts), where compiling the whole shim would cost every run ~1 ms: stubs that
 * install it (through \`load\`, which the host answers) the first time bot code touches \`Intl\` or calls one of
 * the locale-sensitive methods, then behave as the real ones.
 */
export const LAZY_INTL_SHIM = `(load) => {
  'use strict'
  const { apply } = Reflect
  const { defineProperty } = Object
  let loaded = false
  const install = () => {
    if (!loaded) load()
    loaded = true
  }
  defineProperty(globalThis, 'Intl', {
    get() { install(); return globalThis.Intl },
    set(value) { install(); globalThis.Intl = value },
    configurable: true,
  })
  const stubs = [
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Number.prototype, ['toLocaleString']],
    [BigInt.prototype, ['toLocaleString']],
    [String.prototype, ['localeCompare', 'toLocaleUpperCase', 'toLocaleLowerCase']],
  ]
  for (const [target, names] of stubs) {
    for (const name of names) {
      const stub = { [name](...args) { install(); return apply(target[name], this, args) } }[name]
      defineProperty(stub, 'length', { value: name === 'localeCompare' ? 1 : 0, configurable: true })
      defineProperty(target, name, { value: stub, writable: true, configurable: true })
    }
  }
}`
