// A bot's version history: every publish is a version, to list, read, preview, compare, make live again (a rollback)
// or copy into the draft.
import { startChatResponse } from '../../blocks/wire.js'
import { botAnswer, botParams } from '../../contract/api.js'
import { previewStartBody } from '../../contract/chat.js'
import {
  compareAnswer,
  compareQuery,
  listVersionsQuery,
  makeLiveAnswer,
  versionAnswer,
  versionParams,
  versionsListAnswer,
} from '../../contract/versionsApi.js'
import { defineRoute } from '../route.js'
import { exampleBot, exampleIds, examplePreviewStart, exampleVersion, exampleVersionDiff } from './botExamples.js'
import { errors } from './bots.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Versions']
const exampleVersionId = exampleVersion.id

export const botVersionRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/versions',
    operationId: 'listBotVersions',
    auth: 'required',
    tags,
    summary: "List a bot's versions, newest first",
    description:
      "Every publish keeps an immutable version: its number, when and by whom it was published, its note, and whether new chats start on it (`isLive`). Guests may read them. Old versions beyond the server's retention setting (PARLEY_BOT_VERSIONS_KEPT) are dropped, never the live one nor one a chat still runs on.",
    example: {
      params: { botId: exampleIds.botId },
      query: { limit: '20' },
      response: {
        status: 200,
        body: { versions: [exampleVersion], liveVersionId: exampleVersionId, total: 1, bytes: exampleVersion.size, nextBefore: null },
      },
    },
    params: botParams,
    query: listVersionsQuery,
    responses: { 200: { description: 'A page of versions', schema: versionsListAnswer }, ...errors },
    async handler({ app, user, params, query }) {
      return app.botVersions.list(user, params.botId, query)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/versions/compare',
    operationId: 'compareBotVersions',
    auth: 'required',
    tags,
    summary: 'Compare two versions (or a version and the draft)',
    description:
      'What changed from `from` to `to`: groups, blocks, edges, variables and events added, removed or changed — named by group title, block text and variable name, with each changed value (texts of bubbles as plain text) — and the theme and settings values that differ. `live` names the live version and `draft` the current draft (the default `to`): `from=live` shows what publishing the draft would change. Canvas positions are left out.',
    example: {
      params: { botId: exampleIds.botId },
      query: { from: exampleVersionId, to: 'draft' },
      response: {
        status: 200,
        body: { from: { label: 'version 1', id: exampleVersionId, number: 1 }, to: { label: 'draft' }, diff: exampleVersionDiff },
      },
    },
    params: botParams,
    query: compareQuery,
    responses: { 200: { description: 'The differences', schema: compareAnswer }, ...errors },
    async handler({ app, user, params, query }) {
      return app.botVersions.compare(user, params.botId, query.from, query.to)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/versions/{versionId}',
    operationId: 'getBotVersion',
    auth: 'required',
    tags,
    summary: 'Get one version with its frozen bot',
    description: 'The version and its bot as it was published (groups, events, edges, variables, theme and settings). Guests may read it.',
    example: {
      params: { botId: exampleIds.botId, versionId: exampleVersionId },
      response: {
        status: 200,
        body: { version: { ...exampleVersion, bot: { version: '6', groups: [], events: [], edges: [], variables: [], theme: {}, settings: {} } } },
      },
    },
    params: versionParams,
    responses: { 200: { description: 'The version', schema: versionAnswer }, ...errors },
    async handler({ app, user, params }) {
      return app.botVersions.get(user, params.botId, params.versionId)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/versions/{versionId}/restore',
    operationId: 'restoreBotVersion',
    auth: 'required',
    tags,
    summary: 'Make a version the live one (roll back)',
    description:
      'Publishes this version again as the one new chats start on (members and admins), without touching the draft: chats in progress finish on the version they began with. The draft then shows unpublished changes unless it equals this version. To edit from an old version, copy it into the draft with POST …/restoreDraft.',
    example: {
      params: { botId: exampleIds.botId, versionId: exampleVersionId },
      response: { status: 200, body: { bot: exampleBot, version: exampleVersion } },
    },
    params: versionParams,
    responses: { 200: { description: 'The version is live', schema: makeLiveAnswer }, ...errors },
    async handler({ app, user, params }) {
      return app.botVersions.makeLive(user, params.botId, params.versionId)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/versions/{versionId}/restoreDraft',
    operationId: 'restoreDraftFromVersion',
    auth: 'required',
    tags,
    summary: "Copy a version's flow, theme and settings into the draft",
    description:
      "Replaces the draft's groups, events, edges, variables, theme and settings with the version's (members and admins); its name, folder and public id stay. Nothing goes live until you publish. The draft's previous state is lost unless it was published: compare it first (GET …/versions/compare?from=live&to=draft).",
    example: { params: { botId: exampleIds.botId, versionId: exampleVersionId }, response: { status: 200, body: { bot: exampleBot } } },
    params: versionParams,
    responses: { 200: { description: 'The draft as it is now', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return app.botVersions.restoreDraft(user, params.botId, params.versionId)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/versions/{versionId}/preview/startChat',
    operationId: 'startVersionPreviewChat',
    auth: 'required',
    tags,
    summary: 'Start a preview chat on a version (nothing is stored as a result)',
    description:
      'Chats with an old (or the live) version without publishing it, as a preview of the draft does (members and admins): continue it with POST /v1/sessions/{sessionId}/continueChat; nothing is stored as a result.',
    example: {
      params: { botId: exampleIds.botId, versionId: exampleVersionId },
      body: {},
      response: {
        status: 200,
        body: examplePreviewStart,
      },
    },
    params: versionParams,
    body: previewStartBody.unwrap().omit({ bot: true }).default({ textBubbleContentFormat: 'richText' }),
    responses: { 200: { description: 'First messages and input', schema: startChatResponse.omit({ resultId: true }) }, ...errors },
    async handler({ app, user, params, body }) {
      const versionId = await app.botVersions.previewed(user, params.botId, params.versionId)
      const { textBubbleContentFormat, ...options } = body
      const { schemaVersion: _, ...started } = await app.chats.startPreview(user, params.botId, {
        ...options,
        versionId,
        textFormat: textBubbleContentFormat,
      })
      return started
    },
  }),
]
