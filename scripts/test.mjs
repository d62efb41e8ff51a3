#!/usr/bin/env node
// Runs the test suite with node's test runner: unit tests once, integration tests once per database backend.
// SQLite always runs; PostgreSQL runs when TEST_POSTGRES_URL is set (an admin URL: each test file creates its own
// database). Under CI=true a missing TEST_POSTGRES_URL is an error, so CI never silently skips a backend.
// Extra arguments are file filters: `npm test -- bots` runs only files whose path contains "bots".
// First, always on the whole tree, the lint, import-boundary and formatting check (`biome check`, biome.jsonc): a
// violation fails the run (exit 1) and counts as one failed test, but the tests still run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const filters = process.argv.slice(2)
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.test.ts') ? [join(dir, d.name)] : [],
  )
const pick = (dir) =>
  walk(dir)
    .sort()
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))

const totals = { passed: 0, failed: 0, skipped: 0 }
/** Lines of test files saying why a group was skipped (e.g. no Typebot fixtures), repeated under the totals. */
const skipNotes = new Set()
const tapDir = mkdtempSync(join(tmpdir(), 'parley-tap-'))

const run = (label, files, env) => {
  if (files.length === 0) return 0
  console.log(`\n=== ${label}: ${files.length} file(s) ===`)
  const tap = join(tapDir, `${label.replace(/\W+/g, '-')}.tap`)
  const res = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  )
  const summary = readFileSync(tap, 'utf8')
  totals.passed += Number(/^# pass (\d+)/m.exec(summary)?.[1] ?? 0)
  totals.failed += Number(/^# fail (\d+)/m.exec(summary)?.[1] ?? 0)
  totals.skipped += Number(/^# skipped (\d+)/m.exec(summary)?.[1] ?? 0)
  // A test file's own stdout shows in TAP as a comment (`# \# ...`).
  for (const [, note] of summary.matchAll(/^# \\# (Typebot fixtures not found.*)$/gm)) skipNotes.add(`${label}: ${note}`)
  return res.status ?? 1
}

const lint = () => {
  console.log('\n=== lint, import boundaries and formatting (biome check), widget and web app typecheck ===')
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
  const res = spawnSync(process.execPath, [biome, 'check', '--error-on-warnings'], { stdio: 'inherit' })
  // The web chat widget (Preact JSX) and the web app (React JSX) have their own compiler settings: typecheck them too.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const web = ['web/chat', 'web/app'].map((project) => spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' }))
  const ok = res.status === 0 && web.every((w) => w.status === 0)
  console.log(
    ok
      ? 'lint: passed'
      : `lint: FAILED (exit ${res.status ?? res.signal ?? res.error?.message}); run \`npm run lint\` and \`npm run format:check\` to see it alone`,
  )
  return ok
}

const backends = [['sqlite', { TEST_BACKEND: 'sqlite' }]]
if (process.env.TEST_POSTGRES_URL) backends.push(['postgres', { TEST_BACKEND: 'postgres' }])
else if (process.env.CI === 'true') {
  console.error('CI=true but TEST_POSTGRES_URL is not set: the PostgreSQL backend would not be tested.')
  process.exit(1)
} else console.log('TEST_POSTGRES_URL not set: integration tests run on SQLite only (see README).')

const lintPassed = lint()
if (!lintPassed) totals.failed += 1
// Unit tests live beside the code they test (a block kind's tests in its folder) and under test/unit.
let failed = run('unit', [...pick('src'), ...pick('test/unit')], {}) !== 0 || !lintPassed
for (const [name, env] of backends) failed = run(`integration on ${name}`, pick('test/integration'), env) !== 0 || failed
rmSync(tapDir, { recursive: true, force: true })
if (!lintPassed) console.log('\n# the lint check failed (counted as 1 failed)')
console.log(`\n${[...skipNotes].map((note) => `# ${note}\n`).join('')}${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failed ? 1 : 0)
