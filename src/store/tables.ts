// Table shapes as Kysely sees them. Column names are camelCase (Kysely quotes identifiers on both backends).
// Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text on both backends, so the two
// adapters read and write identical values; JSON documents are stored as text.
import type { Generated } from 'kysely'
import type { BotServiceField, BotServiceFields } from '../contract/bot/record.js'

export type Flag = 0 | 1

export interface UsersTable {
  id: string
  name: string
  email: string | null
  createdAt: string
  /** scrypt hash with its salt and parameters (see app/passwords.ts); null: no password sign-in. */
  passwordHash: string | null
  /** When the owner of `email` proved it (an emailed link, a provider's verified email, the operator); null: unproven. */
  emailVerifiedAt: string | null
  /** The web app's language the user chose (contract/languages.ts); null: their browser's. */
  language: string | null
}

export interface ApiTokensTable {
  id: string
  userId: string
  name: string
  tokenHash: string
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string | null
  /** The one workspace the token reaches; null: every workspace of its user. */
  workspaceId: string | null
}

/** Browser sessions: the cookie's value is known only by its SHA-256 hash. */
export interface SessionsTable {
  id: string
  userId: string
  tokenHash: string
  /** Sent back in `x-csrf-token` on every cookie-authenticated write. */
  csrfToken: string
  createdAt: string
  expiresAt: string
}

/** Password reset and magic sign-in links: hashed, expiring, deleted when used. */
export interface OneTimeLinksTable {
  id: string
  userId: string
  purpose: string
  tokenHash: string
  createdAt: string
  expiresAt: string
}

/** Who a user is at an OpenID Connect provider. */
export interface OidcIdentitiesTable {
  issuer: string
  subject: string
  userId: string
  createdAt: string
}

export interface WorkspacesTable {
  id: string
  name: string
  icon: string | null
  plan: string
  billingProviderId: string | null
  settings: string
  customChatsLimit: number | null
  customSeatsLimit: number | null
  isSuspended: Flag
  isPastDue: Flag
  isVerified: Flag
  chatsHardLimit: number | null
  lastActivityAt: string | null
  inactiveFirstEmailSentAt: string | null
  inactiveSecondEmailSentAt: string | null
  createdAt: string
  updatedAt: string
}

export interface MembersTable {
  workspaceId: string
  userId: string
  role: string
  createdAt: string
}

/** A column of each field the bot record's service owns (contract/bot/record.ts): booleans as flags. */
type BotServiceColumns = { [K in BotServiceField]: BotServiceFields[K] extends boolean ? Flag : BotServiceFields[K] }

export interface BotsTable extends BotServiceColumns {
  /** The current published snapshot (a row of publishedBots), null while unpublished. */
  publishedId: string | null
  /** The rest of the bot (graph, theme, settings, metadata and any unknown field), as JSON text. */
  doc: string
  /** The document's name, for lists that do not read documents. */
  name: string
  icon: string | null
  /** Hash of the draft's runtime part (store/botHash.ts), and of the current published snapshot's (null: unpublished). */
  draftHash: string
  publishedHash: string | null
}

/** Immutable snapshots: publishing adds one; running chats keep the snapshot they started on. */
export interface PublishedBotsTable {
  id: string
  botId: string
  /** groups, events, edges, variables, theme, settings and version of the snapshot, as JSON text. */
  doc: string
  createdAt: string
  updatedAt: string
  /** The version's number, 1 for a bot's first publish; null for preview snapshots, which are not versions. */
  number: number | null
  /** The user who published it (null: unknown, or published before versions were kept). */
  publishedBy: string | null
  note: string | null
}

export interface ChatSessionsTable {
  id: string
  /** Incremented on every write: concurrent turns on one session are serialised by this check. */
  revision: number
  state: string
  createdAt: string
  updatedAt: string
  /** A preview chat (no result, a preview snapshot): purged sooner than live chats (app/lifecycle.ts). */
  isPreview: Flag
  /**
   * The reply the turn that made this revision answered (a digest of it and its caller) and that turn's answer
   * (JSON), so that the same reply sent at the same time through another process gets it too (app/chats.ts); null
   * after a start or a write that answered no reply.
   */
  lastReply: string | null
  lastAnswer: string | null
}

export interface ResultsTable {
  /** Insertion order; the numeric page cursor of result listings. */
  seq: Generated<number>
  id: string
  botId: string
  createdAt: string
  variables: string
  isCompleted: Flag
  hasStarted: Flag
  isArchived: Flag
  lastChatSessionId: string | null
  /**
   * SHA-256 (hex) of the result's client key: the `resultId` chat clients hold and send back to resume it (remember
   * user). Null for results no client resumes (linked bots' results, results made before keys existed).
   */
  clientKeyHash: string | null
}

export interface AnswersTable {
  id: Generated<number>
  resultId: string
  blockId: string
  content: string
  attachedFileUrls: string | null
  createdAt: string
}

export interface LogsTable {
  id: Generated<number>
  resultId: string
  status: string
  description: string
  details: string | null
  context: string | null
  createdAt: string
}

/** Secrets of a workspace's integrations (API keys, SMTP logins). */
export interface CredentialsTable {
  id: string
  workspaceId: string
  type: string
  name: string
  /** The secret fields as JSON, encrypted (`v1:<iv>:<tag>:<ciphertext>`, see lib/secrets.ts). */
  data: string
  createdAt: string
}

/** Folders of a workspace's bots (one level). */
export interface FoldersTable {
  id: string
  workspaceId: string
  name: string
  createdAt: string
  updatedAt: string
}

/** A workspace's own theme templates; `theme` is the theme's JSON. */
export interface ThemeTemplatesTable {
  id: string
  workspaceId: string
  name: string
  theme: string
  createdAt: string
}

/** Pending invitations to a workspace: one per workspace and email (lower-cased); the link's token is stored hashed. */
export interface InvitationsTable {
  id: string
  workspaceId: string
  email: string
  role: string
  tokenHash: string
  /** The admin who invited (null once their account is gone). */
  invitedBy: string | null
  createdAt: string
  expiresAt: string
}

/** Subscriptions to a workspace's (or one bot's) result events, delivered by the dispatcher (app/webhookDispatcher.ts). */
export interface WebhooksTable {
  id: string
  workspaceId: string
  /** Null: every bot of the workspace. */
  botId: string | null
  url: string
  /** JSON array of event types ('result.started', 'answer.created', 'result.completed'). */
  events: string
  description: string
  enabled: Flag
  /** The signing secret, encrypted (see lib/secrets.ts), bound to the workspace and the subscription's id. */
  secret: string
  createdAt: string
  updatedAt: string
}

/** The outbox: events written by chat turns (one row per event, `id` is the idempotency id), expanded into deliveries. */
export interface WebhookEventsTable {
  id: string
  workspaceId: string
  botId: string | null
  resultId: string | null
  type: string
  /** The request body sent to receivers, as JSON text. */
  payload: string
  /** 1 once the dispatcher made its deliveries (one per matching subscription); 0 by default. */
  expanded: Generated<Flag>
  createdAt: string
}

/** One event for one subscription, with the outcome of its last attempt. */
export interface WebhookDeliveriesTable {
  id: string
  webhookId: string
  eventId: string
  /** pending | delivering (leased by a dispatcher until lockedUntil) | delivered | failed */
  status: string
  attempts: number
  nextAttemptAt: string
  lockedUntil: string | null
  lastAttemptAt: string | null
  lastStatusCode: number | null
  lastError: string | null
  /** The start of the receiver's last answer (at most 1 KB). */
  responseExcerpt: string | null
  durationMs: number | null
  createdAt: string
}

/** A lease one node holds until `expiresAt` for a job only one node should run at a time (session purge). */
export interface LeasesTable {
  name: string
  /** A random id of the holding process. */
  holder: string
  expiresAt: string
}

/** One row: this database's random identity (set by migration 011), told apart by `parley doctor` via /health. */
export interface ParleyInstanceTable {
  id: string
  createdAt: string
}

/** Attempts counted per key in a fixed window (app/rateLimit.ts); the key is a SHA-256 digest, not the email or address. */
export interface RateLimitsTable {
  key: string
  hits: number
  /** Milliseconds since the epoch when the window ends (written and compared in SQL only: PostgreSQL's bigint). */
  resetAt: number
}

/**
 * An upload URL handed out (app/files.ts), by the file key it uploads to. It is used once (`claimedAt`), and only
 * while its chat's session is still as it was when the URL was given (the same revision and last write).
 */
export interface FileUploadsTable {
  key: string
  sessionId: string
  sessionRevision: number
  sessionUpdatedAt: string
  /** Milliseconds since the epoch when the URL expires (its signed `expires`); rows are purged after it. */
  expiresAt: number
  claimedAt: string | null
}

/** A verification token an operator pastes into a messaging app's webhook set-up: used once, before `expiresAt` (ms). */
export interface ChannelTokensTable {
  /** SHA-256 of the token: a copy of the table gives no usable token. */
  tokenHash: string
  workspaceId: string
  purpose: string
  expiresAt: number
}

/** A message a channel took (by channel, account and message id): a second delivery of it is dropped. */
export interface ChannelMessagesTable {
  key: string
  expiresAt: number
}

/** A custom domain and the bot it serves (migration 020_custom_domains). */
export interface CustomDomainsTable {
  domain: string
  botId: string
  /** The HTTP challenge's token (not a secret: it is in the challenge's URL). */
  token: string
  verifiedAt: string | null
  createdAt: string
}

/** Migrations applied to this database (see migrations/index.ts). */
export interface ParleyMigrationsTable {
  name: string
  appliedAt: string
}

export interface Database {
  parleyInstance: ParleyInstanceTable
  rateLimits: RateLimitsTable
  fileUploads: FileUploadsTable
  channelTokens: ChannelTokensTable
  channelMessages: ChannelMessagesTable
  customDomains: CustomDomainsTable
  parleyMigrations: ParleyMigrationsTable
  users: UsersTable
  apiTokens: ApiTokensTable
  sessions: SessionsTable
  oneTimeLinks: OneTimeLinksTable
  oidcIdentities: OidcIdentitiesTable
  workspaces: WorkspacesTable
  members: MembersTable
  bots: BotsTable
  publishedBots: PublishedBotsTable
  chatSessions: ChatSessionsTable
  results: ResultsTable
  answers: AnswersTable
  logs: LogsTable
  credentials: CredentialsTable
  folders: FoldersTable
  themeTemplates: ThemeTemplatesTable
  invitations: InvitationsTable
  webhooks: WebhooksTable
  webhookEvents: WebhookEventsTable
  webhookDeliveries: WebhookDeliveriesTable
  parleyLeases: LeasesTable
}
