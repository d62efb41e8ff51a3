// The installed package's version, read from its package.json (next to src/ and dist/ alike), whatever the cwd.
import { readFileSync } from 'node:fs'

export const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
