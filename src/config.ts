// Server configuration, read once from the environment. Every setting has a default so `npm start` just works.
import { z } from 'zod'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/parley.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  PARLEY_ADMIN_TOKEN: z.string().min(16, 'PARLEY_ADMIN_TOKEN must be at least 16 characters').optional(),
  /** Which APIs this process serves: `all` (default), `chat` (start/continue only) or `management`. */
  PARLEY_API: z.enum(['all', 'chat', 'management']).default('all'),
  /** Allow chats on published bots without a bearer token (for bots embedded in web pages). */
  PUBLIC_CHAT: bool,
})

export type Config = {
  port: number
  host: string
  databaseUrl: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  bodyLimitBytes: number
  adminToken?: string
  api: 'all' | 'chat' | 'management'
  publicChat: boolean
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    adminToken: e.PARLEY_ADMIN_TOKEN,
    api: e.PARLEY_API,
    publicChat: e.PUBLIC_CHAT,
  }
}
