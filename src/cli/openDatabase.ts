// Opening the database from a CLI command: warns first when it is not the one the server uses (databaseMarker.ts).
import { type Config, siteUrls } from '../config.js'
import { openStore } from '../store/index.js'
import { databaseWarnings } from './databaseMarker.js'

export const openCliStore = async (config: Config) => {
  for (const warning of databaseWarnings(config.databaseUrl)) console.error(warning)
  return openStore(config.databaseUrl, { encryptionSecret: config.encryptionSecret })
}

/** The builder's address, as the server computes it (sign-in links printed here must open there). */
export const publicUrlOf = (config: Config) => siteUrls(config).builder

/** The user content's address, as the server computes it (bot pages; the chat API answers there too). */
export const contentUrlOf = (config: Config) => siteUrls(config).content
