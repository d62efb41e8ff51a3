// Liveness and database reachability, without authentication (for load balancers and monitors).
import { z } from 'zod'
import { defineRoute } from '../route.js'

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    auth: 'none',
    tags: ['Service'],
    summary: 'Service health: 200 with the database status',
    responses: {
      200: {
        description: 'Health',
        schema: z.object({
          status: z.enum(['ok', 'degraded']),
          database: z.enum(['up', 'down']),
          api: z.string(),
          /** A hash of the database's random id: which Parley installation answered (see `parley doctor`). */
          instance: z.string().optional(),
        }),
      },
    },
    async handler({ app, config }) {
      const up = await app.databaseUp()
      return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', api: config.api, instance: up ? await app.instanceId() : undefined }
    },
  }),
]
