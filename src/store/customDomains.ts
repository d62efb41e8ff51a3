// Custom domains: which bot each domain names (one across the server: the primary key), and its HTTP challenge.
// app/customDomains.ts keeps the rows in step with the bots' documents.
import type { Kysely } from 'kysely'
import type { Database } from './tables.js'

export type CustomDomainRow = { domain: string; botId: string; token: string; verifiedAt: string | null; createdAt: string }

export const customDomains = (db: Kysely<Database>) => ({
  async get(domain: string): Promise<CustomDomainRow | undefined> {
    return db.selectFrom('customDomains').selectAll().where('domain', '=', domain).executeTakeFirst()
  },

  /** Adds the domain for the bot unless another row has it; answers the row that has it now. */
  async insert(row: Omit<CustomDomainRow, 'verifiedAt'>): Promise<CustomDomainRow> {
    await db
      .insertInto('customDomains')
      .values({ ...row, verifiedAt: null })
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute()
    return (await this.get(row.domain))!
  },

  /** Removes the bot's rows but `keep` (the domain it claims now, if any). */
  async releaseOthers(botId: string, keep: string | null): Promise<void> {
    let query = db.deleteFrom('customDomains').where('botId', '=', botId)
    if (keep) query = query.where('domain', '!=', keep)
    await query.execute()
  },

  /** Removes a row that names another bot than its domain's holder now (left by a save that did not happen). */
  async releaseStale(domain: string, botId: string): Promise<void> {
    await db.deleteFrom('customDomains').where('domain', '=', domain).where('botId', '=', botId).execute()
  },

  async markVerified(domain: string, botId: string, at: string): Promise<void> {
    await db.updateTable('customDomains').set({ verifiedAt: at }).where('domain', '=', domain).where('botId', '=', botId).execute()
  },
})
