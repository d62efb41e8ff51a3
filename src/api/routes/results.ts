// Results of a bot (operations 9 and 10). Guests may read them.
import { z } from 'zod'
import { isTimeZone, timeWindow } from '../../domain/timeFilter.js'
import { botWithRole } from '../access.js'
import { listResultsQuery, resultSchema } from '../chatSchemas.js'
import { badRequest, notFound } from '../errors.js'
import { defineRoute } from '../route.js'
import { errorSchema } from '../schemas.js'

const tags = ['Results']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  404: { description: 'Unknown bot or result (or not a member)', schema: errorSchema },
}

export const resultRoutes = [
  defineRoute({
    method: 'GET', path: '/v1/bots/{botId}/results', api: 'management', auth: 'required', tags,
    summary: 'List the results of a bot that have at least one answer, newest first (keyset pages: pass nextCursor as cursor)',
    params: z.object({ botId: z.string().min(1).max(200) }),
    query: listResultsQuery,
    responses: { 200: { description: 'A page of results', schema: z.object({ results: z.array(resultSchema), nextCursor: z.number().optional() }) }, ...errors },
    async handler({ store, user, params, query }) {
      const { bot } = await botWithRole(store, user, params.botId, 'read')
      if (!isTimeZone(query.timeZone)) throw badRequest(`Unknown time zone "${query.timeZone}".`, [{ path: 'query.timeZone', message: 'Not an IANA time zone' }])
      const window = timeWindow(query.timeFilter, query.timeZone, new Date())
      return store.chats.listResults(bot.id, { limit: query.limit, cursor: query.cursor, ...window })
    },
  }),
  defineRoute({
    method: 'GET', path: '/v1/bots/{botId}/results/{resultId}', api: 'management', auth: 'required', tags,
    summary: 'Get a result with its variables and answers',
    params: z.object({ botId: z.string().min(1).max(200), resultId: z.string().min(1).max(200) }),
    responses: { 200: { description: 'The result', schema: z.object({ result: resultSchema }) }, ...errors },
    async handler({ store, user, params }) {
      const { bot } = await botWithRole(store, user, params.botId, 'read')
      const result = await store.chats.result(bot.id, params.resultId)
      if (!result) throw notFound('Result not found.')
      return { result }
    },
  }),
]
