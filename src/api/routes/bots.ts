// Bots: operations 1–5, plus list, check, delete, duplicate, export, move and starters (publishing: botPublishing.ts).
import { z } from 'zod'
import { badRequest } from '../../app/errors.js'
import { contentDisposition } from '../contentDisposition.js'
import { defineRoute } from '../route.js'
import { exampleBot, exampleGraph, exampleIds } from './botExamples.js'
import {
  botAnswer,
  botChecksSchema,
  botDraftAnswer,
  botParams,
  botSchema,
  botSummarySchema,
  checkedBotAnswer,
  createBotBody,
  errorSchema,
  importBotBody,
  IMPORT_MANY_MAX,
  importManyBody,
  listBotsQuery,
  migrateQuery,
  moveBotBody,
  starterSchema,
  updateBotBody,
} from '../../contract/api.js'
import type { ApiTag } from '../apiTags.js'

export const tags: ApiTag[] = ['Bots']
export const errors = {
  400: { description: 'Invalid request or bot definition', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not write', schema: errorSchema },
  404: { description: 'Unknown bot or workspace (or not a member)', schema: errorSchema },
}

export const botRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/bots',
    operationId: 'createBot',
    auth: 'required',
    tags,
    summary: 'Create a bot, blank or from a template (`templateSlug`)',
    description:
      "Creates a bot in a workspace where you are a member or admin (guests get 403). Send the graph in `bot` (Typebot v6 format), or `templateSlug` to copy a template (GET /v1/templates; `starterId` is its former name) with `bot` fields on top, or neither for a blank bot. With a template, `credentials` gives each block that needs credentials (the template's `credentials` list) the id of credentials of this workspace of the type it reads: 400 for another type or workspace. The answer carries `checks`: what in the graph will not run as drawn (the bot is saved anyway).",
    example: {
      body: { workspaceId: exampleIds.workspaceId, bot: { name: 'Coffee order', publicId: 'coffee-order', ...exampleGraph } },
      response: { status: 200, body: { bot: exampleBot, checks: [] } },
    },
    body: createBotBody,
    responses: {
      200: { description: 'Created', schema: checkedBotAnswer },
      ...errors,
      409: { description: 'publicId already used, or customDomain of another bot (code custom_domain_taken)', schema: errorSchema },
    },
    async handler({ app, user, body }) {
      const template = body.templateSlug ?? body.starterId
      if (body.credentials && template === undefined) throw badRequest("`credentials` go with `templateSlug`: they are for the template's blocks.")
      const bot = await app.bots.create(
        user,
        body.workspaceId,
        body.bot,
        template === undefined ? undefined : { template, credentials: body.credentials },
      )
      return { bot, checks: await app.bots.checksOf(bot) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/import',
    operationId: 'importBot',
    auth: 'required',
    tags,
    summary: 'Import a Typebot export (schema versions 3 to 6.1; stored as v6)',
    description:
      'Imports one bot exported from Typebot (the JSON file of its "Export" button, schema 3 to 6.1) into a workspace where you may write; it gets a new id and a public id made from its name (the one in the export is not kept) and is open. What import replaces (ids, workspace, custom domain, risk level, flags, folder, timestamps) is dropped before the export is checked, as in Typebot; without `folderId`, the folder the export names is used when it is one of this workspace. Use importMany for bots that link to each other.',
    example: {
      body: { workspaceId: exampleIds.workspaceId, bot: { ...exampleGraph, id: 'clx1booking0000000000000a', name: 'Coffee order' } },
      response: { status: 200, body: { bot: { ...exampleBot, publicId: 'coffee-order-40b4c4ac' }, checks: [] } },
    },
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
    operationId: 'importBots',
    auth: 'required',
    tags,
    summary: 'Import several Typebot exports at once: Typebot links between them follow their new ids',
    description: `Imports up to ${IMPORT_MANY_MAX} Typebot exports in one go (e.g. a folder of files), in a workspace where you may write. All are validated before any is stored. Typebot-link blocks that named one of the others by its old id follow it to its new id; links to other bots stay as they were (GET …/check reports those that do not exist).`,
    example: {
      body: { workspaceId: exampleIds.workspaceId, bots: [{ ...exampleGraph, id: 'clx1booking0000000000000a', name: 'Coffee order' }] },
      response: { status: 200, body: { bots: [{ ...exampleBot, publicId: 'coffee-order-40b4c4ac' }] } },
    },
    body: importManyBody,
    responses: { 200: { description: 'Imported, in the given order', schema: z.object({ bots: z.array(botSchema) }) }, ...errors },
    async handler({ app, user, body }) {
      return { bots: await app.bots.importMany(user, body.workspaceId, body.bots, body.folderId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots',
    operationId: 'listBots',
    auth: 'required',
    tags,
    summary: 'List the bots of a workspace (optionally of one folder, or whose name contains `q`)',
    description:
      'Lists the bots of a workspace you belong to (guests too), newest first, without their graphs: enough for a bot list with publishing state. Narrow it with `folderId` (`root`: bots in no folder) and `q` (part of the name, any case).',
    example: {
      query: { workspaceId: exampleIds.workspaceId, q: 'coffee' },
      response: {
        status: 200,
        body: {
          bots: [
            {
              id: exampleIds.botId,
              name: 'Coffee order',
              icon: null,
              folderId: null,
              publicId: 'coffee-order',
              isArchived: false,
              isClosed: false,
              isPublished: true,
              publishedAt: '2026-03-02T09:20:41.232Z',
              hasUnpublishedChanges: false,
              createdAt: '2026-03-02T09:14:05.038Z',
              updatedAt: '2026-03-02T09:14:05.038Z',
            },
          ],
        },
      },
    },
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
    operationId: 'getBot',
    auth: 'required',
    tags,
    summary: 'Get a bot',
    description:
      "Returns a bot's draft with `currentUserMode` (`write` for members and admins, `read` for guests) and whether its draft differs from the published version. Keep its `updatedAt`: send it back with PATCH so that a concurrent edit is not overwritten.",
    example: {
      params: { botId: exampleIds.botId },
      response: {
        status: 200,
        body: { bot: exampleBot, currentUserMode: 'write', publishedAt: '2026-03-02T09:20:41.232Z', hasUnpublishedChanges: false },
      },
    },
    params: botParams,
    query: migrateQuery,
    responses: {
      200: {
        description: "The bot, with the caller's rights and its publishing state",
        schema: botDraftAnswer,
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
    operationId: 'updateBot',
    auth: 'required',
    tags,
    summary: 'Update a bot (409 when bot.updatedAt is older than the stored bot, unless overwrite is true)',
    description:
      'Changes the fields given in `bot` (members and admins). With `bot.updatedAt` set to the value you read, a bot changed by someone else since then answers 409 instead of losing their work; `overwrite: true` saves anyway. Changes reach chats only once published.',
    example: {
      params: { botId: exampleIds.botId },
      body: { bot: { name: 'Coffee order (spring menu)', updatedAt: '2026-03-02T09:14:05.038Z' } },
      response: {
        status: 200,
        body: { bot: { ...exampleBot, name: 'Coffee order (spring menu)', updatedAt: '2026-03-04T16:02:11.517Z' }, checks: [] },
      },
    },
    params: botParams,
    body: updateBotBody,
    responses: {
      200: { description: 'Updated', schema: checkedBotAnswer },
      ...errors,
      409: {
        description: 'Conflict (stale updatedAt, publicId already used, or customDomain of another bot: code custom_domain_taken)',
        schema: errorSchema,
      },
    },
    async handler({ app, user, params, body }) {
      const bot = await app.bots.update(user, params.botId, body.bot, body.overwrite)
      return { bot, checks: await app.bots.checksOf(bot) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/check',
    operationId: 'checkBot',
    auth: 'required',
    tags,
    summary: "Check a bot's draft: dangling or ignored edges, unreachable groups, unknown variables, missing linked bots",
    description:
      "Runs the graph checks on a bot's draft without changing it (guests may too): each problem has a `code`, a `severity` (`error`: will not run as drawn) and the ids of the group, block or edge concerned. Here the edge from the name question was deleted.",
    example: {
      params: { botId: exampleIds.botId },
      response: {
        status: 200,
        body: {
          checks: [
            {
              code: 'outgoingIdWithoutEdge',
              severity: 'warning',
              message:
                'Block 2 (text input) of group "Welcome" names an edge that does not exist ("h5g2rxnvov84gdf5sjbstxb1k"): the path ends there.',
              groupId: exampleIds.welcomeGroupId,
              blockId: exampleIds.askNameBlockId,
              edgeId: 'h5g2rxnvov84gdf5sjbstxb1k',
            },
            {
              code: 'unreachableGroup',
              severity: 'warning',
              message: 'Group "Thanks" cannot be reached from the start or any event.',
              groupId: 'n2ks3z6c8og3i3g1j546yduyr',
            },
          ],
        },
      },
    },
    params: botParams,
    responses: { 200: { description: 'The problems found (empty when none)', schema: z.object({ checks: botChecksSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { checks: await app.bots.check(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{botId}',
    operationId: 'deleteBot',
    auth: 'required',
    tags,
    summary: 'Delete a bot with its published versions and results',
    description:
      'Deletes a bot for good (members and admins): its draft, published versions, results and their uploaded files. Chats in progress on it end with 404 at their next message. There is no undo: export it first if in doubt.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: { id: exampleIds.botId, deleted: true } } },
    params: botParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      const { id } = await app.bots.delete(user, params.botId)
      return { id, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/duplicate',
    operationId: 'duplicateBot',
    auth: 'required',
    tags,
    summary: 'Duplicate a bot\'s draft (named "… (copy)", same folder, unpublished, no results)',
    description:
      'Copies the draft into a new bot named "… (copy)" in the same workspace and folder (members and admins), with a new id and public id. The copy is unpublished and has no results.',
    example: {
      params: { botId: exampleIds.botId },
      response: {
        status: 200,
        body: { bot: { ...exampleBot, id: 'mgqh4szgfvcl2fz2z3bos0q42', name: 'Coffee order (copy)', publicId: 'coffee-order-copy-5c1e0a9b' } },
      },
    },
    params: botParams,
    responses: { 200: { description: 'The copy', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.duplicate(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/export',
    operationId: 'exportBot',
    auth: 'required',
    tags,
    summary: 'Export a bot as a Typebot export file (what the import takes), as a download',
    description:
      'Downloads the draft as a JSON file that POST /v1/bots/import (here or on another server) and Typebot read back (guests may export too). The file is named after the bot; results are not included.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: exampleBot } },
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
    operationId: 'moveBot',
    auth: 'required',
    tags,
    summary: 'Move a bot to a folder of its workspace (null: the root)',
    description:
      'Puts a bot in a folder of its own workspace, or at the root with `folderId: null` (members and admins). A folder of another workspace answers 404.',
    example: {
      params: { botId: exampleIds.botId },
      body: { folderId: exampleIds.folderId },
      response: { status: 200, body: { bot: { ...exampleBot, folderId: exampleIds.folderId } } },
    },
    params: botParams,
    body: moveBotBody,
    responses: { 200: { description: 'Moved', schema: botAnswer }, ...errors },
    async handler({ app, user, params, body }) {
      return { bot: await app.bots.update(user, params.botId, { folderId: body.folderId }) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/starters',
    operationId: 'listStarters',
    auth: 'required',
    tags,
    summary: 'List the templates by their former name, starters (GET /v1/templates says more of them)',
    description:
      "Lists the ready-made bots this server offers as a starting point. Pass one's `id` as `starterId` to POST /v1/bots to get a copy you can edit.",
    example: {
      response: {
        status: 200,
        body: {
          starters: [
            { id: 'lead-capture', name: 'Lead capture', description: "Asks for the visitor's name, email and need, then confirms." },
            { id: 'customer-feedback', name: 'Customer feedback', description: 'A 0–10 rating with a follow-up question that depends on the score.' },
            { id: 'faq', name: 'FAQ', description: 'Answers to common questions behind buttons, with a hand-off to a person.' },
          ],
        },
      },
    },
    responses: { 200: { description: 'The starters', schema: z.object({ starters: z.array(starterSchema) }) }, ...errors },
    async handler({ app }) {
      return { starters: app.templates.starters() }
    },
  }),
]
