// The one error family of Parley: every rule that refuses a request throws an AppError with a code from a closed
// list (contract/errors.ts). The API maps codes to HTTP statuses in one place (api/errors.ts); nothing else in the
// app knows HTTP.
import type { ErrorCode, Issue } from '../contract/errors.js'

export type { ErrorCode, Issue } from '../contract/errors.js'

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message)
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.issues && { issues: this.issues }) }
  }
}

/** `validation_failed` when issues are given, `bad_request` otherwise. */
export const badRequest = (message: string, issues?: Issue[]) => new AppError(issues ? 'validation_failed' : 'bad_request', message, issues)
export const unauthorized = (message = 'Sign in, or send a valid bearer token (Authorization: Bearer <token>).') =>
  new AppError('unauthorized', message)
export const forbidden = (message: string) => new AppError('forbidden', message)
export const notFound = (message: string) => new AppError('not_found', message)
export const conflict = (message: string) => new AppError('conflict', message)
export const payloadTooLarge = (message: string, issues?: Issue[]) => new AppError('payload_too_large', message, issues)
