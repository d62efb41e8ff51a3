// The one way the web app talks to Parley: its own management API, same origin, with the session cookie. Writes
// carry the session's CSRF token (the server refuses cookie-authenticated writes without it).
import { t } from '../i18n/index.js'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

let csrfToken: string | undefined
let onSignedOut: (() => void) | undefined

export const setCsrfToken = (token: string | undefined) => {
  csrfToken = token
}

/** Called when the server says the session is gone (expired, signed out elsewhere). */
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler
}

const messageFor = (status: number) =>
  status >= 500
    ? t('The server had a problem. Try again in a moment.')
    : status === 0
      ? t('The server cannot be reached. Check your connection.')
      : t('Request failed ({{status}}).', { status })

export const request = async (method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers)
  if (body !== undefined && !(body instanceof FormData)) headers.set('content-type', 'application/json')
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers.set('x-csrf-token', csrfToken)
  let res: Response
  try {
    res = await fetch(path, {
      ...init,
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, 'network', messageFor(0))
  }
  if (res.ok) return res
  const payload = (await res.json().catch(() => undefined)) as { code?: string; message?: string } | undefined
  if (res.status === 401 && !path.startsWith('/v1/auth/')) onSignedOut?.()
  throw new ApiError(res.status, payload?.code ?? 'error', payload?.message ?? messageFor(res.status))
}

/** The JSON body; undefined for answers without one (204). */
const json = <T>(res: Response): Promise<T> => (res.status === 204 ? Promise.resolve(undefined as T) : (res.json() as Promise<T>))

export const api = {
  get: <T>(path: string) => request('GET', path).then(json<T>),
  post: <T>(path: string, body: unknown = {}) => request('POST', path, body).then(json<T>),
  patch: <T>(path: string, body: unknown) => request('PATCH', path, body).then(json<T>),
  put: <T>(path: string, body: unknown) => request('PUT', path, body).then(json<T>),
  delete: <T>(path: string, body?: unknown) => request('DELETE', path, body).then(json<T>),
}

/** Query string from defined values only. */
export const qs = (params: Record<string, string | number | undefined | null>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}
