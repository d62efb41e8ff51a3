// Typebot's own exports (templates and test assets) are not part of the project: they are read from the folder
// PARLEY_TYPEBOT_FIXTURES (default ../shared/fixtures/typebot, relative to the repository root). Tests that need
// them go through `fixtureTests` / `describeWithFixtures`, so a bare clone skips them, with one line per group
// saying so, instead of failing.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, test, type TestContext } from 'node:test'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const fixturesDir = resolve(repoRoot, process.env.PARLEY_TYPEBOT_FIXTURES || join('..', 'shared', 'fixtures', 'typebot'))

export const fixturesAvailable = existsSync(fixturesDir)

const SKIP_REASON = 'needs the Typebot fixtures'

/** One line per skipped group, printed once the file has registered its tests (so the count is known). */
const announce = (what: () => string) =>
  setImmediate(() => console.log(`# Typebot fixtures not found at ${fixturesDir} (set PARLEY_TYPEBOT_FIXTURES): ${what()}`))

type TestFn = (t: TestContext) => void | Promise<void>

/**
 * A `test` for the tests of a group that read the fixtures: when the folder is absent each is registered as
 * skipped (the runner counts it as such) and the group prints one line with the folder and the count.
 */
export const fixtureTests = (group: string) => {
  let skipped = 0
  if (!fixturesAvailable) announce(() => `${skipped} test${skipped === 1 ? '' : 's'} skipped (${group})`)
  return (name: string, fn: TestFn) => {
    if (fixturesAvailable) return test(name, fn)
    skipped++
    return test(name, { skip: SKIP_REASON }, fn)
  }
}

/**
 * A `describe` whose hooks and tests all need the fixtures (e.g. one test per fixture bot): when the folder is
 * absent its body never runs (its tests could not even be listed) and one skipped test stands for it.
 */
export const describeWithFixtures = (name: string, fn: () => void) => {
  if (fixturesAvailable) return describe(name, fn)
  announce(() => `"${name}" skipped (one test in the totals: its tests are listed from the fixtures)`)
  return describe(name, () => {
    test('every test of this group', { skip: SKIP_REASON }, () => {})
  })
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return entry.name.endsWith('.json') ? [path] : []
  })

/** Every fixture bot, as `{ name, bot }` with name relative to the fixture folder (e.g. `templates/faq.json`). */
export const listFixtures = (): { name: string; bot: any }[] =>
  ['templates', 'test-assets']
    .flatMap((sub) => walk(join(fixturesDir, sub)))
    .sort()
    .map((path) => ({ name: relative(fixturesDir, path), bot: JSON.parse(readFileSync(path, 'utf8')) }))

export const loadFixture = (name: string): any => JSON.parse(readFileSync(join(fixturesDir, name), 'utf8'))

/** A bot of the project's own examples/ folder (always present, unlike the fixtures). */
export const loadExample = (name: string): any => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8'))
