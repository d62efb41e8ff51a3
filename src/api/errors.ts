// Errors as HTTP answers, in one place: AppError codes → status, Fastify's own errors (body parsing, limits,
// routing) → codes, and the one JSON shape of every failure: { code, message } plus `issues` on validation errors.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodError } from 'zod'
import { AppError, type ErrorCode, type Issue } from '../app/errors.js'

export const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  bot_closed: 400,
  encryption_not_configured: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf: 403,
  origin_not_allowed: 403,
  not_found: 404,
  method_not_allowed: 405,
  wrong_host: 421,
  not_acceptable: 406,
  conflict: 409,
  /** Another bot on the server has this custom domain (app/customDomains.ts). */
  custom_domain_taken: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  too_many_requests: 429,
  headers_too_large: 431,
  internal_error: 500,
  /** An outside service the operation relies on answered with an error (a messaging app's API). */
  upstream_error: 502,
}

/** Status codes of errors raised by Fastify itself mapped to our codes. */
export const codeForStatus = (status: number): ErrorCode =>
  (
    ({
      400: 'bad_request',
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      405: 'method_not_allowed',
      406: 'not_acceptable',
      409: 'conflict',
      413: 'payload_too_large',
      414: 'uri_too_long',
      415: 'unsupported_media_type',
      429: 'too_many_requests',
      431: 'headers_too_large',
    }) as Record<number, ErrorCode>
  )[status] ?? (status < 500 ? 'bad_request' : 'internal_error')

export const zodIssues = (error: ZodError, prefix = ''): Issue[] =>
  error.issues.slice(0, 50).map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }))

/** The error handler of the whole application (plugins inherit it). */
export const handleError = (err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
  if (err instanceof AppError) {
    req.errorCode = err.code
    return reply.code(statusOf[err.code]).send(err.toJSON())
  }
  const code = (err as FastifyError).statusCode
  const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500
  if (status < 500) return reply.code(status).send({ code: codeForStatus(status), message: err.message })
  req.log.error({ err }, 'unhandled error')
  return reply
    .code(500)
    .send({ code: 'internal_error', message: 'Internal error. The request id helps the operator find the cause in the logs.', requestId: req.id })
}

/** Errors Fastify raises before routing (a URL that does not decode, …). */
export const handleFrameworkError = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
  const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400
  void reply.code(status).send({ code: codeForStatus(status), message: err.message })
}
