// Results of a bot (operations 9 and 10) and their deletion. Guests may read them.
import { Readable } from 'node:stream'
import { z } from 'zod'
import {
  analyticsSchema,
  deleteResultsQuery,
  errorSchema,
  idSchema,
  resultColumnSchema,
  resultDetailSchema,
  resultRowSchema,
} from '../../contract/api.js'
import { exportResultsQuery, listResultsQuery, resultSchema, resultsWindowQuery, storedLogSchema } from '../../contract/chat.js'
import { contentDisposition } from '../contentDisposition.js'
import { defineRoute } from '../route.js'

const tags = ['Results']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  404: { description: 'Unknown bot or result (or not a member)', schema: errorSchema },
}

export const resultRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/columns',
    auth: 'required',
    tags,
    summary:
      "The results table's columns: submission time, one per input block (labelled by its question) and one per variable (by its name), of the draft and the published bot",
    params: z.object({ botId: idSchema }),
    responses: { 200: { description: 'The columns, in their default order', schema: z.object({ columns: z.array(resultColumnSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { columns: await app.resultsTable.columns(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/rows',
    auth: 'required',
    tags,
    summary: 'A page of the results table: the listed results (newest first) as cells keyed by column id (keyset pages: pass nextCursor as cursor)',
    params: z.object({ botId: idSchema }),
    query: listResultsQuery,
    responses: {
      200: { description: 'A page of rows', schema: z.object({ rows: z.array(resultRowSchema), nextCursor: z.number().optional() }) },
      ...errors,
    },
    async handler({ app, user, params, query }) {
      return app.resultsTable.rows(user, params.botId, query)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/export',
    auth: 'required',
    tags,
    summary:
      'Export the listed results of the time window as CSV (labelled header row, RFC 4180, formula-like cells prefixed with an apostrophe) or a JSON array of objects keyed by column label, streamed',
    params: z.object({ botId: idSchema }),
    query: exportResultsQuery,
    responses: { 200: { description: 'The file (an attachment named after the bot), text/csv or application/json' }, ...errors },
    async handler({ app, user, params, query, reply }) {
      const file = await app.resultsTable.export(user, params.botId, query)
      return reply
        .headers({
          'content-type': file.contentType,
          'content-disposition': contentDisposition(file.fileName, file.contentType),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(Readable.from(file.chunks, { objectMode: false }))
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{botId}/results',
    auth: 'required',
    tags,
    summary: 'Delete the results given by id (comma-separated `ids`; unknown ones are skipped), or all of them (`all=true`), with their files',
    params: z.object({ botId: idSchema }),
    query: deleteResultsQuery,
    responses: {
      200: { description: 'How many were deleted', schema: z.object({ deleted: z.number() }) },
      403: { description: 'Guests may not delete results', schema: errorSchema },
      ...errors,
    },
    async handler({ app, user, params, query }) {
      return app.resultsTable.delete(user, params.botId, query.ids ? { ids: query.ids } : { all: true })
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/analytics',
    auth: 'required',
    tags: ['Analytics'],
    summary: 'Views, starts, completions and the drop-off at each input block over a time window',
    params: z.object({ botId: idSchema }),
    query: resultsWindowQuery,
    responses: { 200: { description: 'The numbers', schema: analyticsSchema }, ...errors },
    async handler({ app, user, params, query }) {
      return app.resultsTable.analytics(user, params.botId, query)
    },
  }),
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
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/detail',
    auth: 'required',
    tags,
    summary: "A result as a person reads it: its answers in order under their questions, its variables' values and its logs",
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The result', schema: z.object({ result: resultDetailSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { result: await app.resultsTable.detail(user, params.botId, params.resultId) }
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
