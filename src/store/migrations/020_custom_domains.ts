// Custom domains (app/customDomains.ts): each domain names one bot across the whole server, its primary key keeping
// two bots from claiming it. A bot's `customDomain` lives in its document; this table follows it (claimed before the
// document is saved, removed with the bot) and keeps the domain's HTTP challenge: the token handed to its author and
// when the domain was found to reach this server. Bots stored before it get their domain here, the oldest bot first
// when two named the same one (the others keep theirs in the document, unserved, until changed).
import { randomBytes } from 'node:crypto'
import { normaliseDomain } from '../../contract/customDomains.js'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '020_custom_domains',
  async up(db) {
    await db.schema
      .createTable('customDomains')
      .addColumn('domain', 'text', (c) => c.primaryKey())
      .addColumn('botId', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('verifiedAt', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('custom_domains_bot').on('customDomains').column('botId').execute()
    const rows = await db
      .selectFrom('bots')
      .select(['id', 'doc'])
      .where('doc', 'like', '%"customDomain":"%')
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
    const taken = new Set<string>()
    const now = new Date().toISOString()
    for (const row of rows) {
      const res = normaliseDomain(JSON.parse(row.doc).customDomain)
      if (!res.ok || !res.domain || taken.has(res.domain)) continue
      taken.add(res.domain)
      const token = randomBytes(16).toString('hex')
      await db.insertInto('customDomains').values({ domain: res.domain, botId: row.id, token, createdAt: now }).execute()
    }
  },
}
