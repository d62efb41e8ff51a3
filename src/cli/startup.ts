// What `parley serve` says on start, on stdout in plain words: where the web app, the API docs and the health
// check are, on the public address when one is configured (what a browser must open), else the listening one.
import type { Config } from '../config.js'

export const startupMessage = (config: Config, listeningUrl: string, version: string): string => {
  const base = config.files.publicUrl ?? listeningUrl
  const lines = [`Parley ${version} is listening on ${listeningUrl}.`]
  if (config.files.publicUrl) lines.push(`Public address (PARLEY_PUBLIC_URL): ${config.files.publicUrl}`)
  // The web app is served where the management API is (PARLEY_API=all or management).
  if (config.api !== 'chat') lines.push(`  Web app:      ${base}/   (sign in; on the first run, create the first account)`)
  lines.push(`  API docs:     ${base}/docs`, `  Health check: ${base}/health`)
  return `${lines.join('\n')}\n`
}
