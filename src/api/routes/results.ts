// Results of a bot (operations 9 and 10) and their deletion. Guests may read them.
import { z } from 'zod'
import { listResultsQuery, resultSchema, storedLogSchema } from '../../contract/chat.js'
import { defineRoute } from '../route.js'
import { errorSchema, idSchema } from '../../contract/api.js'

const tags = ['Results']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  404: { description: 'Unknown bot or result (or not a member)', schema: errorSchema },
}

export const resultRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results',
    auth: 'required',
    tags,
    summary: 'List the results of a bot that have at least one answer, newest first (keyset pages: pass nextCursor as cursor)',
    params: z.object({ botId: idSchema }),
    query: listResultsQuery,
    responses: {
      200: { description: 'A page of results', schema: z.object({ results: z.array(resultSchema), nextCursor: z.number().optional() }) },
      ...errors,
    },
    async handler({ app, user, params, query }) {
      return app.results.list(user, params.botId, query)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}',
    auth: 'required',
    tags,
    summary: 'Get a result with its variables and answers',
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The result', schema: z.object({ result: resultSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { result: await app.results.get(user, params.botId, params.resultId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/logs',
    auth: 'required',
    tags,
    summary: "Get a result's logs (its blocks' and those its chat client reported), oldest first",
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The logs', schema: z.object({ logs: z.array(storedLogSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { logs: await app.results.logs(user, params.botId, params.resultId) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{botId}/results/{resultId}',
    auth: 'required',
    tags,
    summary: 'Delete a result with its answers, logs and files (a chat still on it cannot go on)',
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: {
      200: { description: 'Deleted', schema: z.object({ id: z.string() }) },
      403: { description: 'Guests may not delete results', schema: errorSchema },
      ...errors,
    },
    async handler({ app, user, params }) {
      return app.results.delete(user, params.botId, params.resultId)
    },
  }),
]
