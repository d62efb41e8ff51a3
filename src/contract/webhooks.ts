// zod schemas of the outgoing webhooks API (docs/webhooks.md): subscriptions and their delivery log.
import { z } from 'zod'

/** Events a webhook may subscribe to (docs/webhooks.md); `ping` is only sent by the test route. */
export const webhookEventTypes = ['result.started', 'answer.created', 'result.completed'] as const

export const webhookSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    botId: z.string().nullable().meta({ description: 'The bot whose results it sends; null: every bot of the workspace.' }),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Webhook', description: 'A subscription to result events, POSTed signed to `url`. Its secret is never returned after creation.' })

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: "The idempotency id: the `Parley-Event-Id` header and the body's `id`, the same on every attempt." }),
    eventType: z.string(),
    status: z.enum(['pending', 'delivering', 'delivered', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable().meta({ description: 'When a pending delivery is tried next.' }),
    lastAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    responseExcerpt: z.string().nullable().meta({ description: "The start of the receiver's last answer (at most 1 KB)." }),
    durationMs: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' })
