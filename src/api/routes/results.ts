// Results of a bot (operations 9 and 10) and their deletion. Guests may read them.
import { Readable } from 'node:stream'
import { z } from 'zod'
import {
  analyticsSchema,
  deleteResultsQuery,
  errorSchema,
  idSchema,
  queryBoolean,
  resultColumnSchema,
  resultDetailSchema,
  resultRowSchema,
} from '../../contract/api.js'
import { exportResultsQuery, listResultsQuery, resultSchema, resultsWindowQuery, storedLogSchema } from '../../contract/chat.js'
import { contentDisposition } from '../contentDisposition.js'
import { defineRoute } from '../route.js'
import { exampleIds, exampleQuestion } from './botExamples.js'
import type { ApiTag } from '../apiTags.js'

const exampleResult = {
  id: exampleIds.resultId,
  createdAt: '2026-03-05T08:31:12.496Z',
  botId: exampleIds.botId,
  variables: [{ id: exampleIds.nameVariableId, name: 'Name', value: 'Ada' }],
  isCompleted: true,
  hasStarted: true,
  isArchived: false,
  lastChatSessionId: '5ee8ef375a796888',
  answers: [{ blockId: exampleIds.askNameBlockId, content: 'Ada', attachedFileUrls: [] }],
}
const exampleLog = {
  status: 'error',
  description: 'Could not open the payment page',
  context: 'While redirecting to Stripe',
  createdAt: '2026-03-05T08:31:20.597Z',
}

const tags: ApiTag[] = ['Results']
const errors = {
  400: { description: 'Invalid request', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  404: { description: 'Unknown bot or result (or not a member)', schema: errorSchema },
}

export const resultRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/columns',
    operationId: 'listResultColumns',
    auth: 'required',
    tags,
    summary:
      "The results table's columns: submission time, one per input block (labelled by its question) and one per variable (by its name), of the draft and the published bot",
    description:
      "Returns the columns of a bot's results table (members and guests), in their default order: their `id`s are the keys of the rows' `cells` (GET …/results/rows) and their labels the CSV header. Inputs removed from the draft but still in the published version keep their column. The last column, `session` (`isHiddenByDefault`), holds a fingerprint of the result's last chat session (the first 16 hex characters of the SHA-256 of its id, as `lastChatSessionId` in results), to match a result with the server's request logs or a client's API calls; the session id itself is never shown.",
    example: {
      params: { botId: exampleIds.botId },
      response: {
        status: 200,
        body: {
          columns: [
            { id: 'submittedAt', kind: 'submittedAt', label: 'Submitted at' },
            {
              id: `block:${exampleIds.askNameBlockId}`,
              kind: 'block',
              label: exampleQuestion,
              blockId: exampleIds.askNameBlockId,
              blockType: 'text input',
              groupId: exampleIds.welcomeGroupId,
            },
            { id: `variable:${exampleIds.nameVariableId}`, kind: 'variable', label: 'Name', variableId: exampleIds.nameVariableId },
            { id: 'session', kind: 'session', label: 'Session', isHiddenByDefault: true },
          ],
        },
      },
    },
    params: z.object({ botId: idSchema }),
    responses: { 200: { description: 'The columns, in their default order', schema: z.object({ columns: z.array(resultColumnSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { columns: await app.resultsTable.columns(user, params.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/rows',
    operationId: 'listResultRows',
    auth: 'required',
    tags,
    summary: 'A page of the results table: the listed results (newest first) as cells keyed by column id (keyset pages: pass nextCursor as cursor)',
    description:
      'Returns one page of the results table (members and guests): each result as text cells keyed by column id, empty cells left out. Read further pages by passing `nextCursor` as `cursor`; there are no more when it is absent.',
    example: {
      params: { botId: exampleIds.botId },
      query: { timeFilter: 'last7Days', timeZone: 'Europe/Paris', limit: '50' },
      response: {
        status: 200,
        body: {
          rows: [
            {
              id: exampleIds.resultId,
              createdAt: '2026-03-05T08:31:12.496Z',
              isCompleted: true,
              hasStarted: true,
              cells: {
                submittedAt: '2026-03-05T08:31:12.496Z',
                [`block:${exampleIds.askNameBlockId}`]: 'Ada',
                [`variable:${exampleIds.nameVariableId}`]: 'Ada',
                session: '3f9a6c1e0b7d2485',
              },
            },
          ],
        },
      },
    },
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
    operationId: 'exportResults',
    auth: 'required',
    tags,
    summary:
      'Export the listed results of the time window as CSV (labelled header row, RFC 4180, formula-like cells prefixed with an apostrophe) or a JSON array of objects keyed by column label, streamed',
    description:
      'Downloads every result of the time window as one file (members and guests), streamed so that large exports do not wait: CSV by default (opens in a spreadsheet; cells that look like formulas are prefixed with an apostrophe), or JSON with `format=json`. The `session` column (hidden in the table until chosen) is included only with `sessionColumn=true`.',
    example: {
      params: { botId: exampleIds.botId },
      query: { timeFilter: 'last30Days', timeZone: 'Europe/Paris', format: 'csv' },
      response: { status: 200, body: `Submitted at,${exampleQuestion},Name\r\n2026-03-05T08:31:12.496Z,Ada,Ada\r\n` },
    },
    params: z.object({ botId: idSchema }),
    query: exportResultsQuery.extend({ sessionColumn: queryBoolean.meta({ description: '`true`: include the `session` column.' }) }),
    responses: { 200: { description: 'text/csv (application/json with format=json): the file, an attachment named after the bot' }, ...errors },
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
    operationId: 'deleteResults',
    auth: 'required',
    tags,
    summary: 'Delete the results given by id (comma-separated `ids`; unknown ones are skipped), or all of them (`all=true`), with their files',
    description:
      'Deletes several results of a bot (members and admins; guests get 403) with their answers, logs and uploaded files: the ones listed in `ids` (comma-separated, unknown ones skipped) or, with `all=true`, every one. Give exactly one of the two.',
    example: {
      params: { botId: exampleIds.botId },
      query: { ids: `${exampleIds.resultId},p7xk2m9qwe4rt8yu1io3pa5sd` },
      response: { status: 200, body: { deleted: 2 } },
    },
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
    operationId: 'getAnalytics',
    auth: 'required',
    tags: ['Analytics'],
    summary: 'Views, starts, completions and the drop-off at each input block over a time window',
    description:
      'Counts the chats of a time window (members and guests): opened (`views`), with at least one answer (`starts`), finished (`completed`), and for each input block how many reached it, answered it or left there. The window is read in `timeZone`.',
    example: {
      params: { botId: exampleIds.botId },
      query: { timeFilter: 'last7Days', timeZone: 'Europe/Paris' },
      response: {
        status: 200,
        body: {
          views: 40,
          starts: 25,
          completed: 20,
          startRate: 0.625,
          completionRate: 0.5,
          blocks: [
            {
              blockId: exampleIds.askNameBlockId,
              groupId: exampleIds.welcomeGroupId,
              label: exampleQuestion,
              reached: 25,
              answered: 20,
              droppedOff: 5,
              dropOffRate: 0.2,
            },
          ],
        },
      },
    },
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
    operationId: 'listResults',
    auth: 'required',
    tags,
    summary: 'List the results of a bot that have at least one answer, newest first (keyset pages: pass nextCursor as cursor)',
    description:
      "Lists a bot's results with their raw answers (by block id) and variables (members and guests), newest first; a chat opened but never answered is not listed. For a table with labelled columns use …/results/columns and …/results/rows instead.",
    example: {
      params: { botId: exampleIds.botId },
      query: { timeFilter: 'allTime', limit: '20' },
      response: { status: 200, body: { results: [exampleResult] } },
    },
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
    operationId: 'getResult',
    auth: 'required',
    tags,
    summary: 'Get a result with its variables and answers',
    description:
      'Returns one result of a bot (members and guests) with its variables and answers. `lastChatSessionId` only fingerprints the chat session: the session id itself, which would let a reader drive the chat, is never shown.',
    example: {
      params: { botId: exampleIds.botId, resultId: exampleIds.resultId },
      response: { status: 200, body: { result: exampleResult } },
    },
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The result', schema: z.object({ result: resultSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { result: await app.results.get(user, params.botId, params.resultId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/logs',
    operationId: 'listResultLogs',
    auth: 'required',
    tags,
    summary: "Get a result's logs (its blocks' and those its chat client reported), oldest first",
    description:
      "Returns what happened behind a result's chat, oldest first (members and guests): outcomes of its HTTP requests, emails and other blocks, and errors its chat client reported (POST …/clientLogs). Look here when a chat did not do what the bot says.",
    example: {
      params: { botId: exampleIds.botId, resultId: exampleIds.resultId },
      response: { status: 200, body: { logs: [exampleLog] } },
    },
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The logs', schema: z.object({ logs: z.array(storedLogSchema) }) }, ...errors },
    async handler({ app, user, params }) {
      return { logs: await app.results.logs(user, params.botId, params.resultId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/bots/{botId}/results/{resultId}/detail',
    operationId: 'getResultDetail',
    auth: 'required',
    tags,
    summary: "A result as a person reads it: its answers in order under their questions, its variables' values and its logs",
    description:
      'Returns one result ready to show to a person (members and guests): each answer under its question, the variables with their column ids, and the logs. Answers to blocks that no longer exist have a null `label`.',
    example: {
      params: { botId: exampleIds.botId, resultId: exampleIds.resultId },
      response: {
        status: 200,
        body: {
          result: {
            id: exampleIds.resultId,
            createdAt: '2026-03-05T08:31:12.496Z',
            isCompleted: true,
            hasStarted: true,
            answers: [
              {
                blockId: exampleIds.askNameBlockId,
                columnId: `block:${exampleIds.askNameBlockId}`,
                label: exampleQuestion,
                content: 'Ada',
                attachedFileUrls: [],
                createdAt: '2026-03-05T08:31:19.548Z',
              },
            ],
            variables: [{ id: exampleIds.nameVariableId, name: 'Name', columnId: `variable:${exampleIds.nameVariableId}`, value: 'Ada' }],
            logs: [{ status: exampleLog.status, description: exampleLog.description, createdAt: exampleLog.createdAt }],
          },
        },
      },
    },
    params: z.object({ botId: idSchema, resultId: idSchema }),
    responses: { 200: { description: 'The result', schema: z.object({ result: resultDetailSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { result: await app.resultsTable.detail(user, params.botId, params.resultId) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/bots/{botId}/results/{resultId}',
    operationId: 'deleteResult',
    auth: 'required',
    tags,
    summary: 'Delete a result with its answers, logs and files (a chat still on it cannot go on)',
    description:
      'Deletes one result with its answers, logs and uploaded files (members and admins; guests get 403). A chat still running on it cannot go on: its next message is refused.',
    example: {
      params: { botId: exampleIds.botId, resultId: exampleIds.resultId },
      response: { status: 200, body: { id: exampleIds.resultId } },
    },
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
