// Publishing a bot: publish and unpublish its draft, read the published version, close and reopen it to new chats.
import { z } from 'zod'
import { botAnswer, botParams, migrateQuery, publishedBotSchema } from '../../contract/api.js'
import { publishBody } from '../../contract/versionsApi.js'
import { defineRoute } from '../route.js'
import { exampleBot, exampleIds, examplePublishedBot } from './botExamples.js'
import { errors, tags } from './bots.js'

const publishedAnswer = z.object({ publishedBot: publishedBotSchema, version: z.literal('3') })

export const botPublishingRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/publish',
    operationId: 'publishBot',
    auth: 'required',
    tags,
    summary: "Publish the draft as the bot's next version",
    description:
      "Makes the current draft the bot's next numbered version and the one chats run (members and admins): new chats start on it at once, chats in progress finish on the version they began with. Earlier versions stay in the version history (GET /v1/bots/{botId}/versions), to compare or roll back to. `note` says what this version changes.",
    example: {
      params: { botId: exampleIds.botId },
      body: { note: 'New welcome message' },
      response: { status: 200, body: { publishedBot: examplePublishedBot, version: '3' } },
    },
    params: botParams,
    body: publishBody,
    responses: { 200: { description: 'Published', schema: publishedAnswer }, ...errors },
    async handler({ app, user, params, body }) {
      return { publishedBot: await app.bots.publish(user, params.botId, body.note), version: '3' as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/unpublish',
    operationId: 'unpublishBot',
    auth: 'required',
    tags,
    summary: 'Unpublish a bot (live chats can no longer start)',
    description:
      'Removes the published version (members and admins): startChat on its public id then answers 404 and its hosted page is gone; the draft and the results stay. Use close instead to keep the page up with a "closed" message.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: { bot: exampleBot } } },
    params: botParams,
    responses: { 200: { description: 'Unpublished', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.unpublish(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/publishedBot',
    operationId: 'getPublishedBot',
    auth: 'required',
    tags,
    summary: 'Get the published bot',
    description:
      'Returns the version chats run, which may differ from the draft (GET /v1/bots/{botId}). Guests may read it. Answers 404 when the bot is not published.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: { publishedBot: examplePublishedBot, version: '3' } } },
    params: botParams,
    query: migrateQuery,
    responses: { 200: { description: 'The published version', schema: publishedAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { publishedBot: await app.bots.published(user, params.botId), version: '3' as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/close',
    operationId: 'closeBot',
    auth: 'required',
    tags,
    summary: 'Close a bot: new chats are refused (bot_closed) until it is reopened',
    description:
      'Stops new chats (members and admins): startChat answers an error with code `bot_closed` and the hosted page says the bot is closed, while the published version and results stay. Reopen it to take chats again.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: { bot: { ...exampleBot, isClosed: true } } } },
    params: botParams,
    responses: { 200: { description: 'Closed', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.setClosed(user, params.botId, true) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/bots/{botId}/reopen',
    operationId: 'reopenBot',
    auth: 'required',
    tags,
    summary: 'Reopen a closed bot',
    description:
      'Lets a closed bot take new chats again (members and admins), on its published version. Reopening a bot that is not closed changes nothing.',
    example: { params: { botId: exampleIds.botId }, response: { status: 200, body: { bot: exampleBot } } },
    params: botParams,
    responses: { 200: { description: 'Reopened', schema: botAnswer }, ...errors },
    async handler({ app, user, params }) {
      return { bot: await app.bots.setClosed(user, params.botId, false) }
    },
  }),
]
