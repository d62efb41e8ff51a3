// `.env` support: settings from ./.env (the working directory), for variables the environment does not set.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Loads `./.env` when present, before the configuration is read. process.loadEnvFile (Node ≥ 20.12) never
 * overwrites a variable that is already set, even to an empty value: the real environment wins. Returns the file
 * loaded, if any.
 */
export const loadDotEnv = (cwd = process.cwd()): string | undefined => {
  const file = resolve(cwd, '.env')
  if (!existsSync(file)) return undefined
  process.loadEnvFile(file)
  return file
}
