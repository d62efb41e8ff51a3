// What `parley serve` says on start, on stdout in plain words: its two origins (the builder's, where a browser
// opens the web app, and the user content's, where bot pages, previews and files are), the API docs and the health
// check, on the configured addresses or their loopback defaults.
import { type Config, siteUrls } from '../config.js'

export const startupMessage = (config: Config, listeningUrl: string, version: string): string => {
  const port = Number(new URL(listeningUrl).port) || config.port
  const { builder, content } = siteUrls(config, port)
  const lines = [`Parley ${version} is listening on ${listeningUrl}.`]
  // The web app is served where the management API is (PARLEY_API=all or management).
  if (config.api !== 'chat') lines.push(`  Web app:      ${builder}/   (sign in; on the first run, create the first account)`)
  lines.push(
    `  Bot pages:    ${content}/   (with previews and stored files: another host name, apart from the builder's)`,
    `  API docs:     ${builder}/docs`,
    `  Health check: ${builder}/health`,
  )
  return `${lines.join('\n')}\n`
}
