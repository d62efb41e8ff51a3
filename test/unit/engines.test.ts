// package.json's engines.node is honest: every installed package accepts every Node version Parley declares, so a
// clean `npm install` on a supported Node warns no EBADENGINE. A dependency that raises its floor above ours (as
// cookie@2 and content-disposition@3 did, wanting Node 22 while we said 20.19) fails this test instead of warning
// users.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import semver from 'semver'

const root = join(import.meta.dirname, '../..')

/** Every package installed under node_modules (nested ones too), with the engines.node range it declares. */
const installedEngines = (dir: string): { name: string; range: string }[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.name.startsWith('@')) return installedEngines(path)
    const manifest = join(path, 'package.json')
    const own = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; engines?: { node?: unknown } })
      : {}
    const nested = existsSync(join(path, 'node_modules')) ? installedEngines(join(path, 'node_modules')) : []
    return typeof own.engines?.node === 'string' ? [{ name: `${own.name}@${own.version}`, range: own.engines.node }, ...nested] : nested
  })

/**
 * The newest Node release line: some packages name the lines they were tested on (better-sqlite3: "20.x || … ||
 * 26.x") and so cannot accept one that does not exist yet. Our range is checked up to this line, or the running
 * Node's if newer (CI on a new line checks it). Raise it when a new Node line is released.
 */
const NEWEST_NODE_LINE = 26

/**
 * `range` cut into pieces without alternatives, each within one Node release line up to `newest` (">=22.12" gives
 * ">=22.12 >=22.0.0 <23.0.0-0", …): semver.subset compares each alternative (`||`) of a range with each of the
 * other's separately, so a range spanning several lines is never inside "22.x || 23.x", and an empty alternative
 * makes it answer false; piece by piece it answers what is meant.
 */
const pieces = (range: string, newest: number): string[] =>
  new semver.Range(range).set
    .flatMap((comparators) =>
      Array.from({ length: newest + 1 }, (_, line) => [...comparators.map((c) => c.value), `>=${line}.0.0`, `<${line + 1}.0.0-0`].join(' ')),
    )
    .filter((piece) => semver.minVersion(piece) !== null)

/** Whether `dependency` accepts every version of `declared` up to the `newest` line. */
const acceptsAll = (declared: string, dependency: string, newest: number) =>
  pieces(declared, newest).every((piece) => semver.subset(piece, dependency))

test("package.json's engines.node: every installed package accepts every version it admits (no EBADENGINE)", () => {
  const declared = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
  assert.ok(semver.validRange(declared), `engines.node ${declared} is a range`)
  const newest = Math.max(NEWEST_NODE_LINE, semver.major(process.version))
  // `subset`, not `intersects` nor "the floor satisfies it": each dependency must accept the whole range we admit
  // (the floor and every later version), e.g. ">=22.12.0 || >=20.19.0 <21.0.0" accepts 20.19 but not 21 or 22.0.
  const refused = installedEngines(join(root, 'node_modules')).filter(({ range }) => !acceptsAll(declared, range, newest))
  assert.deepEqual(
    refused.map(({ name, range }) => `${name} wants ${range}`),
    [],
    `packages refusing part of ${declared} up to Node ${newest} (raise engines.node or change the dependency)`,
  )
})

test('the check tells an honest range from a dishonest one', () => {
  // Examples from this lock file's history: Node 20 is refused by cookie@2, 22.0 by @redocly/cli.
  assert.equal(acceptsAll('>=20.19', '>=22', 26), false)
  assert.equal(acceptsAll('>=22', '>=22.12.0 || >=20.19.0 <21.0.0', 26), false)
  assert.equal(acceptsAll('>=22.12', '>=22.12.0 || >=20.19.0 <21.0.0', 26), true)
  assert.equal(acceptsAll('>=22.12', '>=22', 26), true)
  const tested = '20.x || 22.x || 23.x || 24.x || 25.x || 26.x'
  assert.equal(acceptsAll('>=22.12', tested, 26), true)
  assert.equal(acceptsAll('>=22.12', tested, 27), false, 'a line the package does not name')
  assert.equal(acceptsAll('^20.19 || >=22.12', tested, 26), true)
  assert.equal(acceptsAll('>=20.19', tested, 26), false, 'Node 21 is missing from it')
})
