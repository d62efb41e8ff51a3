// `parley doctor`: checks the configuration against the real services and says what to fix; exit 1 on a problem.
import { loadConfig } from '../../config.js'
import { type Command, parseOptions } from '../command.js'
import { databaseLocation, otherServerDatabase } from '../databaseMarker.js'
import { diagnose, type Finding } from '../doctor/checks.js'

const marks = { ok: '✓', warn: '!', fail: '✗' } as const

const print = (finding: Finding) => {
  console.log(`${marks[finding.status]} ${finding.subject}: ${finding.message}`)
  if (finding.fix && finding.status !== 'ok') console.log(`    Fix: ${finding.fix}`)
}

export const doctor: Command = {
  name: 'doctor',
  summary: 'check the configuration (database, public URL, SMTP, storage, secrets) and say what to fix',
  usage: `Usage: parley doctor

Checks this installation's configuration (environment variables and ./.env) against the real services, one line
each: ✓ fine, ! worth a look, ✗ broken (with the fix). Exits 1 when something is broken.

  Database            DATABASE_URL opens; its migrations match this version (none pending, none newer)
  Public URL          PARLEY_PUBLIC_URL answers /health as THIS server (same database); unset on a public HOST
  SMTP                SMTP_HOST accepts a connection and the credentials (unset: emails go by link only)
  Storage             FILES_DIR is writable, or the S3 bucket takes, serves and deletes a probe object
  Encryption secret   ENCRYPTION_SECRET is set and decrypts the stored credentials
  Admin token         PARLEY_ADMIN_TOKEN, when set, is long enough

Run it where the server runs, with the server's environment.`,
  async run(args) {
    parseOptions(args, {})
    let config: ReturnType<typeof loadConfig>
    try {
      config = loadConfig()
    } catch (err) {
      print({
        status: 'fail',
        subject: 'Configuration',
        message: err instanceof Error ? err.message : String(err),
        fix: 'correct those variables (environment or .env).',
      })
      return 1
    }
    // A missing database is the database check's own finding; another server's database is said first.
    const server = otherServerDatabase(config.databaseUrl)
    if (server) console.log(`! Database: the server last started on this machine uses ${server}, not ${databaseLocation(config.databaseUrl)}.`)
    const findings = await diagnose(config)
    for (const finding of findings) print(finding)
    const broken = findings.filter((f) => f.status === 'fail').length
    const notes = findings.filter((f) => f.status === 'warn').length
    console.log(broken ? `\n${broken} problem(s) to fix.` : notes ? `\nNo problem; ${notes} note(s).` : '\nAll good.')
    return broken ? 1 : 0
  },
}
