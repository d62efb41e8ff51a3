// `parley serve`: the HTTP server (one process, or a primary and N workers on one port), until SIGINT or SIGTERM.
import cluster from 'node:cluster'
import { metricsNotice } from '../../api/metricsEndpoint.js'
import { loadConfig } from '../../config.js'
import { serveWorkers, stopWithPrimary } from '../cluster.js'
import { type Command, CommandError, parseOptions, UsageError } from '../command.js'
import { recordServerDatabase } from '../databaseMarker.js'
import { startupMessage } from '../startup.js'
import { packageVersion } from '../version.js'

export const serve: Command = {
  name: 'serve',
  summary: 'start the HTTP server',
  usage: `Usage: parley serve [--workers N]

Starts the HTTP server, configured by environment variables (or a .env file in the current directory; see the
README): PORT (default 3000), HOST (default 127.0.0.1), DATABASE_URL (default sqlite:./data/parley.db),
PARLEY_PUBLIC_URL (the address people reach it at), LOG_LEVEL, … Stops on SIGINT (Ctrl+C) or SIGTERM.

  --workers N   N processes on one port, to use N cores (default: PARLEY_WORKERS, else 1). Needs PostgreSQL;
                see docs/deploy.md.`,
  async run(args) {
    const { values } = parseOptions(args, { workers: { type: 'string' } })
    const config = loadConfig()
    const workers = values.workers === undefined ? config.workers : Number(values.workers)
    if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new UsageError('--workers needs a whole number from 1 to 256')
    if (cluster.isPrimary && workers > 1) {
      const { url, metricsUrl } = await serveWorkers(config, workers).catch((err: unknown) => {
        throw new CommandError(err instanceof Error ? err.message : String(err))
      })
      recordServerDatabase(config.databaseUrl)
      process.stdout.write(startupMessage(config, url, packageVersion()))
      if (metricsUrl) console.log(`  Metrics: ${metricsUrl} (all ${workers} workers)`)
      else if (config.metrics.token !== undefined) console.log('  Metrics: off. In a cluster /metrics is served on METRICS_PORT only: set it.')
      return 0
    }
    // Loaded here, not with the command list: the server is most of the code, and every other command (and
    // --version, help) would load it too before doing anything.
    const { startServer } = await import('../../server.js')
    // A worker of a cluster starts on a database its primary migrated; the primary says where things are.
    const server = await startServer(config, { migrate: cluster.isPrimary })
    server.app.log.info(`Parley listening on ${server.url}`)
    if (cluster.isPrimary) {
      recordServerDatabase(config.databaseUrl)
      process.stdout.write(startupMessage(config, server.url, packageVersion()))
      const metrics = metricsNotice(server.app, config.metrics, server.url)
      if (metrics) console.log(`  ${metrics}`)
    }
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
    stopWithPrimary((reason) => void shutdown(reason))
    // The server keeps the process running; shutdown ends it.
    return 0
  },
}
