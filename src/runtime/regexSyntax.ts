// JavaScript regular expressions rewritten in RE2's syntax with JavaScript's meaning, so that bots' patterns can run
// on a linear-time engine (re2js) and match exactly what `new RegExp(pattern, flags).test(subject)` would. Only
// patterns already accepted by `new RegExp` are given here. What RE2 cannot express with the same meaning —
// backreferences, lookarounds, Unicode properties outside general categories and scripts, Annex B oddities such as
// octal escapes — gets no translation (undefined) and is left to the backtracking engine.
//
// Where the two engines differ, the translation spells JavaScript's meaning out: every literal is written as
// `\x{…}` (RE2 has escapes of its own, `\a`, `\z`, `\Q`…, that JavaScript reads as letters), `\s` and `.` become
// JavaScript's classes (RE2's `\s` lacks `\v`, U+00A0, U+FEFF… and its `.` matches `\r`), and without the `u` flag
// the pattern and the subject are read as UTF-16 code units, as JavaScript does (RE2 reads code points): surrogates
// are moved to a private-use plane (`toUnits`) where RE2 sees one character per code unit. Two differences depend on
// the subject and are checked there (see `differsOn`): `^`/`$` of multiline patterns around `\r`, U+2028 and
// U+2029 (RE2's lines end at `\n` only), and case-insensitive patterns on the few characters whose case folding
// differs between the engines.

export type Re2Pattern = {
  /** The pattern in RE2's syntax. */
  source: string
  /** Uses `^` or `$` (with the `m` flag those read lines, which end at more characters in JavaScript). */
  anchors: boolean
}

type Range = [number, number]
/** A class: code ranges (units without `u`) plus RE2 items that have no ranges here (`\p{…}`). */
type ClassItems = { ranges: Range[]; items: string[] }

const MAX = 0x10ffff
/** JavaScript's `\s` (WhiteSpace and LineTerminator). */
const SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]
const DIGIT: Range[] = [[0x30, 0x39]]
const WORD: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]
/** `\w` with the `i` and `u` flags: also U+017F (ſ) and U+212A (Kelvin sign), which fold into it. */
const WORD_IU: Range[] = [...WORD, [0x17f, 0x17f], [0x212a, 0x212a]]
/** What `.` does not match: JavaScript's line terminators. */
const LINE_END: Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]

/** Where surrogate code units go without the `u` flag: plane 15's private use area, one character per unit. */
const UNIT_PLANE = 0xf0000 - 0xd800
const SURROGATES = /[\ud800-\udfff]/g
/** The subject as the translation of a pattern without the `u` flag reads it: surrogate units moved out of the way. */
export const toUnits = (subject: string): string =>
  SURROGATES.test(subject) ? subject.replace(SURROGATES, (unit) => String.fromCodePoint(unit.charCodeAt(0) + UNIT_PLANE)) : subject

/**
 * Case-insensitive without `u`, JavaScript matches characters whose `toUpperCase` is the same single character; RE2
 * folds by Unicode's simple case folding, which also joins these to others (the Kelvin sign K to k, ſ to s, the
 * Ångström sign to å, ẞ to ß, Greek letters with ypogegrammeni to their capitals…). Leaving them out of patterns
 * and sending subjects that hold one to JavaScript makes the engines agree on every other character (a unit test
 * checks the whole Basic Multilingual Plane).
 */
const FOLDS_APART: Range[] = [
  [0x17f, 0x17f],
  [0x3f4, 0x3f4],
  [0x1e9e, 0x1e9e],
  [0x1f80, 0x1faf],
  [0x1fb3, 0x1fb3],
  [0x1fbc, 0x1fbc],
  [0x1fc3, 0x1fc3],
  [0x1fcc, 0x1fcc],
  [0x1fd3, 0x1fd3],
  [0x1fe3, 0x1fe3],
  [0x1ff3, 0x1ff3],
  [0x1ffc, 0x1ffc],
  [0x2126, 0x2126],
  [0x212a, 0x212b],
  [0xfb05, 0xfb05],
]
const hexRange = ([lo, hi]: Range) =>
  lo === hi ? `\\u${lo.toString(16).padStart(4, '0')}` : `\\u${lo.toString(16).padStart(4, '0')}-\\u${hi.toString(16).padStart(4, '0')}`
/** A subject holding one of `FOLDS_APART` is tested by JavaScript when the pattern ignores case without `u`. */
export const FOLDS_APART_CHARACTER = new RegExp(`[${FOLDS_APART.map(hexRange).join('')}]`)

const GENERAL_CATEGORY = /^(?:(?:General_Category|gc)=)?(C[cfos]?|L[lmotu]?|M[cen]?|N[dlo]?|P[cdefios]?|S[ckmo]?|Z[lps]?)$/
const SCRIPT = /^(?:Script|sc)=([A-Z][A-Za-z_]*)$/

class Untranslatable extends Error {}

/** `pattern` (valid for `new RegExp(pattern, flags)`) in RE2's syntax, or undefined when RE2 cannot mean the same. */
export const toRe2 = (pattern: string, flags: string): Re2Pattern | undefined => {
  try {
    return new Translation(pattern, flags).run()
  } catch (err) {
    if (err instanceof Untranslatable) return undefined
    throw err
  }
}

class Translation {
  private at = 0
  private anchors = false
  private readonly unicode: boolean
  private readonly foldsWords: boolean
  private readonly ignoreCase: boolean
  /** Case-insensitive without `u` (see FOLDS_APART). */
  private readonly foldsApart: boolean

  constructor(
    private readonly pattern: string,
    private readonly flags: string,
  ) {
    this.unicode = flags.includes('u')
    this.ignoreCase = flags.includes('i')
    this.foldsWords = this.unicode && this.ignoreCase
    this.foldsApart = !this.unicode && this.ignoreCase
  }

  run(): Re2Pattern {
    let out = ''
    while (this.at < this.pattern.length) out += this.term()
    // Sticky: the match must start where `lastIndex` is, 0 for a new expression.
    if (this.flags.includes('y')) out = `\\A(?:${out})`
    return { source: out, anchors: this.anchors }
  }

  /** One character of the pattern: a code point with `u`, a code unit without. */
  private next(): number {
    const code = this.unicode ? this.pattern.codePointAt(this.at)! : this.pattern.charCodeAt(this.at)
    this.at += code > 0xffff ? 2 : 1
    return code
  }

  private peek(offset = 0): string {
    return this.pattern[this.at + offset] ?? ''
  }

  private literal(code: number): string {
    if (this.foldsApart && inRanges(code, FOLDS_APART)) return this.render({ ranges: [], items: [] }, false)
    return `\\x{${this.unit(code).toString(16)}}`
  }

  /** A code as RE2 sees it: surrogate units of a pattern without `u` are in the private use plane (see `toUnits`). */
  private unit(code: number): number {
    return !this.unicode && code >= 0xd800 && code <= 0xdfff ? code + UNIT_PLANE : code
  }

  private term(): string {
    const char = this.peek()
    switch (char) {
      case '\\':
        return this.escapeOutsideClass()
      case '[':
        return this.characterClass()
      case '(':
        return this.group()
      case '.':
        this.at++
        return this.render({ ranges: LINE_END, items: [] }, true)
      case '^':
      case '$':
        this.at++
        this.anchors = true
        return char
      case '{': {
        // A quantifier `{n}`, `{n,}`, `{n,m}` (with its lazy `?`), else (without `u`) a literal brace.
        // Counts are emitted as numbers: RE2 reads `{05}` as literal text, JavaScript as `{5}`.
        const quantifier = /^\{(\d+)(,(\d*))?\}(\??)/.exec(this.pattern.slice(this.at))
        if (!quantifier) break
        this.at += quantifier[0].length
        const [, min, comma, max, lazy] = quantifier
        const count = (digits: string) => digits.replace(/^0+(?=\d)/, '')
        return `{${count(min)}${comma ? `,${count(max)}` : ''}}${lazy}`
      }
      case '*':
      case '+':
      case '?':
      case '|':
      case ')':
        this.at++
        return char
    }
    return this.literal(this.next())
  }

  private group(): string {
    this.at++
    if (this.peek() !== '?') return '('
    if (this.peek(1) === ':') {
      this.at += 2
      return '(?:'
    }
    // A named group: the name only matters to backreferences, which are not translated.
    if (this.peek(1) === '<' && this.peek(2) !== '=' && this.peek(2) !== '!') {
      this.at = this.pattern.indexOf('>', this.at) + 1
      return '('
    }
    // Lookarounds, and whatever newer syntax the running V8 accepts.
    throw new Untranslatable()
  }

  private escapeOutsideClass(): string {
    const letter = this.peek(1)
    if (letter === 'b' || letter === 'B') {
      // With `i` and `u`, JavaScript's word characters include ſ and K (see WORD_IU), RE2's do not.
      if (this.foldsWords) throw new Untranslatable()
      this.at += 2
      return `\\${letter}`
    }
    const escaped = this.escape()
    return typeof escaped === 'number' ? this.literal(escaped) : this.render(escaped, false)
  }

  /** After a backslash: a code, or a class (`\d`, `\p{L}`…). */
  private escape(): number | ClassItems {
    this.at++
    const letter = this.peek()
    const classOf = (ranges: Range[], negated: boolean): ClassItems => {
      this.at++
      return { ranges: negated ? complement(ranges, this.unicode ? MAX : 0xffff) : ranges, items: [] }
    }
    switch (letter) {
      case 'd':
        return classOf(DIGIT, false)
      case 'D':
        return classOf(DIGIT, true)
      case 'w':
        return classOf(this.foldsWords ? WORD_IU : WORD, false)
      case 'W':
        return classOf(this.foldsWords ? WORD_IU : WORD, true)
      case 's':
        return classOf(SPACE, false)
      case 'S':
        return classOf(SPACE, true)
      case 'p':
      case 'P':
        return this.property(letter === 'P')
      case 't':
        return this.skip(1, 0x09)
      case 'n':
        return this.skip(1, 0x0a)
      case 'v':
        return this.skip(1, 0x0b)
      case 'f':
        return this.skip(1, 0x0c)
      case 'r':
        return this.skip(1, 0x0d)
      case 'b':
        // Only reached in a class, where it is a backspace.
        return this.skip(1, 0x08)
      case '0':
        // `\0` is NUL; followed by a digit it is an octal escape (Annex B).
        if (/\d/.test(this.peek(1))) throw new Untranslatable()
        return this.skip(1, 0)
      case 'c': {
        const control = this.peek(1)
        if (!/[A-Za-z]/.test(control)) throw new Untranslatable()
        return this.skip(2, control.charCodeAt(0) % 32)
      }
      case 'x': {
        const hex = /^[0-9A-Fa-f]{2}/.exec(this.pattern.slice(this.at + 1))
        if (!hex) throw new Untranslatable()
        return this.skip(3, Number.parseInt(hex[0], 16))
      }
      case 'u':
        return this.unicodeEscape()
      case 'k':
        // A named backreference (or, without `u` and named groups, the letter k: rare enough to leave to JavaScript).
        throw new Untranslatable()
    }
    // Backreferences, and octal escapes without `u`.
    if (/[1-9]/.test(letter)) throw new Untranslatable()
    // `\-` in a class, `\/`, `\.`…, and without `u` any other identity escape (`\a` is "a"): the character itself.
    return this.next()
  }

  private skip(length: number, code: number): number {
    this.at += length
    return code
  }

  private unicodeEscape(): number {
    const rest = this.pattern.slice(this.at + 1)
    const braced = this.unicode ? /^\{([0-9A-Fa-f]+)\}/.exec(rest) : null
    if (braced) return this.skip(braced[0].length + 1, Number.parseInt(braced[1], 16))
    const hex = /^[0-9A-Fa-f]{4}/.exec(rest)
    if (!hex) throw new Untranslatable()
    const code = this.skip(5, Number.parseInt(hex[0], 16))
    // With `u`, `\uD83D\uDE00` is one code point.
    const trail = this.unicode && code >= 0xd800 && code <= 0xdbff ? /^\\u(d[c-f][0-9a-f]{2})/i.exec(this.pattern.slice(this.at)) : null
    if (!trail) return code
    this.at += 6
    return 0x10000 + ((code - 0xd800) << 10) + (Number.parseInt(trail[1], 16) - 0xdc00)
  }

  /** `\p{…}` with `u`: general categories and scripts, which RE2 names alike; case-insensitive ones are left out. */
  private property(negated: boolean): ClassItems {
    const name = /^.\{([^}]*)\}/.exec(this.pattern.slice(this.at))?.[1]
    if (!this.unicode || this.ignoreCase || name === undefined) throw new Untranslatable()
    const re2Name = GENERAL_CATEGORY.exec(name)?.[1] ?? SCRIPT.exec(name)?.[1]
    if (!re2Name) throw new Untranslatable()
    this.at += name.length + 3
    return { ranges: [], items: [`\\${negated ? 'P' : 'p'}{${re2Name}}`] }
  }

  private characterClass(): string {
    this.at++
    const negated = this.peek() === '^'
    if (negated) this.at++
    const all: ClassItems = { ranges: [], items: [] }
    const add = (atom: number | ClassItems) => {
      if (typeof atom === 'number') all.ranges.push([atom, atom])
      else {
        all.ranges.push(...atom.ranges)
        all.items.push(...atom.items)
      }
    }
    while (this.peek() !== ']') {
      const first = this.classAtom()
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '') {
        this.at++
        const last = this.classAtom()
        // `[\d-z]` (without `u`): the dash is literal.
        if (typeof first === 'number' && typeof last === 'number') all.ranges.push([first, last])
        else [first, '-'.charCodeAt(0), last].forEach(add)
      } else add(first)
    }
    this.at++
    return this.render(all, negated)
  }

  private classAtom(): number | ClassItems {
    return this.peek() === '\\' ? this.escape() : this.next()
  }

  /** A class in RE2's syntax; an empty one matches nothing (and negated, any character). */
  private render({ ranges, items }: ClassItems, negated: boolean): string {
    const kept = this.foldsApart ? subtract(ranges, FOLDS_APART) : ranges
    const parts = [...this.units(kept).map(([lo, hi]) => (lo === hi ? this.hex(lo) : `${this.hex(lo)}-${this.hex(hi)}`)), ...items]
    if (parts.length === 0) return negated ? `[\\x{0}-\\x{${MAX.toString(16)}}]` : `[^\\x{0}-\\x{${MAX.toString(16)}}]`
    return `[${negated ? '^' : ''}${parts.join('')}]`
  }

  private hex(code: number): string {
    return `\\x{${code.toString(16)}}`
  }

  /** Ranges as RE2 sees them: without `u`, their surrogate parts moved to the private use plane. */
  private units(ranges: Range[]): Range[] {
    if (this.unicode) return ranges
    const out: Range[] = []
    for (const [lo, hi] of ranges) {
      if (hi < 0xd800 || lo > 0xdfff) {
        out.push([lo, hi])
        continue
      }
      if (lo < 0xd800) out.push([lo, 0xd7ff])
      out.push([this.unit(Math.max(lo, 0xd800)), this.unit(Math.min(hi, 0xdfff))])
      if (hi > 0xdfff) out.push([0xe000, hi])
    }
    return out
  }
}

/** The codes up to `max` outside `ranges`. */
const complement = (ranges: Range[], max: number): Range[] => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const out: Range[] = []
  let from = 0
  for (const [lo, hi] of sorted) {
    if (lo > from) out.push([from, lo - 1])
    from = Math.max(from, hi + 1)
  }
  if (from <= max) out.push([from, max])
  return out
}

/** `ranges` without the codes of `removed`. */
const subtract = (ranges: Range[], removed: Range[]): Range[] => complement([...complement(ranges, MAX), ...removed], MAX)

const inRanges = (code: number, ranges: Range[]) => ranges.some(([lo, hi]) => code >= lo && code <= hi)
