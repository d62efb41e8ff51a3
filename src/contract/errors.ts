// The error shape of every failure answer: { code, message } plus `issues` on validation errors (and `requestId` on
// internal errors), with the closed list of codes. The API maps codes to HTTP statuses (api/errors.ts).
import { z } from 'zod'

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'csrf',
  'not_found',
  'wrong_host',
  'method_not_allowed',
  'not_acceptable',
  'conflict',
  'custom_domain_taken',
  'bot_closed',
  'origin_not_allowed',
  'encryption_not_configured',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'too_many_requests',
  'headers_too_large',
  'upstream_error',
  'internal_error',
] as const
export type ErrorCode = (typeof errorCodes)[number]

/** Where a request (or a bot definition) is wrong: a dotted path and what is wrong there. */
export const issueSchema = z.object({ path: z.string(), message: z.string() })
export type Issue = z.infer<typeof issueSchema>

export const errorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(issueSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof errorSchema>
