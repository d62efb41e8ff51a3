// What the plugin blocks that call a web service share: their options templated once, the workspace credentials
// they name, JSON calls through the guarded HTTP client with the secrets kept out of whatever reaches a log, and
// Typebot's `[{key, value}]` option lists.
import type { BlockContext, BlockLog, StoredCredentials } from '../../engine/kinds.js'
import type { HttpRequest } from '../../engine/types.js'
import { template } from './inputs.js'
import { credentialText } from './llm/credentials.js'

export { credentialText } from './llm/credentials.js'

/** Services answer small documents quickly; Typebot's own clients give up after 10 s (5 s for PostHog). */
export const SERVICE_TIMEOUT_MS = 10_000

/** The block's options with every text templated (Typebot parses every string option before its handler runs). */
export const templatedOptions = async <T extends Record<string, unknown>>(options: unknown, ctx: BlockContext): Promise<Partial<T>> =>
  (await template((options ?? {}) as Partial<T>, ctx)) as Partial<T>

/** A templated text option, trimmed; undefined when empty (Typebot drops options that template to ""). */
export const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

/** `[{key, value}]` as an object, keeping pairs whose key and value are both set. */
export const keyValues = (items: unknown): Record<string, string> | undefined => {
  if (!Array.isArray(items)) return undefined
  const entries = items.flatMap((item) => {
    const key = text(item?.key)
    const value = typeof item?.value === 'string' ? item.value : undefined
    return key && value ? [[key, value] as const] : []
  })
  return Object.fromEntries(entries)
}

/** An error log about the block's own configuration (no outside call made): shown in live chats too. */
export const configError = (description: string): BlockLog => ({ status: 'error', description, visibility: 'everyone' })

/**
 * The credentials the block names, or the log saying they are missing (the flow goes on). `required` lists the
 * `data` fields the service cannot do without.
 */
export const blockCredentials = async (
  label: string,
  credentialsId: unknown,
  ctx: BlockContext,
  required: string[],
): Promise<{ credentials: StoredCredentials } | { log: BlockLog }> => {
  const credentials = typeof credentialsId === 'string' && credentialsId ? await ctx.credentials(credentialsId) : undefined
  if (!credentials)
    return {
      log: configError(`Credentials not provided for integration: the ${label} block has no ${label} account selected. The flow went on past it.`),
    }
  const missing = required.filter((field) => !credentialText(credentials, field))
  if (missing.length) return { log: configError(`The ${label} credentials "${credentials.name}" have no ${missing.join(', ')}.`) }
  return { credentials }
}

/** A base URL without its trailing slashes. */
export const trimBase = (url: string) => url.trim().replace(/\/+$/, '')

export type ServiceAnswer = { ok: true; status: number; data: any; text: string } | { ok: false; status?: number; message: string }

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}

/** A reply saved the way Typebot saves what a client sends back: its JSON value when it parses, else the text. */
export const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Every secret replaced by `***`: a service (or whatever answers at a stored URL) may quote it back. */
export const redact = (text: string, secrets: (string | undefined)[]): string =>
  secrets.reduce<string>((out, secret) => (secret && secret.length >= 4 ? out.split(secret).join('***') : out), text)

/** The readable part of an error body (`message`, `msg`, `detail`, `error.message`, `error`…), else its start. */
const errorText = (text: string, data: any): string => {
  const candidate = data?.error?.message ?? data?.message ?? data?.msg ?? data?.detail ?? data?.error_description ?? data?.error
  if (typeof candidate === 'string' && candidate) return candidate
  return text.trim().slice(0, 300) || 'no error message'
}

/**
 * One call to a service: a JSON body is sent as JSON, a string as is (with its own content type), and a JSON answer
 * is parsed. A status of 400 or more is a failure carrying the service's message. `secrets` never reach the result.
 */
export const callService = async (
  ctx: BlockContext,
  request: { url: string; method: string; headers?: Record<string, string>; json?: unknown; body?: string; timeoutMs?: number },
  secrets: (string | undefined)[],
): Promise<ServiceAnswer> => {
  const req: HttpRequest = {
    url: request.url,
    method: request.method,
    headers: { accept: 'application/json', ...request.headers, ...(request.json !== undefined && { 'content-type': 'application/json' }) },
    body: request.json !== undefined ? JSON.stringify(request.json) : request.body,
    timeoutMs: request.timeoutMs ?? SERVICE_TIMEOUT_MS,
    purpose: 'service',
  }
  const outcome = await ctx.runtime.httpRequest(req)
  if (!outcome.ok) return { ok: false, message: redact(outcome.message, secrets) }
  const data = parseJson(outcome.text)
  if (outcome.status >= 400) return { ok: false, status: outcome.status, message: redact(errorText(outcome.text, data), secrets) }
  return { ok: true, status: outcome.status, data, text: outcome.text }
}

/** A failed call as an error log (owners only, like every log about an outside call). */
export const failureLog = (context: string, answer: Extract<ServiceAnswer, { ok: false }>): BlockLog => ({
  status: 'error',
  description: answer.status !== undefined ? `${context}: the service answered ${answer.status}: ${answer.message}` : `${context}: ${answer.message}`,
})
