// Bots: operations 1–5, plus list, delete, publish and unpublish.
import { z } from 'zod'
import { contentDisposition } from '../contentDisposition.js'
import { defineRoute } from '../route.js'
import {
  botChecksSchema,
  botParams,
  botSchema,
  botSummarySchema,
  createBotBody,
  errorSchema,
  importBotBody,
  importManyBody,
  listBotsQuery,
  migrateQuery,
  moveBotBody,
  publishedBotSchema,
  starterSchema,
  updateBotBody,
  userModeSchema,
} from '../../contract/api.js'

const tags = ['Bots']
const errors = {
  400: { description: 'Invalid request or bot definition', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown bot or workspace (or not a member)', schema: errorSchema },
}
const botAnswer = z.object({ bot: botSchema })
const checkedBotAnswer = botAnswer.extend({ checks: botChecksSchema })
const publishedAnswer = z.object({ publishedBot: publishedBotSchema, version: z.literal('3') })

export const botRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/bots',
    auth: 'required',
    tags,
    summary: 'Create a bot, blank or from a starter bot (`starterId`)',
    body: createBotBody,
    responses: {
      200: { description: 'Created', schema: checkedBotAnswer },
      ...errors,
      409: { description: 'publicId already used', schema: errorSchema },
    },
    async handler({ app, user, body }) {
      const bot = await app.bots.create(user, body.workspaceId, body.bot, body.starterId)
      return { bot, checks: await app.bots.checksOf(bot) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/import',
    auth: 'required',
    tags,
    summary: 'Import a Typebot export (schema versions 3 to 6.1; stored as v6)',
    body: importBotBody,
    responses: { 200: { description: 'Imported', schema: checkedBotAnswer }, ...errors },
    async handler({ app, user, body }) {
      const bot = await app.bots.import(user, body.workspaceId, body.bot, body.folderId)
      return { bot, checks: await app.bots.checksOf(bot) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/importMany',
    auth: 'required',
    tags,
    summary: 'Import several Typebot exports at once: Typebot links between them follow their new ids',
    body: importManyBody,
    responses: { 200: { description: 'Imported, in the given order', schema: z.object({ bots: z.array(botSchema) }) }, ...errors },
    async handler({ app, user, body }) {
      return { bots: await app.bots.importMany(user, body.workspaceId, body.bots, body.folderId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots',
    auth: 'required',
    tags,
    summary: 'List the bots of a workspace (optionally of one folder, or whose name contains `q`)',
    query: listBotsQuery,
    responses: { 200: { description: 'The bots, newest first', schema: z.object({ bots: z.array(botSummarySchema) }) }, ...errors },
    async handler({ app, user, query }) {
      const folderId = query.folderId === 'root' ? null : query.folderId
      return { bots: await app.bots.list(user, query.workspaceId, { folderId, q: query.q }) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}',
    auth: 'required',
    tags,
    summary: 'Get a bot',
    params: botParams,
    query: migrateQuery,
    responses: {
      200: {
        description: "The bot, with the caller's rights and its publishing state",
        schema: botAnswer.extend({
          currentUserMode: userModeSchema,
          publishedAt: z.string().nullable().meta({ description: 'When the current version was published; null while unpublished.' }),
          hasUnpublishedChanges: z.boolean().meta({ description: 'The draft differs from the published version.' }),
        }),
      },
      ...errors,
    },
    async handler({ app, user, params }) {
      // Bots are stored as v6 (the latest schema), so migrateToLatestVersion has nothing left to convert.
      return app.bots.get(user, params.botId)
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/bots/{botId}',
    auth: 'required',
    tags,
    summary: 'Update a bot (409 when bot.updatedAt is older than the stored bot, unless overwrite is true)',
    params: botParams,
    body: updateBotBody,
    responses: {
      200: { description: 'Updated', schema: checkedBotAnswer },
      ...errors,
      409: { description: 'Conflict (stale updatedAt, or publicId already used)', schema: errorSchema },
    },
    async handler({ app, user, params, body }) {
      const bot = await app.bots.update(user, params.botId, body.bot, body.overwrite)
      return { bot, checks: await app.bots.checksOf(bot) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/check',
    auth: 'required',
    tags,
    summary: "Check a bot's draft: dangling or ignored edges, unreachable groups, unknown variables, missing linked bots",
    params: botParams,
    responses: { 200: { description: 'The problems found (empty when none)', schema: z.object({ checks: botChecksSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { checks: await app.bots.check(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{botId}',
    auth: 'required',
    tags,
    summary: 'Delete a bot with its published versions and results',
    params: botParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.bots.delete(user, params.botId)
      return { id, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/publish',
    auth: 'required',
    tags,
    summary: 'Publish the draft (replaces the previous published version)',
    params: botParams,
    responses: { 200: { description: 'Published', schema: publishedAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { publishedBot: await app.bots.publish(user, params.botId), version: '3' as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/unpublish',
    auth: 'required',
    tags,
    summary: 'Unpublish a bot (live chats can no longer start)',
    params: botParams,
    responses: { 200: { description: 'Unpublished', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.unpublish(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/publishedBot',
    auth: 'required',
    tags,
    summary: 'Get the published bot',
    params: botParams,
    query: migrateQuery,
    responses: { 200: { description: 'The published version', schema: publishedAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { publishedBot: await app.bots.published(user, params.botId), version: '3' as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/duplicate',
    auth: 'required',
    tags,
    summary: 'Duplicate a bot\'s draft (named "… (copy)", same folder, unpublished, no results)',
    params: botParams,
    responses: { 200: { description: 'The copy', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.duplicate(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/export',
    auth: 'required',
    tags,
    summary: 'Export a bot as a Typebot export file (what the import takes), as a download',
    params: botParams,
    responses: { 200: { description: 'The bot (Content-Disposition: attachment)', schema: botSchema }, ...errors },
    async handler({ app, user, params, reply }) {
      const { bot, fileName } = await app.bots.export(user, params.botId)
      reply.header('content-disposition', contentDisposition(fileName, 'application/json'))
      return bot
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/move',
    auth: 'required',
    tags,
    summary: 'Move a bot to a folder of its workspace (null: the root)',
    params: botParams,
    body: moveBotBody,
    responses: { 200: { description: 'Moved', schema: botAnswer }, ...errors },
    async handler({ app, user, params, body }) {
      return { bot: await app.bots.update(user, params.botId, { folderId: body.folderId }) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/close',
    auth: 'required',
    tags,
    summary: 'Close a bot: new chats are refused (bot_closed) until it is reopened',
    params: botParams,
    responses: { 200: { description: 'Closed', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.setClosed(user, params.botId, true) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/reopen',
    auth: 'required',
    tags,
    summary: 'Reopen a closed bot',
    params: botParams,
    responses: { 200: { description: 'Reopened', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.setClosed(user, params.botId, false) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/starters',
    auth: 'required',
    tags,
    summary: 'List the starter bots a bot can be created from (POST /v1/bots with starterId)',
    responses: { 200: { description: 'The starters', schema: z.object({ starters: z.array(starterSchema) }) }, ...errors },
    async handler({ app }) {
      return { starters: app.starters.list() }
    },
  }),
]
