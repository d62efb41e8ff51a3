// Schema migrations, applied at start-up. Each runs once, in order, recorded in `parleyMigrations`.
// The whole run is one transaction holding the dialect's migration lock (adapter.acquireMigrationLock), so
// processes starting together on one database apply each migration exactly once and never see half of it.
import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { runtimeHash } from './botHash.js'
import type { DialectAdapter } from './dialect/adapter.js'

type Migration = { name: string; up: (db: Kysely<any>, adapter: DialectAdapter) => Promise<void> }

export const migrations: Migration[] = [
  {
    name: '001_accounts_workspaces_bots',
    async up(db) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('apiTokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('lastUsedAt', 'text')
        .execute()
      await db.schema
        .createTable('workspaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('billingProviderId', 'text')
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('customChatsLimit', 'integer')
        .addColumn('customSeatsLimit', 'integer')
        .addColumn('isSuspended', 'integer', (c) => c.notNull())
        .addColumn('isPastDue', 'integer', (c) => c.notNull())
        .addColumn('isVerified', 'integer', (c) => c.notNull())
        .addColumn('chatsHardLimit', 'integer')
        .addColumn('lastActivityAt', 'text')
        .addColumn('inactiveFirstEmailSentAt', 'text')
        .addColumn('inactiveSecondEmailSentAt', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('members')
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('members_pk', ['workspaceId', 'userId'])
        .execute()
      await db.schema.createIndex('members_user').on('members').column('userId').execute()
      await db.schema
        .createTable('bots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('publicId', 'text', (c) => c.unique())
        .addColumn('isArchived', 'integer', (c) => c.notNull())
        .addColumn('isClosed', 'integer', (c) => c.notNull())
        .addColumn('publishedId', 'text')
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('bots_workspace').on('bots').columns(['workspaceId', 'createdAt']).execute()
      await db.schema
        .createTable('publishedBots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('botId', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('published_bots_bot').on('publishedBots').column('botId').execute()
    },
  },
  {
    name: '002_sessions_results',
    async up(db, adapter) {
      await db.schema
        .createTable('chatSessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('results')
        .addColumn('seq', 'integer', adapter.serialPrimaryKey)
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('botId', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('variables', 'text', (c) => c.notNull())
        .addColumn('isCompleted', 'integer', (c) => c.notNull())
        .addColumn('hasStarted', 'integer', (c) => c.notNull())
        .addColumn('isArchived', 'integer', (c) => c.notNull())
        .addColumn('lastChatSessionId', 'text')
        .execute()
      // Serves the results listing (newest first, keyset on createdAt then seq) at any table size.
      await sql`create index "results_listing" on "results" ("botId", "createdAt" desc, "seq" desc)
        where "hasStarted" = 1 and "isArchived" = 0`.execute(db)
      await db.schema
        .createTable('answers')
        .addColumn('id', 'integer', adapter.serialPrimaryKey)
        .addColumn('resultId', 'text', (c) => c.notNull().references('results.id').onDelete('cascade'))
        .addColumn('blockId', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('attachedFileUrls', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('answers_result').on('answers').columns(['resultId', 'id']).execute()
      await db.schema
        .createTable('logs')
        .addColumn('id', 'integer', adapter.serialPrimaryKey)
        .addColumn('resultId', 'text', (c) => c.notNull().references('results.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('details', 'text')
        .addColumn('context', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('logs_result').on('logs').column('resultId').execute()
    },
  },
  {
    name: '003_credentials',
    async up(db) {
      await db.schema
        .createTable('credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('credentials_workspace').on('credentials').columns(['workspaceId', 'createdAt']).execute()
    },
  },
  {
    // Chat clients resume a result by a secret key of its own, never by the id readers of the workspace see.
    name: '004_result_client_keys',
    async up(db) {
      await db.schema.alterTable('results').addColumn('clientKeyHash', 'text').execute()
      // Partial: most rows (linked bots' results, older results) have no key. Both backends allow the `where`.
      await sql`create unique index "results_client_key" on "results" ("clientKeyHash") where "clientKeyHash" is not null`.execute(db)
    },
  },
  {
    // Client logs may arrive after a chat's last turn, when its session is gone: the result is found by session id.
    name: '005_results_by_session',
    async up(db) {
      await db.schema.createIndex('results_last_session').on('results').column('lastChatSessionId').execute()
    },
  },
  {
    // Browser sign-in: passwords, sessions, one-time links, OpenID Connect identities; tokens expire and may be scoped.
    name: '006_sign_in',
    async up(db) {
      await db.schema.alterTable('users').addColumn('passwordHash', 'text').execute()
      await db.schema.alterTable('apiTokens').addColumn('expiresAt', 'text').execute()
      await db.schema
        .alterTable('apiTokens')
        .addColumn('workspaceId', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
        .execute()
      await db.schema.createIndex('api_tokens_user').on('apiTokens').column('userId').execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('csrfToken', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute()
      await db.schema
        .createTable('oneTimeLinks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('one_time_links_user').on('oneTimeLinks').column('userId').execute()
      await db.schema
        .createTable('oidcIdentities')
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
        .execute()
    },
  },
  {
    // The builder's home: folders of bots, invitations to workspaces, and what bot lists show without each bot's
    // document (its name and icon, and hashes telling whether the draft differs from the published snapshot).
    name: '007_workspace_dashboard',
    async up(db) {
      await db.schema
        .createTable('folders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('folders_workspace').on('folders').columns(['workspaceId', 'name']).execute()
      await db.schema
        .alterTable('bots')
        .addColumn('folderId', 'text', (c) => c.references('folders.id').onDelete('set null'))
        .execute()
      await db.schema.createIndex('bots_folder').on('bots').column('folderId').execute()
      await db.schema
        .alterTable('bots')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.alterTable('bots').addColumn('icon', 'text').execute()
      await db.schema
        .alterTable('bots')
        .addColumn('draftHash', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.alterTable('bots').addColumn('publishedHash', 'text').execute()
      // Existing bots: the name and hashes from their documents (a published bot is taken as up to date with its draft
      // when its snapshot holds the same runtime fields).
      const rows = await db.selectFrom('bots').select(['id', 'doc', 'publishedId']).execute()
      for (const row of rows) {
        const doc = JSON.parse(row.doc)
        const draftHash = runtimeHash(doc)
        const snapshot = row.publishedId
          ? await db.selectFrom('publishedBots').select('doc').where('id', '=', row.publishedId).executeTakeFirst()
          : undefined
        const publishedHash = snapshot ? runtimeHash(JSON.parse(snapshot.doc)) : null
        await db
          .updateTable('bots')
          .set({ name: typeof doc.name === 'string' ? doc.name : '', icon: typeof doc.icon === 'string' ? doc.icon : null, draftHash, publishedHash })
          .where('id', '=', row.id)
          .execute()
      }
      await db.schema
        .createTable('invitations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
        .addColumn('invitedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('invitations_workspace_email', ['workspaceId', 'email'])
        .execute()
      await db.schema.createIndex('invitations_email').on('invitations').column('email').execute()
    },
  },
  {
    // Analytics count every result of a bot in a time window, and deleting all of them walks the same rows.
    name: '008_results_table',
    async up(db) {
      await db.schema.createIndex('results_bot_created').on('results').columns(['botId', 'createdAt']).execute()
    },
  },
  {
    // Signed outgoing webhooks (docs/webhooks.md): subscriptions, the outbox chat turns write to, and deliveries.
    name: '009_webhooks',
    async up(db) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
        .addColumn('botId', 'text', (c) => c.references('bots.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webhooks_workspace').on('webhooks').columns(['workspaceId', 'createdAt']).execute()
      await db.schema.createIndex('webhooks_bot').on('webhooks').column('botId').execute()
      // No foreign keys to results or bots: the outbox outlives a deleted result, and a chat turn's insert must not
      // fail on a row deleted meanwhile.
      await db.schema
        .createTable('webhookEvents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspaceId', 'text', (c) => c.notNull())
        .addColumn('botId', 'text')
        .addColumn('resultId', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('expanded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webhook_events_pending').on('webhookEvents').columns(['expanded', 'createdAt']).execute()
      await db.schema.createIndex('webhook_events_created').on('webhookEvents').column('createdAt').execute()
      await db.schema
        .createTable('webhookDeliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhookId', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('eventId', 'text', (c) => c.notNull().references('webhookEvents.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
        .addColumn('lockedUntil', 'text')
        .addColumn('lastAttemptAt', 'text')
        .addColumn('lastStatusCode', 'integer')
        .addColumn('lastError', 'text')
        .addColumn('responseExcerpt', 'text')
        .addColumn('durationMs', 'integer')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('webhook_deliveries_once', ['webhookId', 'eventId'])
        .execute()
      // The claim query: due pending deliveries, and leases that ran out.
      await db.schema.createIndex('webhook_deliveries_due').on('webhookDeliveries').columns(['status', 'nextAttemptAt']).execute()
      await db.schema.createIndex('webhook_deliveries_lease').on('webhookDeliveries').columns(['status', 'lockedUntil']).execute()
      await db.schema.createIndex('webhook_deliveries_log').on('webhookDeliveries').columns(['webhookId', 'createdAt']).execute()
      await db.schema.createIndex('webhook_deliveries_event').on('webhookDeliveries').column('eventId').execute()
    },
  },
  {
    // Session lifecycle (app/lifecycle.ts): idle sessions are found by kind and last write, preview snapshots by last
    // use, and one lease names the node purging them.
    name: '010_session_lifecycle',
    async up(db, adapter) {
      await db.schema
        .alterTable('chatSessions')
        .addColumn('isPreview', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db
        .updateTable('chatSessions')
        .set({ isPreview: 1 })
        .where(sql`cast(${adapter.jsonText(sql.ref('state'), ['isPreview'])} as text)`, 'in', ['1', 'true'])
        .execute()
      // On createdAt, which turns never change (an index on updatedAt would be rewritten by every turn): a session
      // idle since before a time was created before it too.
      await db.schema.createIndex('chat_sessions_expiry').on('chatSessions').columns(['isPreview', 'createdAt']).execute()
      await sql`create index "published_bots_preview" on "publishedBots" ("updatedAt", "id") where "id" like 'preview-%'`.execute(db)
      await db.schema
        .createTable('parleyLeases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'text', (c) => c.notNull())
        .execute()
    },
  },
  {
    // A random identity per database, so that `parley doctor` can tell whether PARLEY_PUBLIC_URL reaches a server on
    // this database (its /health answers a hash of it) or another Parley.
    name: '011_instance_id',
    async up(db) {
      await db.schema
        .createTable('parleyInstance')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db
        .insertInto('parleyInstance')
        .values({ id: randomBytes(24).toString('base64url'), createdAt: new Date().toISOString() })
        .execute()
    },
  },
  {
    // Rate limits (sign-in attempts, emailed links, webhook test pings) counted in the database, so that every
    // process and node counts together; rows of ended windows are deleted by the lifecycle job.
    name: '012_rate_limits',
    async up(db) {
      await db.schema
        .createTable('rateLimits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('resetAt', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('rate_limits_reset').on('rateLimits').column('resetAt').execute()
    },
  },
  {
    // When each account's email was proven by its owner (an emailed link used, a provider that verified it, or the
    // operator's CLI); null: not proven, so OpenID Connect never joins that account by email. Accounts that already
    // have an OpenID Connect identity count as proven when it was linked: such accounts were made with a
    // provider-verified email only, and identities were linked to accounts only on a provider-verified email.
    name: '013_email_verified',
    async up(db) {
      await db.schema.alterTable('users').addColumn('emailVerifiedAt', 'text').execute()
      await db
        .updateTable('users')
        .set((eb) => ({
          emailVerifiedAt: eb.selectFrom('oidcIdentities').select(eb.fn.min('createdAt').as('at')).whereRef('oidcIdentities.userId', '=', 'users.id'),
        }))
        .where('email', 'is not', null)
        .where('id', 'in', db.selectFrom('oidcIdentities').select('userId'))
        .execute()
    },
  },
  {
    // Upload URLs handed out, so that each is used once and dies with the turn that moves its chat on (store/fileUploads.ts);
    // rows of expired URLs are deleted by the lifecycle job.
    name: '014_file_uploads',
    async up(db) {
      await db.schema
        .createTable('fileUploads')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('sessionId', 'text', (c) => c.notNull())
        .addColumn('sessionRevision', 'integer', (c) => c.notNull())
        .addColumn('sessionUpdatedAt', 'text', (c) => c.notNull())
        .addColumn('expiresAt', 'bigint', (c) => c.notNull())
        .addColumn('claimedAt', 'text')
        .execute()
      await db.schema.createIndex('file_uploads_expiry').on('fileUploads').column('expiresAt').execute()
    },
  },
  {
    // The reply each session's last turn answered and its answer: the same reply sent at the same time through
    // another process loses the revision check and gets that answer instead of a conflict (app/chats.ts).
    name: '015_session_last_reply',
    async up(db) {
      await db.schema.alterTable('chatSessions').addColumn('lastReply', 'text').execute()
      await db.schema.alterTable('chatSessions').addColumn('lastAnswer', 'text').execute()
    },
  },
]

/** Applies pending migrations; returns the names applied now (empty when the database is up to date). */
export const migrate = async (db: Kysely<any>, adapter: DialectAdapter): Promise<string[]> =>
  db.transaction().execute(async (trx) => {
    await adapter.acquireMigrationLock(trx)
    await trx.schema
      .createTable('parleyMigrations')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('appliedAt', 'text', (c) => c.notNull())
      .execute()
    const done = new Set((await trx.selectFrom('parleyMigrations').select('name').execute()).map((r) => r.name))
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.name)) continue
      await m.up(trx, adapter)
      await trx.insertInto('parleyMigrations').values({ name: m.name, appliedAt: new Date().toISOString() }).execute()
      applied.push(m.name)
    }
    return applied
  })
