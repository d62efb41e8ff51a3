// Liveness and database reachability, without authentication (for load balancers and monitors).
import { z } from 'zod'
import { defineRoute } from '../route.js'

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  api: z.string(),
  /** A hash of the database's random id: which Parley installation answered (see `parley doctor`). */
  instance: z.string().optional(),
  /** The builder's origin (PARLEY_PUBLIC_URL) and the user content's (PARLEY_CHAT_URL), as this process uses them. */
  publicUrl: z.string(),
  chatUrl: z.string(),
})

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    auth: 'none',
    tags: ['Service'],
    summary: 'Check that the server is up and reaches its database',
    description:
      'For load balancers, container health checks and monitors; no sign-in needed, and every process serves it whatever its `PARLEY_API`. ' +
      'It answers 503 when the database cannot be reached (`status` `degraded`, `database` `down`), so a health check that only reads the status code takes the process out of rotation. ' +
      "`api` is which APIs this process serves (`all`, `chat` or `management`); `publicUrl` and `chatUrl` are the builder's and the user content's addresses it uses (links, redirects, file URLs).",
    example: {
      response: {
        status: 200,
        body: {
          status: 'ok',
          database: 'up',
          api: 'all',
          instance: 'f3b1c0a9d2e4',
          publicUrl: 'https://build.example.com',
          chatUrl: 'https://chat.example.com',
        },
      },
    },
    responses: {
      200: { description: 'Up, and the database answers', schema: healthSchema },
      503: { description: 'Up, but the database does not answer', schema: healthSchema },
    },
    async handler({ app, config, sites, reply }) {
      const up = await app.databaseUp()
      if (!up) reply.code(503)
      return {
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        api: config.api,
        instance: up ? await app.instanceId() : undefined,
        publicUrl: sites.builderUrl(),
        chatUrl: sites.contentUrl(),
      }
    },
  }),
]
