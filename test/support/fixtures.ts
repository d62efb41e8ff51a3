// Locates the shared Typebot fixture set (kept outside the project: ../shared/fixtures/typebot).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const fixturesDir = process.env.PARLEY_FIXTURES_DIR ?? resolve(repoRoot, '..', 'shared', 'fixtures', 'typebot')

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
