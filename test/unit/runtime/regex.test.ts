// The regex tester answers what JavaScript's RegExp answers, whichever engine runs the test: RE2 in this thread when
// it can mean the same (synchronous answers), JavaScript in the worker otherwise.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import fc from 'fast-check'
import { createRegexTester, parseLiteral } from '../../../src/runtime/regex.js'
import type { RegexVerdict } from '../../../src/engine/types.js'

const regex = createRegexTester()
after(() => regex.close())

const native = (pattern: string, flags: string, subject: string): boolean | null => {
  try {
    return new RegExp(pattern, flags).test(subject)
  } catch {
    return null
  }
}

/** The tester's verdict, and whether it came at once (RE2) rather than from the worker. */
const tested = async (pattern: string, flags: string, subject: string): Promise<{ verdict: boolean | null; inProcess: boolean }> => {
  const result = regex.test(`/${pattern}/${flags}`, subject, 1_000)
  const inProcess = !(result instanceof Promise)
  const { verdict, timedOut } = (await result) as RegexVerdict
  assert.equal(timedOut, false, `/${pattern}/${flags} on ${JSON.stringify(subject.slice(0, 40))} timed out`)
  return { verdict, inProcess }
}

const SUBJECTS = [
  '',
  'abc',
  'ABC',
  'order-1234',
  'a\nb',
  'a\r\nb',
  'line\u2028next',
  'tab\there',
  'v\u000bt',
  'non\u00a0breaking',
  'bom\ufeff',
  'ideographic\u3000space',
  'caf\u00e9',
  'CAF\u00c9',
  'stra\u00dfe',
  'STRA\u1e9eE',
  '\u017fs',
  'kelvin \u212a k K',
  '\u00c5ngstr\u00f6m \u212b',
  '\u03c9\u03a9\u2126',
  '\u03b8\u03d1\u03f4',
  'emoji \u{1f600}!',
  '\u{1f600}',
  '\u{10400}\u{10428}',
  'lone \ud83d here',
  'x/y',
  'a{2}',
  '{',
  ']',
  'p{L}',
  '\u0007\u001b',
  '01234',
  'foo.bar',
  'a-b_c d',
  'a]',
  ':]',
  'Q.C',
  'xz',
  '75001',
  'a',
  'aa',
]

// Patterns with what they exercise: syntax both engines have, JavaScript's own meanings (\s, ., \a, \cX, octal,
// Annex B braces), flags, surrogates, case folding, and what only JavaScript can run (backreferences, lookarounds).
const PATTERNS = [
  '^order-\\d+$',
  'b',
  '^b$',
  '^a$',
  'a$',
  '^$',
  '.',
  '^.$',
  '^..$',
  '^.+$',
  '\\s',
  '\\S+',
  '^\\S+$',
  '[\\s]',
  '[^\\s]',
  '[\\S]',
  '\\w+',
  '^\\w+$',
  '\\W',
  '[\\W\\d]',
  '\\bk\\b',
  '\\Bb',
  '\\d{2,3}',
  '\\D',
  '[a-z]+',
  '[^a-z]',
  '[A-Z]',
  '[\\u2100-\\u2200]',
  '[^\\u212a]',
  '\\u212a',
  'k',
  'K',
  's',
  '\u017f',
  '\u00df',
  '\u1e9e',
  '\u00e5',
  '\u03c9',
  '\u03b8',
  '[\u03b8]',
  '\u00e9',
  '[\u00e0-\u00ff]',
  '\\u00e9',
  '\\x41',
  '\\cG',
  '\\0',
  '\\a',
  '\\e',
  '\\z',
  'x\\z',
  '\\A',
  '\\Q.',
  '\\C',
  '[[:alpha:]]',
  '[[:alpha:]]+',
  '\\/',
  'x\\/y',
  '\\.',
  'a{2}',
  'a{',
  '{',
  ']',
  '}',
  'a{,2}',
  '[\\b]',
  '[]',
  '[^]',
  '^[^]$',
  '[\\d-z]',
  '[-a]',
  '[a-]',
  '\\u{1f600}',
  '\\ud83d\\ude00',
  '^\\ud83d',
  '[\\ud800-\\udbff]',
  '[\\ud83d\\ude00]',
  '\u{1f600}',
  '[\u{1f600}]',
  '\u{10400}',
  '\\p{L}',
  '^\\p{L}+$',
  '\\p{Lu}',
  '\\P{L}',
  '\\p{Script=Greek}',
  '\\p{sc=Latin}',
  '[\\p{N}x]',
  '\\p{Letter}',
  '\\p{Alphabetic}',
  '(?<word>\\w+)',
  '(?:ab|cd)',
  'a|b|',
  '(a+)+$',
  'a*?b',
  '\\1',
  '(a)\\1',
  '(.)\\1',
  '(?<x>.)\\k<x>',
  '\\k',
  'a(?=b)',
  'a(?!b)',
  '(?<=a)b',
  '(?<!a)b',
  '\\8',
  '\\01',
  '\\c1',
  '\\xZ',
  '\\u12',
  '\\u{41}',
  'a{1001}',
  // Leading zeros in counts: JavaScript reads `{05}` as `{5}`.
  '^\\d{05}$',
  'a{01}',
  'a{1,02}',
  'a{00,}',
]
const FLAGS = ['', 'i', 'm', 'u', 'y', 'g', 'im', 'iu', 'mu', 'imu', 'gy']

test('regex: every pattern, flag and subject gets the verdict of JavaScript (invalid: null)', async () => {
  let inProcess = 0
  let total = 0
  for (const pattern of PATTERNS)
    for (const flags of FLAGS)
      for (const subject of SUBJECTS) {
        const result = await tested(pattern, flags, subject)
        assert.equal(result.verdict, native(pattern, flags, subject), `/${pattern}/${flags} on ${JSON.stringify(subject)}`)
        total++
        if (result.inProcess) inProcess++
      }
  // Most of them on RE2 (the rest are backreferences, lookarounds, properties JavaScript reads its own way…).
  assert.ok(inProcess > total * 0.75, `${inProcess} of ${total} in process`)
})

test('regex: what runs in process and what needs the worker', async () => {
  const inProcess = async (pattern: string, flags: string, subject: string) => (await tested(pattern, flags, subject)).inProcess
  for (const [pattern, flags, subject] of [
    ['^order-\\d+$', '', 'order-12'],
    ['(a+)+$', '', `${'a'.repeat(40)}!`],
    ['^\\p{L}$', 'u', 'é'],
    ['^.$', '', '\u{1f600}'],
    ['^b$', 'm', 'a\nb'],
    ['caf[ée]', 'i', 'CAFÉ'],
    ['ab', 'y', 'ab'],
  ])
    assert.equal(await inProcess(pattern, flags, subject), true, `/${pattern}/${flags}`)
  for (const [pattern, flags, subject] of [
    ['(a)\\1', '', 'aa'],
    ['a(?=b)', '', 'ab'],
    ['(?<=a)b', '', 'ab'],
    ['\\p{Alphabetic}', 'u', 'a'],
    // Subjects on which the engines would differ: lines ended by \r for ^/$ with m, ſ and K for i without u.
    ['^b$', 'm', 'a\r\nb'],
    ['s', 'i', '\u017f'],
    // Too long for a quick linear pass with this pattern: the worker's deadline bounds it.
    ['\\w{1,1000}x', '', 'a'.repeat(200)],
    // Programs too large to compile in this thread: long patterns, large repetition counts.
    [`(?:${Array.from({ length: 500 }, (_, i) => `x${i}`).join('|')})$`, '', 'ax299'],
    ['^[\\s\\S]{1000}y$', '', `${'a'.repeat(1000)}y`],
    ['^(?:a{50}){50}$', '', 'a'.repeat(2500)],
  ])
    assert.equal(await inProcess(pattern, flags, subject), false, `/${pattern}/${flags}`)
})

const BMP = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))

test('regex: classes and the dot read every character of the BMP as JavaScript does', async () => {
  for (const [pattern, flags] of [
    ['^\\s$', ''],
    ['^\\S$', ''],
    ['^.$', ''],
    ['^.$', 'u'],
    ['^\\w$', ''],
    ['^\\W$', 'iu'],
    ['^\\d$', ''],
    ['^[^\\s\\d]$', ''],
    ['^[\\W]$', 'i'],
  ])
    for (const subject of BMP) {
      if (flags.includes('u') && !subject.isWellFormed()) continue
      const result = regex.test(`/${pattern}/${flags}`, subject, 1_000)
      if (result instanceof Promise) continue
      assert.equal(result.verdict, native(pattern, flags, subject), `/${pattern}/${flags} on U+${subject.charCodeAt(0).toString(16)}`)
    }
})

test('regex: case-insensitive matches agree with JavaScript on every cased character of the BMP', async () => {
  // Each cased character against every character sharing its lower or upper case, as a literal and in a class.
  const byCase = new Map<string, string[]>()
  for (const char of BMP) {
    if (!char.isWellFormed()) continue
    for (const key of [`l${char.toLowerCase()}`, `u${char.toUpperCase()}`]) byCase.set(key, [...(byCase.get(key) ?? []), char])
  }
  let checked = 0
  for (const char of BMP) {
    if (!char.isWellFormed() || (char.toLowerCase() === char && char.toUpperCase() === char)) continue
    const related = new Set([...(byCase.get(`l${char.toLowerCase()}`) ?? []), ...(byCase.get(`u${char.toUpperCase()}`) ?? [])])
    for (const other of [...related]) for (const more of byCase.get(`l${other.toLowerCase()}`) ?? []) related.add(more)
    const escaped = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    for (const pattern of [`^${escaped}$`, `^[${escaped}]$`, `^[^${escaped}]$`])
      for (const flags of ['i', 'iu'])
        for (const subject of related) {
          const result = regex.test(`/${pattern}/${flags}`, subject, 1_000)
          const verdict = result instanceof Promise ? (await result).verdict : result.verdict
          assert.equal(verdict, native(pattern, flags, subject), `/${pattern}/${flags} on U+${subject.charCodeAt(0).toString(16)}`)
          checked++
        }
  }
  assert.ok(checked > 10_000)
})

// Typebot's reading of `/pattern/flags`, which the tester parses without its quadratic backtracking.
const TYPEBOT_LITERAL = /\/(.+)\/([gimuy]*)$/

test("regex: /pattern/flags is read exactly as Typebot's regex reads it", () => {
  const char = fc.constantFrom('/', 'a', 'g', 'i', '\n', '\r', '\u2028', 'x', 'm', 'u', 'y')
  fc.assert(
    fc.property(fc.array(char, { maxLength: 14 }), (chars) => {
      const source = chars.join('')
      const expected = TYPEBOT_LITERAL.exec(source)
      assert.deepEqual(parseLiteral(source), expected ? { pattern: expected[1], flags: expected[2] } : undefined, JSON.stringify(source))
    }),
    { numRuns: 20_000 },
  )
  for (const source of ['/a/', '//', '///', '/\n/', 'x/a\n/b/gi', '/a/b/c/gimuyx', 'a/b/'])
    assert.deepEqual(
      parseLiteral(source),
      TYPEBOT_LITERAL.exec(source) ? { pattern: TYPEBOT_LITERAL.exec(source)![1], flags: TYPEBOT_LITERAL.exec(source)![2] } : undefined,
      source,
    )
})

test('regex: a long /a/a/a… source is parsed in linear time', { timeout: 10_000 }, () => {
  // `q` is no flag: not a literal, the whole text is the pattern.
  assert.equal(parseLiteral(`${'/a'.repeat(500_000)}/q`), undefined)
  const literal = parseLiteral(`${'/a'.repeat(500_000)}/g`)
  assert.equal(literal?.flags, 'g')
  assert.equal(literal?.pattern.length, 999_999)
})

test("regex: a huge alternation of large repetitions gets JavaScript's verdict from the worker, not compiled here", async () => {
  const pattern = `^(?:${Array.from({ length: 1300 }, (_, i) => `[\\s\\S]{1000}${i}`).join('|')})$`
  for (const subject of [`${'z'.repeat(1000)}1299`, `${'z'.repeat(1000)}1300`, 'short']) {
    const result = await tested(pattern, '', subject)
    assert.equal(result.inProcess, false)
    assert.equal(result.verdict, native(pattern, '', subject))
  }
})

test('regex: close() answers a test waiting on the worker at once, with no verdict, and starts no worker', { timeout: 10_000 }, async () => {
  const closing = createRegexTester()
  // A catastrophic backreference: without close() it would run until its 60 s deadline.
  const waiting = closing.test('^(a+)+\\1b', `${'a'.repeat(40)}!`, 60_000)
  const queued = closing.test('(a)\\1', 'aa', 60_000)
  await new Promise((resolve) => setTimeout(resolve, 200))
  await closing.close()
  const answered = await waiting
  assert.equal(answered.verdict, null)
  assert.equal(answered.timedOut, false)
  assert.equal((await queued).verdict, null)
  assert.equal((await closing.test('(a)\\1', 'aa', 1_000)).verdict, null)
})
