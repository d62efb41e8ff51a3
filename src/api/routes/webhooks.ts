// Outgoing webhooks (docs/webhooks.md): subscriptions to result events, their delivery log, redelivery and a test
// ping. Writers of the workspace only (guests get 403, others 404); the signing secret is shown once.
import { z } from 'zod'
import { errorSchema, idSchema } from '../../contract/api.js'
import { webhookDeliverySchema, webhookEventTypes, webhookSchema } from '../../contract/webhooks.js'
import { defineRoute } from '../route.js'
import type { ApiTag } from '../apiTags.js'

const tags: ApiTag[] = ['Webhooks']
const errors = {
  400: { description: 'Invalid request (or no ENCRYPTION_SECRET to keep signing secrets with)', schema: errorSchema },
  401: { description: 'Missing or unknown token', schema: errorSchema },
  403: { description: 'Guests may not manage webhooks', schema: errorSchema },
  404: { description: 'Unknown workspace, bot, webhook or delivery (or not a member)', schema: errorSchema },
}

const url = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .meta({ description: 'Where events are POSTed (http or https, at most 2,048 characters). Redirects are not followed.' })
const events = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .max(webhookEventTypes.length * 2)
  .meta({ description: 'The event types sent: result.started, answer.created, result.completed.' })
const description = z.string().trim().max(500)
const webhookParams = z.object({ webhookId: idSchema })

const EXAMPLE_WEBHOOK = {
  id: 'k3v9x0q2m8b7n1c4z6l5p0r2t',
  workspaceId: 'w8e2r4t6y1u3i5o7p9a0s2d4f',
  botId: 'b1n3m5q7w9e2r4t6y8u0i2o4p',
  url: 'https://crm.example.com/hooks/parley',
  events: ['result.completed'],
  description: 'Leads to the CRM',
  enabled: true,
  createdAt: '2026-11-25T09:12:44.120Z',
  updatedAt: '2026-11-25T09:12:44.120Z',
}
const EXAMPLE_SECRET = 'whsec_5fQ1bXo2c9Kq7mZ3vR8tY4uW6eA0sD2gH5jL7nP9rT1'
const EXAMPLE_DELIVERY = {
  id: 'd4f6g8h0j2k4l6z8x0c2v4b6n',
  eventId: 'e7r9t1y3u5i7o9p1a3s5d7f9g',
  eventType: 'result.completed',
  status: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-11-25T09:14:05.000Z',
  lastAttemptAt: '2026-11-25T09:13:44.310Z',
  lastStatusCode: 500,
  lastError: 'The receiver answered 500.',
  responseExcerpt: '{"error":"database unavailable"}',
  durationMs: 84,
  createdAt: '2026-11-25T09:13:24.002Z',
}

export const webhookRoutes = [
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    auth: 'required',
    tags,
    summary: 'Subscribe a URL to result events of a workspace or of one bot',
    description:
      'Creates a webhook: every matching event is POSTed as JSON to `url`, signed with the secret in this answer (shown only here; see `rotateSecret`). Without `botId` it covers every bot of the workspace. A workspace has at most 50 webhooks; the server needs `ENCRYPTION_SECRET`.',
    example: {
      body: {
        workspaceId: EXAMPLE_WEBHOOK.workspaceId,
        botId: EXAMPLE_WEBHOOK.botId,
        url: EXAMPLE_WEBHOOK.url,
        events: ['result.completed'],
        description: 'Leads to the CRM',
      },
      response: { status: 201, body: { webhook: EXAMPLE_WEBHOOK, secret: EXAMPLE_SECRET } },
    },
    body: z.object({ workspaceId: idSchema, botId: idSchema.optional(), url, events, description: description.optional() }),
    responses: {
      201: { description: 'Created, with the signing secret (shown once)', schema: z.object({ webhook: webhookSchema, secret: z.string() }) },
      ...errors,
    },
    async handler({ app, user, body, reply }) {
      const { workspaceId, ...input } = body
      const created = await app.webhooks.create(user, workspaceId, input)
      reply.code(201)
      return created
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/webhooks',
    operationId: 'listWebhooks',
    auth: 'required',
    tags,
    summary: "List a workspace's webhooks",
    description:
      "The workspace's webhooks, oldest first. With `botId`, those that send that bot's events: the bot's own and the workspace-wide ones.",
    example: { query: { workspaceId: EXAMPLE_WEBHOOK.workspaceId }, response: { status: 200, body: { webhooks: [EXAMPLE_WEBHOOK] } } },
    query: z.object({
      workspaceId: idSchema.meta({ description: 'The workspace whose webhooks to list.' }),
      botId: idSchema.optional().meta({ description: "Only the webhooks that send this bot's events (its own and the workspace-wide ones)." }),
    }),
    responses: { 200: { description: 'The webhooks', schema: z.object({ webhooks: z.array(webhookSchema) }) }, ...errors },
    async handler({ app, user, query }) {
      return { webhooks: await app.webhooks.list(user, query.workspaceId, query.botId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'getWebhook',
    auth: 'required',
    tags,
    summary: 'Read a webhook',
    description:
      'One webhook: its receiver URL, events, note and whether it is active; never its signing secret (shown once, at creation or rotation).',
    example: { params: { webhookId: EXAMPLE_WEBHOOK.id }, response: { status: 200, body: { webhook: EXAMPLE_WEBHOOK } } },
    params: webhookParams,
    responses: { 200: { description: 'The webhook', schema: z.object({ webhook: webhookSchema }) }, ...errors },
    async handler({ app, user, params }) {
      return { webhook: await app.webhooks.get(user, params.webhookId) }
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'updateWebhook',
    auth: 'required',
    tags,
    summary: "Change a webhook's URL, events, description, or pause it",
    description:
      'Changes the given fields. `enabled: false` pauses the webhook: no new deliveries are made for it, and pending ones fail when their turn comes. Events written meanwhile are not sent later.',
    example: {
      params: { webhookId: EXAMPLE_WEBHOOK.id },
      body: { events: ['result.started', 'result.completed'], enabled: true },
      response: { status: 200, body: { webhook: { ...EXAMPLE_WEBHOOK, events: ['result.started', 'result.completed'] } } },
    },
    params: webhookParams,
    body: z.object({ url: url.optional(), events: events.optional(), description: description.optional(), enabled: z.boolean().optional() }),
    responses: { 200: { description: 'Changed', schema: z.object({ webhook: webhookSchema }) }, ...errors },
    async handler({ app, user, params, body }) {
      return { webhook: await app.webhooks.update(user, params.webhookId, body) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/webhooks/{webhookId}',
    operationId: 'deleteWebhook',
    auth: 'required',
    tags,
    summary: 'Delete a webhook with its delivery log',
    description: 'Deletes the webhook and its deliveries; deliveries not yet sent are dropped.',
    example: { params: { webhookId: EXAMPLE_WEBHOOK.id }, response: { status: 200, body: { id: EXAMPLE_WEBHOOK.id, deleted: true } } },
    params: webhookParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ id: z.string(), deleted: z.literal(true) }) }, ...errors },
    async handler({ app, user, params }) {
      await app.webhooks.delete(user, params.webhookId)
      return { id: params.webhookId, deleted: true as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/rotateSecret',
    operationId: 'rotateWebhookSecret',
    auth: 'required',
    tags,
    summary: "Replace a webhook's signing secret",
    description:
      'Makes a new signing secret and answers it (shown once). Every request sent from now on, retries included, is signed with it: update the receiver right away.',
    example: { params: { webhookId: EXAMPLE_WEBHOOK.id }, response: { status: 200, body: { secret: EXAMPLE_SECRET } } },
    params: webhookParams,
    responses: { 200: { description: 'The new secret', schema: z.object({ secret: z.string() }) }, ...errors },
    async handler({ app, user, params }) {
      return { secret: await app.webhooks.rotateSecret(user, params.webhookId) }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/webhooks/{webhookId}/deliveries',
    operationId: 'listWebhookDeliveries',
    auth: 'required',
    tags,
    summary: "A webhook's delivery log, newest first",
    description:
      'Each event sent to this webhook with its status (pending, delivering, delivered, failed), attempts, and the status code, error and answer excerpt of the last attempt. Keyset pages: pass `nextCursor` as `cursor`.',
    example: {
      params: { webhookId: EXAMPLE_WEBHOOK.id },
      query: { limit: '20' },
      response: { status: 200, body: { deliveries: [EXAMPLE_DELIVERY], nextCursor: 'WyIyMDI2LTExLTI1VDA5OjEzOjI0LjAwMloiLCJkNGY2Il0' } },
    },
    params: webhookParams,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Deliveries per page (1–100, default 20).' }),
      cursor: z
        .string()
        .max(500)
        .optional()
        .meta({ description: 'Where the page starts: the `nextCursor` of the previous page (absent: the newest).' }),
    }),
    responses: {
      200: {
        description: 'A page of deliveries',
        schema: z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().optional() }),
      },
      ...errors,
    },
    async handler({ app, user, params, query }) {
      return app.webhooks.deliveries(user, params.webhookId, query)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    operationId: 'redeliverWebhookDelivery',
    auth: 'required',
    tags,
    summary: 'Send a delivery again',
    description:
      'Queues the delivery again, now, with a fresh retry schedule. The event keeps its id (`Parley-Event-Id`), so a receiver that already handled it can tell. Refused (409) while the delivery is being sent.',
    example: {
      params: { webhookId: EXAMPLE_WEBHOOK.id, deliveryId: EXAMPLE_DELIVERY.id },
      response: { status: 202, body: { id: EXAMPLE_DELIVERY.id, status: 'pending' } },
    },
    params: webhookParams.extend({ deliveryId: idSchema }),
    responses: {
      202: { description: 'Queued', schema: z.object({ id: z.string(), status: z.literal('pending') }) },
      ...errors,
      409: { description: 'The delivery is being sent right now; try again once it is settled', schema: errorSchema },
    },
    async handler({ app, user, params, reply }) {
      await app.webhooks.redeliver(user, params.webhookId, params.deliveryId)
      reply.code(202)
      return { id: params.deliveryId, status: 'pending' as const }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/webhooks/{webhookId}/test',
    operationId: 'testWebhook',
    auth: 'required',
    tags,
    summary: 'Send a test ping to a webhook',
    description:
      'Queues a `ping` event (signed like every other) for this webhook only, whatever its event types; its outcome shows in the delivery log. At most 10 pings per minute per webhook (429 beyond).',
    example: { params: { webhookId: EXAMPLE_WEBHOOK.id }, response: { status: 202, body: { eventId: EXAMPLE_DELIVERY.eventId } } },
    params: webhookParams,
    responses: {
      202: { description: 'Queued', schema: z.object({ eventId: z.string() }) },
      ...errors,
      429: { description: 'Too many test pings for this webhook this minute', schema: errorSchema },
    },
    async handler({ app, user, params, reply }) {
      const queued = await app.webhooks.test(user, params.webhookId)
      reply.code(202)
      return queued
    },
  }),
]
