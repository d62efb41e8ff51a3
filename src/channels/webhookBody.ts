// A webhook's body as its app sent it: read raw (signatures are checked on those bytes first), then parsed as JSON
// and checked against the app's payload schema; anything else is a 400 naming what was expected.
import type { z } from 'zod'
import { badRequest } from '../app/errors.js'

export const parseWebhookBody = <T>(raw: Buffer, schema: z.ZodType<T>, expected: string): T => {
  let json: unknown
  try {
    json = JSON.parse(raw.toString('utf8'))
  } catch {
    throw badRequest('The body is not JSON.')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw badRequest(expected)
  return parsed.data
}
