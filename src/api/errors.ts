// One JSON shape for every failure: { code, message } plus `issues` on validation errors.
import type { ZodError } from 'zod'

export type Issue = { path: string; message: string }

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message)
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.issues && { issues: this.issues }) }
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new ApiError(400, issues ? 'validation_failed' : 'bad_request', message, issues)
export const unauthorized = (message = 'A valid bearer token is required (Authorization: Bearer <token>).') => new ApiError(401, 'unauthorized', message)
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message)
export const notFound = (message: string) => new ApiError(404, 'not_found', message)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)

export const zodIssues = (error: ZodError, prefix = ''): Issue[] =>
  error.issues.slice(0, 50).map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }))

/** Status codes of errors raised by Fastify itself (body parsing, limits, routing) mapped to our codes. */
export const codeForStatus = (status: number): string =>
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
  })[status] ?? (status < 500 ? 'bad_request' : 'internal_error')
