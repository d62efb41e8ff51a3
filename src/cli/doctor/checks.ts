// The checks of `parley doctor`: each looks at one part of the configuration against the real thing (the database,
// the public URL, the SMTP server, the storage) and says what is wrong and how to fix it.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { createTransport } from 'nodemailer'
import { type Config, siteUrls } from '../../config.js'
import { createFileStorage } from '../../runtime/files/index.js'
import { openStore, type Store } from '../../store/index.js'
import { migrations } from '../../store/migrations/index.js'
import { databaseLocation, sqliteFile } from '../databaseMarker.js'

export type Finding = { status: 'ok' | 'warn' | 'fail'; subject: string; message: string; fix?: string }

const ok = (subject: string, message: string): Finding => ({ status: 'ok', subject, message })
const warn = (subject: string, message: string, fix?: string): Finding => ({ status: 'warn', subject, message, fix })
const fail = (subject: string, message: string, fix?: string): Finding => ({ status: 'fail', subject, message, fix })

const reason = (err: unknown) =>
  err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err)

/** The database: it exists and opens, and its migrations are those of this version (none pending, none unknown). */
export const checkDatabase = async (config: Config, open: () => Promise<Store>): Promise<{ finding: Finding; store?: Store }> => {
  const where = databaseLocation(config.databaseUrl)
  const file = sqliteFile(config.databaseUrl)
  if (file && !existsSync(file))
    return {
      finding: fail(
        'Database',
        `no database at ${file} (DATABASE_URL resolves against the current directory).`,
        'run doctor where the server runs, or set DATABASE_URL as the server has it; a new server creates it on its first start.',
      ),
    }
  let store: Store
  try {
    store = await open()
  } catch (err) {
    return {
      finding: fail(
        'Database',
        `${where} does not open: ${reason(err)}`,
        'check DATABASE_URL (host, port, user, password, database name) and that the database server runs.',
      ),
    }
  }
  let applied: string[]
  try {
    applied = (await store.db.selectFrom('parleyMigrations').select('name').execute()).map((r) => r.name)
  } catch {
    applied = []
  }
  const known = new Set(migrations.map((m) => m.name))
  const newer = applied.filter((name) => !known.has(name))
  const pending = migrations.filter((m) => !applied.includes(m.name)).map((m) => m.name)
  if (newer.length)
    return {
      store,
      finding: fail(
        'Database',
        `${where} was migrated by a newer Parley (${newer.join(', ')} unknown to this version).`,
        "upgrade this installation to the version the server runs (or run doctor with the server's own installation).",
      ),
    }
  if (pending.length)
    return {
      store,
      finding: warn(
        'Database',
        `${where} opens; ${pending.length} migration(s) pending (${pending.join(', ')}).`,
        'they are applied when the server starts (`parley serve`).',
      ),
    }
  return { store, finding: ok('Database', `${where} opens, migrations up to date.`) }
}

const LOOPBACK = /^(127\.|localhost$|::1$|\[::1\]$)/

/**
 * PARLEY_PUBLIC_URL (the builder) and PARLEY_CHAT_URL (the user content): unset is only fine for a server nobody
 * else reaches; set, each one's /health must answer as Parley, and as the Parley on this database (the instance id).
 * A wrong one is what breaks sign-in links, chats and files in browsers.
 */
export const checkPublicUrl = async (config: Config, store: Store | undefined): Promise<Finding> => {
  const subject = 'Public URL'
  const url = config.urls.builder
  if (!url) {
    const { builder, content } = siteUrls(config)
    // Unset is right only when nobody but this machine uses it; behind a reverse proxy it is the classic mistake.
    return LOOPBACK.test(config.host)
      ? warn(
          subject,
          `PARLEY_PUBLIC_URL and PARLEY_CHAT_URL are not set: the builder is at ${builder} and bot pages and files at ${content}, which only this machine reaches.`,
          'if a reverse proxy (or anyone else) reaches this server, set both to the addresses people open: two host names (e.g. https://build.example.com and https://chat.example.com; docs/deploy.md).',
        )
      : warn(
          subject,
          `PARLEY_PUBLIC_URL and PARLEY_CHAT_URL are not set while the server listens on ${config.host}: links use ${builder} and ${content}, which only this machine reaches.`,
          'set both to the addresses people open, the two host names your reverse proxy serves (e.g. https://build.example.com and https://chat.example.com; docs/deploy.md).',
        )
  }
  return reachesThisServer(subject, 'PARLEY_PUBLIC_URL', url, store)
}

/** PARLEY_CHAT_URL (bot pages, previews and files on a host name of their own), when set: it must reach this server too. */
export const checkChatUrl = async (config: Config, store: Store | undefined): Promise<Finding | undefined> => {
  const url = config.urls.content
  return url === undefined ? undefined : reachesThisServer('Chat URL', 'PARLEY_CHAT_URL', url, store)
}

/** `url`/health must answer as Parley, and as the Parley on this database (the instance id). */
const reachesThisServer = async (subject: string, setting: string, url: string, store: Store | undefined): Promise<Finding> => {
  const fixWrong =
    `set ${setting} to the address browsers reach THIS server at (the reverse proxy's https address). ` +
    `With a wrong one, embedded and hosted chats fail ("Couldn't initiate the chat") and links point elsewhere.`
  let res: Response
  try {
    res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000), redirect: 'follow' })
  } catch (err) {
    return fail(subject, `nothing answers at ${setting}=${url} (${reason(err)}).`, fixWrong)
  }
  const body = (await res.json().catch(() => undefined)) as { status?: unknown; database?: unknown; instance?: unknown } | undefined
  if (!body || typeof body.status !== 'string' || typeof body.database !== 'string')
    return fail(subject, `${url}/health answers ${res.status}, but not as Parley: ${setting} reaches another service.`, fixWrong)
  const ours = await store?.instanceId()
  if (!ours)
    return warn(
      subject,
      `${url} answers as Parley; whether it is the server on this database cannot be told (the database could not be read, or predates instance ids).`,
      'start the server once (it migrates the database), then run doctor again.',
    )
  if (typeof body.instance !== 'string')
    return fail(subject, `${setting}=${url} answers as an older Parley (no instance id in /health): it is not the server on this database.`, fixWrong)
  if (body.instance !== ours)
    return fail(
      subject,
      `${setting}=${url} reaches another Parley server (instance ${body.instance}), not the one on this database (instance ${ours}).`,
      fixWrong,
    )
  return ok(subject, `${url} reaches this server (instance ${ours}).`)
}

/** The server's SMTP settings: connects and authenticates (nodemailer's verify), or says emails go by link only. */
export const checkSmtp = async (config: Config): Promise<Finding> => {
  const { host, port, secure, username, password, from } = config.smtp
  if (!host)
    return warn(
      'SMTP',
      'SMTP_HOST is not set: no emails are sent. Invitations and sign-in links are shown to pass on by hand, and Email blocks need their own credentials.',
      'set SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD and SMTP_FROM to send them.',
    )
  const transport = createTransport({
    host,
    port,
    secure,
    auth: username ? { user: username, pass: password ?? '' } : undefined,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 5000,
  })
  try {
    await transport.verify()
  } catch (err) {
    return fail(
      'SMTP',
      `${host}:${port} refuses: ${reason(err)}.`,
      'check SMTP_HOST, SMTP_PORT, SMTP_SECURE (true for port 465) and the SMTP credentials.',
    )
  } finally {
    transport.close()
  }
  if (!from)
    return fail('SMTP', `${host}:${port} answers, but SMTP_FROM is not set: no email can be sent.`, 'set SMTP_FROM, e.g. "Parley <bot@example.com>".')
  return ok('SMTP', `${host}:${port} accepts the connection${username ? ' and the credentials' : ''}.`)
}

/** Stored files: FILES_DIR can be written, or the S3 bucket takes, serves and deletes a probe object. */
export const checkStorage = async (config: Config): Promise<Finding> => {
  const probe = `.parley-doctor-${randomBytes(6).toString('hex')}`
  if (config.files.s3) {
    const { endpoint, bucket } = config.files.s3
    const storage = createFileStorage(config.files)
    try {
      await storage.put(`${probe}/probe.txt`, Buffer.from('probe'), { contentType: 'text/plain', name: 'probe.txt' })
      const read = await storage.get(`${probe}/probe.txt`)
      if (!read) throw new Error('the object written cannot be read back')
      read.body.resume()
      await storage.deletePrefix(`${probe}/`)
    } catch (err) {
      return fail(
        'Storage',
        `S3 bucket ${bucket} at ${endpoint}: ${reason(err)}.`,
        'check S3_ENDPOINT, S3_BUCKET, the keys (write, read and delete rights), S3_REGION and S3_FORCE_PATH_STYLE.',
      )
    }
    return ok('Storage', `S3 bucket ${bucket} at ${endpoint}: write, read and delete work.`)
  }
  const dir = resolve(config.files.directory)
  try {
    // A directory made only for the probe goes again when nothing else is in it: doctor run from the wrong directory
    // leaves nothing behind. Another doctor probing the same new directory may remove it between our mkdir and our
    // write (ENOENT): make it again, a few times.
    let created: string | undefined
    for (let attempt = 1; ; attempt++) {
      created = (await mkdir(dir, { recursive: true })) ?? created
      try {
        await writeFile(join(dir, probe), 'probe')
        break
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw err
      }
    }
    await rm(join(dir, probe), { force: true })
    // The directories made for it, innermost first, while empty (another doctor's probe may still be there).
    const removed = (d: string) =>
      rmdir(d).then(
        () => true,
        () => false,
      )
    for (let d = dir; created && d.startsWith(created) && (await removed(d)) && d !== created; d = dirname(d)) {}
  } catch (err) {
    return fail(
      'Storage',
      `FILES_DIR ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? reason(err)}).`,
      "set FILES_DIR to a directory the server's user may write, or configure an S3 bucket (S3_*).",
    )
  }
  return ok('Storage', `FILES_DIR ${dir} is writable.`)
}

/** ENCRYPTION_SECRET: set, and the one stored credentials were encrypted with. */
export const checkEncryptionSecret = async (config: Config, store: Store | undefined): Promise<Finding> => {
  if (!config.encryptionSecret)
    return warn(
      'Encryption secret',
      'ENCRYPTION_SECRET is not set: workspace credentials (API keys, SMTP accounts) and webhook signatures are unavailable.',
      'set ENCRYPTION_SECRET to a long random string (e.g. `openssl rand -hex 32`) and keep it: changing it loses stored credentials.',
    )
  const sample = await store?.db
    .selectFrom('credentials')
    .select(['workspaceId', 'id'])
    .limit(1)
    .executeTakeFirst()
    .catch(() => undefined)
  if (sample && !(await store?.credentials.get(sample.workspaceId, sample.id)))
    return fail(
      'Encryption secret',
      'ENCRYPTION_SECRET cannot decrypt the stored credentials: they were saved under another secret.',
      'set ENCRYPTION_SECRET back to the secret the credentials were created with (or re-create them).',
    )
  return ok('Encryption secret', sample ? 'set, and it decrypts the stored credentials.' : 'set (no stored credentials to try it on).')
}

/** PARLEY_ADMIN_TOKEN: optional; when set, long enough not to be guessed (the configuration refuses under 16). */
export const checkAdminToken = (config: Config): Finding => {
  if (!config.adminToken) return ok('Admin token', 'PARLEY_ADMIN_TOKEN is not set (API tokens come from `parley token create`).')
  if (config.adminToken.length < 32)
    return warn(
      'Admin token',
      `PARLEY_ADMIN_TOKEN has ${config.adminToken.length} characters.`,
      'use at least 32 random characters (e.g. `openssl rand -hex 32`).',
    )
  return ok('Admin token', `PARLEY_ADMIN_TOKEN is set (${config.adminToken.length} characters).`)
}

/** Every check, in order, on this configuration. */
export const diagnose = async (config: Config): Promise<Finding[]> => {
  const findings: Finding[] = []
  let store: Store | undefined
  try {
    const database = await checkDatabase(config, () => openStore(config.databaseUrl, { migrate: false, encryptionSecret: config.encryptionSecret }))
    store = database.store
    findings.push(database.finding)
    findings.push(await checkPublicUrl(config, store))
    const chat = await checkChatUrl(config, store)
    if (chat) findings.push(chat)
    findings.push(await checkSmtp(config))
    findings.push(await checkStorage(config))
    findings.push(await checkEncryptionSecret(config, store))
    findings.push(checkAdminToken(config))
  } finally {
    await store?.close()
  }
  return findings
}
