// Version history: every publish is a numbered, immutable version of its bot (a row of publishedBots), with who
// published it and an optional note. Snapshots published before this migration are numbered in publishing order;
// preview snapshots (`preview-…` ids) get no number and are not versions.
import { sql } from 'kysely'
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '019_bot_versions',
  async up(db) {
    await db.schema.alterTable('publishedBots').addColumn('number', 'integer').execute()
    await db.schema.alterTable('publishedBots').addColumn('publishedBy', 'text').execute()
    await db.schema.alterTable('publishedBots').addColumn('note', 'text').execute()
    await sql`
      update "publishedBots" set "number" = (
        select count(*) from "publishedBots" as "earlier"
        where "earlier"."botId" = "publishedBots"."botId"
          and "earlier"."id" not like 'preview-%'
          and ("earlier"."updatedAt" < "publishedBots"."updatedAt"
            or ("earlier"."updatedAt" = "publishedBots"."updatedAt" and "earlier"."id" <= "publishedBots"."id"))
      )
      where "id" not like 'preview-%'`.execute(db)
    await sql`create unique index "published_bots_version" on "publishedBots" ("botId", "number") where "number" is not null`.execute(db)
  },
}
