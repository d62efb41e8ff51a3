// Bots: operations 1–5, plus list, delete, publish and unpublish.
import { z } from 'zod'
import { generatePublicId, importedBotDoc, newBotDoc, patchedBotDoc, type DocResult } from '../../domain/bots.js'
import { type BotChanges, PublicIdTakenError, type StoredBot } from '../../store/bots.js'
import type { Store } from '../../store/index.js'
import { botWithRole, userMode, workspaceRole } from '../access.js'
import { badRequest, conflict, notFound } from '../errors.js'
import { defineRoute } from '../route.js'
import {
  botParams, botSchema, botSummarySchema, createBotBody, errorSchema, importBotBody, listBotsQuery, migrateQuery,
  publishedBotSchema, updateBotBody, userModeSchema,
} from '../schemas.js'
import { botSummaryView, botView, publishedBotView } from '../views.js'

const tags = ['Bots']
const errors = {
  400: { description: 'Invalid request or bot definition', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown bot or workspace (or not a member)', schema: errorSchema },
}
const botAnswer = z.object({ bot: botSchema })
const publishedAnswer = z.object({ publishedBot: publishedBotSchema, version: z.literal('3') })

const docOrThrow = (res: DocResult) => {
  if (!res.ok) throw badRequest('The bot definition is invalid.', res.issues)
  return res.doc
}

const freePublicId = async (store: Store, name: string): Promise<string> => {
  for (;;) {
    const candidate = generatePublicId(name)
    if (!(await store.bots.isPublicIdTaken(candidate))) return candidate
  }
}

const withPublicIdConflict = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (err) {
    if (err instanceof PublicIdTakenError) throw conflict(err.message)
    throw err
  }
}

const createStored = (store: Store, workspaceId: string, doc: StoredBot['doc'], publicId: string | null | undefined, isClosed?: boolean) =>
  withPublicIdConflict(async () =>
    store.bots.create({ workspaceId, doc, isClosed, publicId: publicId ?? (await freePublicId(store, doc.name)) }),
  )

export const botRoutes = [
  defineRoute({
    method: 'POST', path: '/v1/bots', api: 'management', auth: 'required', tags,
    summary: 'Create a bot',
    body: createBotBody,
    responses: { 200: { description: 'Created', schema: botAnswer }, ...errors, 409: { description: 'publicId already used', schema: errorSchema } },
    async handler({ store, user, body }) {
      await workspaceRole(store, user, body.workspaceId, 'write')
      const { publicId, isClosed, ...input } = body.bot ?? {}
      const doc = docOrThrow(newBotDoc(input))
      return { bot: botView(await createStored(store, body.workspaceId, doc, publicId, isClosed)) }
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/bots/import', api: 'management', auth: 'required', tags,
    summary: 'Import a Typebot export (schema versions 3 to 6.1; stored as v6)',
    body: importBotBody,
    responses: { 200: { description: 'Imported', schema: botAnswer }, ...errors },
    async handler({ store, user, body }) {
      await workspaceRole(store, user, body.workspaceId, 'write')
      const doc = docOrThrow(importedBotDoc(body.bot))
      const isClosed = body.bot.isClosed === true
      return { bot: botView(await createStored(store, body.workspaceId, doc, undefined, isClosed)) }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/bots', api: 'management', auth: 'required', tags,
    summary: 'List the bots of a workspace',
    query: listBotsQuery,
    responses: { 200: { description: 'The bots, newest first', schema: z.object({ bots: z.array(botSummarySchema) }) }, ...errors },
    async handler({ store, user, query }) {
      await workspaceRole(store, user, query.workspaceId, 'read')
      return { bots: (await store.bots.listByWorkspace(query.workspaceId)).map(botSummaryView) }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/bots/{botId}', api: 'management', auth: 'required', tags,
    summary: 'Get a bot',
    params: botParams,
    query: migrateQuery,
    responses: { 200: { description: 'The bot', schema: botAnswer.extend({ currentUserMode: userModeSchema }) }, ...errors },
    async handler({ store, user, params }) {
      // Bots are stored as v6 (the latest schema), so migrateToLatestVersion has nothing left to convert.
      const { bot, role } = await botWithRole(store, user, params.botId, 'read')
      return { bot: botView(bot), currentUserMode: userMode(role) }
    },
  }),
  defineRoute({
    method: 'PATCH', path: '/v1/bots/{botId}', api: 'management', auth: 'required', tags,
    summary: 'Update a bot (409 when bot.updatedAt is older than the stored bot, unless overwrite is true)',
    params: botParams,
    body: updateBotBody,
    responses: { 200: { description: 'Updated', schema: botAnswer }, ...errors, 409: { description: 'Conflict (stale updatedAt, or publicId already used)', schema: errorSchema } },
    async handler({ store, user, params, body }) {
      const { bot } = await botWithRole(store, user, params.botId, 'write')
      const { publicId, isClosed, isArchived, updatedAt, ...fields } = body.bot
      if (updatedAt !== undefined && Number.isNaN(Date.parse(updatedAt))) throw badRequest('bot.updatedAt must be a timestamp.', [{ path: 'bot.updatedAt', message: 'Invalid timestamp' }])
      const changes: BotChanges = { doc: docOrThrow(patchedBotDoc(bot.doc, fields)), isClosed, isArchived }
      if (publicId !== undefined) changes.publicId = publicId
      const guard = body.overwrite ? undefined : updatedAt
      const updated = await withPublicIdConflict(() => store.bots.update(bot.id, changes, guard))
      if (!updated) throw notFound('Bot not found.')
      if (updated === 'conflict') throw conflict('The bot was changed since your copy (bot.updatedAt is older than the stored one). Reload it, or send overwrite: true.')
      return { bot: botView(updated) }
    },
  }),
  defineRoute({
    method: 'DELETE', path: '/v1/bots/{botId}', api: 'management', auth: 'required', tags,
    summary: 'Delete a bot with its published versions and results',
    params: botParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ store, user, params }) {
      const { bot } = await botWithRole(store, user, params.botId, 'write')
      await store.bots.delete(bot.id)
      return { id: bot.id, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/bots/{botId}/publish', api: 'management', auth: 'required', tags,
    summary: 'Publish the draft (replaces the previous published version)',
    params: botParams,
    responses: { 200: { description: 'Published', schema: publishedAnswer }, ...errors },
    async handler({ store, user, params }) {
      const { bot } = await botWithRole(store, user, params.botId, 'write')
      const published = await store.bots.publish(bot.id)
      if (!published) throw notFound('Bot not found.')
      return { publishedBot: publishedBotView(published), version: '3' as const }
    },
  }),
  defineRoute({
    method: 'POST', path: '/v1/bots/{botId}/unpublish', api: 'management', auth: 'required', tags,
    summary: 'Unpublish a bot (live chats can no longer start)',
    params: botParams,
    responses: { 200: { description: 'Unpublished', schema: botAnswer }, ...errors },
    async handler({ store, user, params }) {
      const { bot } = await botWithRole(store, user, params.botId, 'write')
      await store.bots.unpublish(bot.id)
      return { bot: botView((await store.bots.get(bot.id))!) }
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/bots/{botId}/publishedBot', api: 'management', auth: 'required', tags,
    summary: 'Get the published bot',
    params: botParams,
    query: migrateQuery,
    responses: { 200: { description: 'The published version', schema: publishedAnswer }, ...errors },
    async handler({ store, user, params }) {
      const { bot } = await botWithRole(store, user, params.botId, 'read')
      const published = bot.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
      if (!published) throw notFound('This bot is not published.')
      return { publishedBot: publishedBotView(published), version: '3' as const }
    },
  }),
]
