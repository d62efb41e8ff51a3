// The editor's preview: a token for its frame on the user-content origin (app/previewTokens.ts), so that the bot's
// own code, which runs in that frame, never holds the builder's session.
import { z } from 'zod'
import { botParams, idSchema } from '../../contract/api.js'
import { defineRoute } from '../route.js'
import { PREVIEW_FRAME_PATH } from '../web/previewFrame.js'
import { exampleIds } from './botExamples.js'
import { errors, tags } from './bots.js'

export const previewTokenRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/preview/token',
    operationId: 'createPreviewToken',
    auth: 'required',
    tags,
    summary: 'Make a preview token for the draft (or for the bot or version given in the body)',
    description:
      "For a preview that runs where the caller's own credentials should not (the builder's preview frame on the user-content origin, `frameUrl`): the token starts preview chats on exactly this draft — or on `bot`, an unsaved definition — with POST /v1/bots/{botId}/preview/startChat (send it as a bearer token, and no `bot`), and drives the sessions it starts. " +
      'It reaches nothing else: no workspace, no other bot or draft, no live chat; it expires after two hours (`expiresAt`). Members and admins of the bot (guests get 404).',
    example: {
      params: { botId: exampleIds.botId },
      body: {},
      response: {
        status: 200,
        body: {
          token:
            'pv_WyJjYnM1Y3lwZXc0M2s2cWYybGJmeGJ2YjdhIiwiYzluaHp6MGp4YnFkcmlkdXB5djByY203YyIsInByZXZpZXctMWYiLDE3OTU1MTY4MDAwMDBd.3nq1gU0T2Yk9s0m3N8j4wX9mKp6yV1qD7hR2tA5cE0o',
          expiresAt: '2026-11-28T14:00:00.000Z',
          frameUrl: 'https://chat.example.com/preview/frame',
        },
      },
    },
    params: botParams,
    body: z
      .object({
        bot: z.looseObject({}).optional().meta({ description: 'An unsaved bot definition to preview instead of the draft' }),
        versionId: idSchema
          .optional()
          .meta({ description: 'One of the bot’s published versions (GET /v1/bots/{botId}/versions) to preview instead of the draft' }),
      })
      .refine((b) => !(b.bot && b.versionId), { message: 'Give bot or versionId, not both.' })
      .default({}),
    responses: {
      200: {
        description: 'The token, when it expires, and the page that runs a preview with it',
        schema: z.object({ token: z.string(), expiresAt: z.string(), frameUrl: z.string() }),
      },
      ...errors,
    },
    async handler({ app, sites, user, params, body }) {
      const versionId = body.versionId && (await app.botVersions.previewed(user, params.botId, body.versionId))
      const issued = await app.chats.issuePreviewToken(user, params.botId, body.bot, versionId)
      return { ...issued, frameUrl: `${sites.contentUrl()}${PREVIEW_FRAME_PATH}` }
    },
  }),
]
