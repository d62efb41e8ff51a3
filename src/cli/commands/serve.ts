// `parley serve`: the HTTP server, until SIGINT or SIGTERM.
import { loadConfig } from '../../config.js'
import { startServer } from '../../server.js'
import { type Command, parseOptions } from '../command.js'
import { recordServerDatabase } from '../databaseMarker.js'
import { startupMessage } from '../startup.js'
import { packageVersion } from '../version.js'

export const serve: Command = {
  name: 'serve',
  summary: 'start the HTTP server',
  usage: `Usage: parley serve

Starts the HTTP server, configured by environment variables (or a .env file in the current directory; see the
README): PORT (default 3000), HOST (default 127.0.0.1), DATABASE_URL (default sqlite:./data/parley.db),
PARLEY_PUBLIC_URL (the address people reach it at), LOG_LEVEL, … Stops on SIGINT (Ctrl+C) or SIGTERM.`,
  async run(args) {
    parseOptions(args, {})
    const config = loadConfig()
    const server = await startServer(config)
    recordServerDatabase(config.databaseUrl)
    server.app.log.info(`Parley listening on ${server.url}`)
    process.stdout.write(startupMessage(config, server.url, packageVersion()))
    let closing = false
    const shutdown = async (signal: string) => {
      if (closing) return
      closing = true
      server.app.log.info(`${signal} received, shutting down`)
      await server.close()
      process.exit(0)
    }
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
    // The server keeps the process running; shutdown ends it.
    return 0
  },
}
