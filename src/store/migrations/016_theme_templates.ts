// A workspace's own theme templates (saved from a bot's theme in the editor), beside the built-in gallery.
import type { Migration } from './migration.js'

export const migration: Migration = {
  name: '016_theme_templates',
  async up(db) {
    await db.schema
      .createTable('themeTemplates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('theme', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('theme_templates_workspace').on('themeTemplates').columns(['workspaceId', 'name']).execute()
  },
}
