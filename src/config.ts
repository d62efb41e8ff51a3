// Server configuration, read once from the environment. Every setting has a default so `npm start` just works.
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })

/** Host names that reach this machine's loopback interface, and HOST values that listen on every interface. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i
const WILDCARD_HOST = /^(0\.0\.0\.0|::|\[::\])$/

/** Where the builder and the user content are when not configured: two loopback names, two sites for browsers. */
const DEFAULT_BUILDER_HOST = 'localhost'
const defaultContentHost = (host: string) => (/^\[?::1\]?$/.test(host) ? '[::1]' : '127.0.0.1')
const siteHostName = (url: string | undefined, fallback: string) => (url ? new URL(url).hostname.toLowerCase() : fallback)

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.string().min(1).default('sqlite:./data/parley.db'),
    /**
     * Connections each server process may open to PostgreSQL (plus one that listens for the delivery bus). Every
     * node and worker has its own pool: nodes × workers × (pool + 1) must stay below the server's max_connections.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    /** Server processes `parley serve` runs on one port (node:cluster); more than 1 needs PostgreSQL. */
    PARLEY_WORKERS: z.coerce.number().int().min(1).max(256).default(1),
    /**
     * Not an operator setting: the key the primary of `parley serve --workers N` hands its workers, so that what
     * one signs another accepts (cookies, upload URLs) when ENCRYPTION_SECRET and FILES_SIGNING_SECRET are unset.
     */
    PARLEY_WORKER_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /** Bodies of anonymous callers (chats opened by PUBLIC_CHAT): a chat message needs far less than a bot import. */
    PARLEY_ANONYMOUS_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    /** Time a client has to send a whole request, body included; slower ones are answered 408 and disconnected. */
    PARLEY_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Time a client has to send a request's headers (from the connection or the previous request on it). */
    PARLEY_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** An idle keep-alive connection is closed after this long. */
    PARLEY_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** Open connections one client address may hold; more are closed at once. 0: no cap (e.g. behind a proxy that caps them). */
    PARLEY_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(128),
    /** Bearer token that /metrics (Prometheus) asks for on the API's port; unset: /metrics there answers 404. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** A listener of its own serving only /metrics (no token unless METRICS_TOKEN is set), e.g. for a scraper on the host. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Address of that listener. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    PARLEY_ADMIN_TOKEN: z.string().min(16, 'PARLEY_ADMIN_TOKEN must be at least 16 characters').optional(),
    /** Which APIs this process serves: `all` (default), `chat` (start/continue only) or `management`. */
    PARLEY_API: z.enum(['all', 'chat', 'management']).default('all'),
    /** Allow chats on published bots without a bearer token (for bots embedded in web pages). */
    PUBLIC_CHAT: bool,
    /**
     * Anonymous chats on published bots through the Typebot-compatible API (`/api/…`, what Typebot's embed client
     * calls): on unless set to false.
     */
    TYPEBOT_PUBLIC_CHAT: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * The bot author's `customHeadCode` (settings.metadata) in the head of hosted bot pages (`/{publicId}`). Off by
     * default: it is any HTML, run on this server's origin; turning it on also drops those pages' CSP.
     */
    HOSTED_PAGE_CUSTOM_HEAD: bool,
    /**
     * Bots' custom domains (docs/deploy.md, "Custom domains"): `off` serves a domain as soon as a bot names it; `http`
     * only once its HTTP challenge passed (the domain reaches this server), and only those are known to the reverse
     * proxy's on-demand TLS.
     */
    CUSTOM_DOMAIN_VERIFICATION: z.enum(['off', 'http']).default('off'),
    /**
     * The user-content origin: bot pages (`/{publicId}`), the editor's preview frame and stored files, on a host name
     * of their own (e.g. https://chat.example.com, the same server or a PARLEY_API=chat process behind it). Default:
     * http://127.0.0.1:PORT beside the builder's http://localhost:PORT (see siteUrls).
     */
    PARLEY_CHAT_URL: httpUrl.optional(),
    /** The web chat widget served at /chat.js; default: the one `npm run build` writes into this installation. */
    WEB_CHAT_SCRIPT: z.string().min(1).optional(),
    /** The builder's web application (index.html and assets); default: the one `npm run build` writes. */
    WEB_APP_DIR: z.string().min(1).optional(),
    /** A chat turn that runs more blocks than this without waiting for the user is cut off (loops without input). */
    PARLEY_MAX_STEPS_PER_TURN: z.coerce.number().int().positive().default(5000),
    /** Wall-clock budget of one chat turn, in milliseconds. */
    PARLEY_TURN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Hosts and CIDRs that bots' HTTP requests may reach although internal (comma-separated). */
    HTTP_REQUEST_ALLOWLIST: z.string().default(''),
    /** Memory available to one evaluation of bot JavaScript, in MB. */
    PARLEY_SANDBOX_MEMORY_MB: z.coerce.number().int().min(1).max(1024).default(32),
    /** CPU deadline of one evaluation of bot JavaScript, in milliseconds. */
    PARLEY_SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(2000),
    /** The server's own SMTP server, used by Email blocks whose credentials are "default". */
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
    SMTP_SECURE: bool,
    SMTP_USERNAME: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    /** Sender of those emails: `address` or `Name <address>`. */
    SMTP_FROM: z.string().optional(),
    /** Key material for workspace credentials at rest; without it credentials cannot be created. */
    ENCRYPTION_SECRET: z.string().min(16, 'ENCRYPTION_SECRET must be at least 16 characters').optional(),
    /**
     * Outgoing webhooks (docs/webhooks.md): time between two rounds of each process's dispatcher when nothing nudges
     * it. While the queue is empty a round does nothing, but every 5th checks for work.
     */
    PARLEY_WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** Time a webhook receiver has to answer one delivery, in milliseconds. */
    PARLEY_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Wait before a failed delivery's first retry, in milliseconds; each further retry waits about twice as long. */
    PARLEY_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
    /** Attempts of a delivery (the first included) before it is marked failed. */
    PARLEY_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    /** Days delivered and failed deliveries (and their events) are kept in the delivery log. */
    PARLEY_WEBHOOK_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(30),
    /**
     * Versions kept per bot (every publish makes one); older ones are deleted after a publish, except the live one
     * and any a chat still runs on. 0 keeps them all.
     */
    PARLEY_BOT_VERSIONS_KEPT: z.coerce.number().int().min(0).max(100_000).default(100),
    /**
     * Days after its last message a chat session that was not continued is deleted (its result, answers and logs
     * stay). Long enough for remember-user: a visitor who comes back later starts a new chat on the same result.
     */
    SESSION_EXPIRY_DAYS: z.coerce.number().positive().default(30),
    /** Hours after their last use preview sessions (the builder's previews) and preview snapshots are deleted. */
    PREVIEW_EXPIRY_HOURS: z.coerce.number().positive().default(24),
    /** Minutes between runs of the purge of expired sessions; 0: no purge in this process. */
    PURGE_INTERVAL_MINUTES: z.coerce.number().min(0).default(10),
    /** Rows one purge statement deletes at most (the purge pauses for other work between statements). */
    PURGE_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Only people a workspace invited may create an account (the first-run setup stays open). */
    DISABLE_SIGNUP: bool,
    /** Days a browser session lasts after signing in. */
    SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(3650).default(30),
    /** Sign-in with an OpenID Connect provider: its issuer URL (discovery), and this server's client at it. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The provider's name on the sign-in button. */
    OIDC_NAME: z.string().min(1).max(100).default('SSO'),
    /**
     * The builder's origin: the web app, the management API and its session cookie (links in emails are built on it).
     * Default: http://localhost:PORT. Set, PARLEY_CHAT_URL must be set too.
     */
    PARLEY_PUBLIC_URL: httpUrl.optional(),
    /** Messaging channels (docs/channels.md): Meta's Graph API and Telegram's Bot API, as Typebot names them. */
    WHATSAPP_CLOUD_API_URL: httpUrl.default('https://graph.facebook.com'),
    /** Choice buttons per WhatsApp message (WhatsApp shows at most 3). */
    WHATSAPP_INTERACTIVE_GROUP_SIZE: z.coerce.number().int().min(1).max(3).default(3),
    TELEGRAM_API_URL: httpUrl.default('https://api.telegram.org'),
    /** Directory of stored files (uploads, files made by blocks) when no S3 bucket is configured. */
    FILES_DIR: z.string().min(1).default('./data/files'),
    /** The largest file accepted, whatever a block allows (bytes). Uploads are buffered: keep it moderate. */
    FILES_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    /** Key of signed upload URLs; default: ENCRYPTION_SECRET, else random per process or cluster (URLs then die with it). */
    FILES_SIGNING_SECRET: z.string().min(16, 'FILES_SIGNING_SECRET must be at least 16 characters').optional(),
    /** An S3-compatible bucket for stored files instead of FILES_DIR: all of endpoint, bucket and keys must be set. */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY: z.string().min(1).optional(),
    S3_SECRET_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Bucket in the path (`endpoint/bucket/key`, MinIO and most self-hosted servers) rather than in the host name. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  })
  .refine(
    (e) =>
      [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY, e.S3_SECRET_KEY].every((v) => v === undefined) ||
      (e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY),
    {
      path: ['S3_ENDPOINT'],
      message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY must be set together',
    },
  )
  .refine(
    (e) =>
      [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].every((v) => v === undefined) ||
      (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET),
    {
      path: ['OIDC_ISSUER'],
      message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    },
  )
  // A builder named by the operator cannot have its user-content host made up for it.
  .refine((e) => !e.PARLEY_PUBLIC_URL || e.PARLEY_CHAT_URL, {
    path: ['PARLEY_CHAT_URL'],
    message:
      'is needed with PARLEY_PUBLIC_URL: a second host name for bot pages, previews and files (e.g. https://chat.example.com beside https://build.example.com), so that nothing bot authors or visitors supply runs where the builder is signed in (docs/deploy.md)',
  })
  // The defaults name this machine's loopback: a server listening on one other address is not reached there.
  .refine((e) => (e.PARLEY_PUBLIC_URL && e.PARLEY_CHAT_URL) || LOOPBACK_HOST.test(e.HOST) || WILDCARD_HOST.test(e.HOST), {
    path: ['HOST'],
    message: 'is neither a loopback nor a wildcard address: set PARLEY_PUBLIC_URL and PARLEY_CHAT_URL to the addresses people open',
  })
  // Browsers send a host's cookies to all of its ports: only another host name keeps user content apart from the builder.
  .refine((e) => siteHostName(e.PARLEY_CHAT_URL, defaultContentHost(e.HOST)) !== siteHostName(e.PARLEY_PUBLIC_URL, DEFAULT_BUILDER_HOST), {
    path: ['PARLEY_CHAT_URL'],
    message: "needs a host name of its own, not the builder's (PARLEY_PUBLIC_URL, default localhost): cookies do not tell ports apart",
  })
  .refine((e) => e.PARLEY_HEADERS_TIMEOUT_MS <= e.PARLEY_REQUEST_TIMEOUT_MS, {
    path: ['PARLEY_HEADERS_TIMEOUT_MS'],
    message: 'PARLEY_HEADERS_TIMEOUT_MS must not exceed PARLEY_REQUEST_TIMEOUT_MS',
  })

export type Config = {
  /** Messaging channels' APIs (the operator's; not under the SSRF guard of bot requests). */
  channels: { whatsAppApiUrl: string; whatsAppGroupSize: number; telegramApiUrl: string }
  port: number
  host: string
  databaseUrl: string
  /** Size of each process's PostgreSQL connection pool. */
  databasePoolSize: number
  /** Server processes of `parley serve` (1: no cluster). */
  workers: number
  /** Shared by the worker processes of one cluster, when no configured secret keys what they sign. */
  workerSecret?: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  bodyLimitBytes: number
  /** Connection and request limits of the HTTP server. */
  http: {
    anonymousBodyLimitBytes: number
    requestTimeoutMs: number
    headersTimeoutMs: number
    keepAliveTimeoutMs: number
    maxConnectionsPerIp: number
  }
  /** /metrics: its bearer token on the API's port, and/or a listener of its own (see metricsEndpoint.ts). */
  metrics: { token?: string; port?: number; host: string }
  adminToken?: string
  api: 'all' | 'chat' | 'management'
  publicChat: boolean
  /** Anonymous chats through the Typebot-compatible API (TYPEBOT_PUBLIC_CHAT, on by default). */
  typebotPublicChat: boolean
  /**
   * The two origins as configured (no trailing slash); unset, siteUrls derives them from the port: the builder
   * (web app, management API, session cookie) and the user content (bot pages, preview frame, stored files).
   */
  urls: { builder?: string; content?: string }
  /** Hosted bot pages: whether they carry the bot's customHeadCode (HOSTED_PAGE_CUSTOM_HEAD). */
  hostedPage: { customHead: boolean }
  /** Bots' custom domains: served only once verified by their HTTP challenge (CUSTOM_DOMAIN_VERIFICATION=http). */
  customDomains: { verification: boolean }
  /** Path of the web chat widget's script (served at /chat.js). */
  webChatScript: string
  /** Directory of the built web application, served at `/` where the management API is. */
  webAppDir: string
  turnLimits: { maxSteps: number; maxMillis: number }
  sandbox: { memoryBytes: number; timeoutMs: number }
  httpAllowlist: string
  smtp: { host?: string; port: number; secure: boolean; username?: string; password?: string; from?: string }
  encryptionSecret?: string
  /** The outgoing webhooks' dispatcher (PARLEY_WEBHOOK_*). */
  webhooks: { pollMs: number; timeoutMs: number; retryBaseMs: number; maxAttempts: number; retentionDays: number }
  /** Versions kept per bot (PARLEY_BOT_VERSIONS_KEPT; 0: all). */
  versionsKept: number
  /** Browser sign-in (accounts, sessions, OpenID Connect). */
  signIn: {
    disableSignup: boolean
    sessionMaxAgeMs: number
    oidc?: { issuer: string; clientId: string; clientSecret: string; name: string }
  }
  /** The purge of expired sessions (app/lifecycle.ts), durations in milliseconds. */
  lifecycle: { sessionExpiryMs: number; previewExpiryMs: number; intervalMs: number; chunkSize: number }
  files: {
    directory: string
    maxBytes: number
    signingSecret?: string
    s3?: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string; forcePathStyle: boolean }
  }
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: e.PARLEY_WORKERS,
    workerSecret: e.PARLEY_WORKER_SECRET,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    http: {
      anonymousBodyLimitBytes: Math.min(e.PARLEY_ANONYMOUS_BODY_LIMIT_BYTES, e.BODY_LIMIT_BYTES),
      requestTimeoutMs: e.PARLEY_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.PARLEY_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.PARLEY_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.PARLEY_MAX_CONNECTIONS_PER_IP,
    },
    metrics: { token: e.METRICS_TOKEN || undefined, port: e.METRICS_PORT, host: e.METRICS_HOST },
    adminToken: e.PARLEY_ADMIN_TOKEN,
    api: e.PARLEY_API,
    publicChat: e.PUBLIC_CHAT,
    typebotPublicChat: e.TYPEBOT_PUBLIC_CHAT,
    urls: { builder: trimmed(e.PARLEY_PUBLIC_URL), content: trimmed(e.PARLEY_CHAT_URL) },
    hostedPage: { customHead: e.HOSTED_PAGE_CUSTOM_HEAD },
    customDomains: { verification: e.CUSTOM_DOMAIN_VERIFICATION === 'http' },
    channels: {
      whatsAppApiUrl: e.WHATSAPP_CLOUD_API_URL.replace(/\/+$/, ''),
      whatsAppGroupSize: e.WHATSAPP_INTERACTIVE_GROUP_SIZE,
      telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
    },
    // From src/config.ts and from its build, dist/config.js, alike: the installation's dist/web/.
    webChatScript: e.WEB_CHAT_SCRIPT ?? fileURLToPath(new URL('../dist/web/parley-chat.js', import.meta.url)),
    webAppDir: e.WEB_APP_DIR ?? fileURLToPath(new URL('../dist/web/app', import.meta.url)),
    turnLimits: { maxSteps: e.PARLEY_MAX_STEPS_PER_TURN, maxMillis: e.PARLEY_TURN_TIMEOUT_MS },
    httpAllowlist: e.HTTP_REQUEST_ALLOWLIST,
    smtp: {
      host: e.SMTP_HOST || undefined,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE,
      username: e.SMTP_USERNAME || undefined,
      password: e.SMTP_PASSWORD || undefined,
      from: e.SMTP_FROM || undefined,
    },
    sandbox: { memoryBytes: e.PARLEY_SANDBOX_MEMORY_MB * 1024 * 1024, timeoutMs: e.PARLEY_SANDBOX_TIMEOUT_MS },
    encryptionSecret: e.ENCRYPTION_SECRET,
    webhooks: {
      pollMs: e.PARLEY_WEBHOOK_POLL_MS,
      timeoutMs: e.PARLEY_WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.PARLEY_WEBHOOK_RETRY_BASE_MS,
      maxAttempts: e.PARLEY_WEBHOOK_MAX_ATTEMPTS,
      retentionDays: e.PARLEY_WEBHOOK_RETENTION_DAYS,
    },
    versionsKept: e.PARLEY_BOT_VERSIONS_KEPT,
    signIn: {
      disableSignup: e.DISABLE_SIGNUP,
      sessionMaxAgeMs: Math.round(e.SESSION_MAX_AGE_DAYS * 86_400_000),
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
          : undefined,
    },
    lifecycle: {
      sessionExpiryMs: Math.round(e.SESSION_EXPIRY_DAYS * 86_400_000),
      previewExpiryMs: Math.round(e.PREVIEW_EXPIRY_HOURS * 3_600_000),
      intervalMs: Math.round(e.PURGE_INTERVAL_MINUTES * 60_000),
      chunkSize: e.PURGE_CHUNK_SIZE,
    },
    files: {
      directory: e.FILES_DIR,
      maxBytes: e.FILES_MAX_BYTES,
      signingSecret: e.FILES_SIGNING_SECRET,
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              accessKey: e.S3_ACCESS_KEY,
              secretKey: e.S3_SECRET_KEY,
              region: e.S3_REGION,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
  }
}

const trimmed = (url: string | undefined) => url?.replace(/\/+$/, '')

/**
 * The builder's and the user content's addresses: as configured, else `http://localhost:PORT` and
 * `http://127.0.0.1:PORT` (`[::1]` for a server listening on IPv6 loopback only; `port`: the one the server listens
 * on, when PORT is 0).
 */
export const siteUrls = (config: Pick<Config, 'urls' | 'port' | 'host'>, port = config.port) => ({
  builder: config.urls.builder ?? `http://${DEFAULT_BUILDER_HOST}:${port}`,
  content: config.urls.content ?? `http://${defaultContentHost(config.host)}:${port}`,
})
