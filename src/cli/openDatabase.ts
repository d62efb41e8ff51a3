// Opening the database from a CLI command: warns first when it is not the one the server uses (databaseMarker.ts).
import type { Config } from '../config.js'
import { openStore } from '../store/index.js'
import { databaseWarnings } from './databaseMarker.js'

export const openCliStore = async (config: Config) => {
  for (const warning of databaseWarnings(config.databaseUrl)) console.error(warning)
  return openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret })
}

/** The address people reach the server at, as the server computes it (links printed here must open there). */
export const publicUrlOf = (config: Config) =>
  config.files.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
