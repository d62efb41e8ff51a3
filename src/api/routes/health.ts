// Liveness and database reachability, without authentication (for load balancers and monitors).
import { z } from 'zod'
import { defineRoute } from '../route.js'

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/health',
    auth: 'none',
    tags: ['Service'],
    summary: 'Check that the server is up and reaches its database',
    description:
      'For load balancers, container health checks and monitors; no sign-in needed, and every process serves it whatever its `PARLEY_API`. ' +
      'It answers 200 even when the database cannot be reached: then `status` is `degraded` and `database` is `down`, so a check that must fail on a lost database has to read the body. ' +
      '`api` is which APIs this process serves (`all`, `chat` or `management`).',
    example: { response: { status: 200, body: { status: 'ok', database: 'up', api: 'all' } } },
    responses: {
      200: { description: 'Health', schema: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), api: z.string() }) },
    },
    async handler({ app, config }) {
      const up = await app.databaseUp()
      return { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', api: config.api }
    },
  }),
]
