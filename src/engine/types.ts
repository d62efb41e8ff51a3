// Contracts between the engine core, the block modules and the runtime port.
import type { ChatLog } from '../contract/chat.js'

/** Stored variable values: strings, lists of strings (items may be null), or null/undefined. */
export type VariableValue = string | (string | null)[] | null | undefined

export type { ChatLog, ChatMessage, ChatResponse, ClientSideAction, UserReply } from '../contract/chat.js'
export type LogStatus = ChatLog['status']

export type TextFormat = 'richText' | 'markdown'

/**
 * A chat whose client is not a browser but a messaging app (WhatsApp, Telegram): nothing runs code on its side, so
 * what a browser would compute is computed here or left out. `environment` is what Set variable's "Environment name"
 * gives; the contact is who writes, as the messaging app tells it.
 */
export type MessagingClient = {
  environment: string
  contact: { name?: string; phoneNumber?: string }
  referral?: { ctwaClickId?: string; sourceId?: string }
  /** Which channel and credentials answer the contact when the chat goes on without them (a webhook block resumed). Opaque here. */
  via?: { channel: string; credentialsId: string }
}

/** `timeoutMs` may shorten the sandbox's deadline; `tenant` (a workspace id) gets its fair share of the sandbox. */
export type SandboxCallOptions = { timeoutMs?: number; tenant?: string }

export type EvalResult = { ok: true; value: unknown } | { ok: false; error: string }
export type ScriptResult = { ok: boolean; value?: unknown; error?: string; setVariables: { name: string; value: unknown }[] }
/**
 * A regex test's answer: null when the pattern is invalid or the test ran out of time (`timedOut`); the matching time
 * it spent of its budget (0 for linear-time matches, which the budget does not limit).
 */
export type RegexVerdict = { verdict: boolean | null; timedOut: boolean; elapsedMs: number }

/**
 * Inline code (`{{= … =}}`) as templating sees it: synchronous, answering from evaluations made ahead through the
 * asynchronous `Runtime.evaluate` (see `inlineCodeEvaluator`). Never throws: failures come back as `{ ok: false }`.
 */
export type CodeEvaluator = (code: string, globals: Record<string, unknown>) => EvalResult

export type HttpRequest = {
  url: string
  method: string
  headers: Record<string, string>
  /** Text, or bytes (multipart uploads, audio). */
  body?: string | Uint8Array
  timeoutMs: number
  /** Receives the final response's body as it arrives (streamed APIs); the outcome still has the whole text. */
  onChunk?: (chunk: Uint8Array) => void
  /**
   * An HTTP proxy (`http(s)://user:pass@host:port`, from workspace credentials) every hop goes through, tunnelled
   * with CONNECT to the target's checked address. The proxy's own address is checked like any other.
   */
  proxyUrl?: string
  /** The outcome also carries the body's bytes (audio, images). */
  binaryResponse?: boolean
  /**
   * Keep at most this many bytes of the body: reading stops there and the rest is discarded, without failing the
   * request (outgoing webhooks keep an excerpt only). Unset: the whole body, failing beyond 10 MB.
   */
  maxResponseBytes?: number
  /** False: a redirect is answered as it is, not followed (outgoing webhooks). */
  followRedirects?: boolean
  /**
   * Why the call is made (a metrics label): an LLM provider, another service's API, an outgoing webhook delivery;
   * unset: a bot's own request.
   */
  purpose?: 'llm' | 'service' | 'webhook'
}
export type HttpOutcome =
  | { ok: true; status: number; headers: Record<string, string>; text: string; bytes?: Uint8Array }
  | { ok: false; reason: 'timeout' | 'blocked' | 'network'; message: string }

/** An email as blocks compose it; the sender's address comes from the SMTP settings. */
export type EmailMessage = {
  to: string[]
  cc?: string[]
  bcc?: string[]
  replyTo?: string
  subject?: string
  /** Display name replacing the one of the SMTP settings' sender. */
  fromName?: string
  text?: string
  html?: string
  /** Files attached to the email (blocks attach only files this server stored for the chat's workspace). */
  attachments?: { filename: string; contentType: string; content: Uint8Array }[]
}
/** SMTP settings of workspace credentials; `from` is `address` or `Name <address>`. */
export type SmtpSettings = { host: string; port: number; secure: boolean; username?: string; password?: string; from: string }
export type EmailOutcome = { ok: boolean; error?: string }

/** Everything the engine needs from outside: time, randomness, ids, sandboxed code, regexes, outgoing HTTP and email. */
export interface Runtime {
  now(): Date
  /** Uniform in [0, 1). */
  random(): number
  newId(): string
  /**
   * Runs untrusted JavaScript in the sandbox, off the event loop: `code` is a function body, `globals` are its
   * variables (by variable id for bot code). `timeoutMs` may shorten the sandbox's deadline. Never rejects.
   */
  evaluate(code: string, globals: Record<string, unknown>, options?: SandboxCallOptions): Promise<EvalResult>
  /** Runs a server-side Script block body (async allowed) where `setVariable(name, value)` is available. */
  runScript(body: string, globals: Record<string, unknown>, options?: SandboxCallOptions): Promise<ScriptResult>
  /**
   * Tests `source` (a pattern, or `/pattern/flags`) against `subject`: at once when a linear-time engine can, else
   * off the event loop within `timeoutMs` of matching.
   */
  testRegex(source: string, subject: string, timeoutMs: number): RegexVerdict | Promise<RegexVerdict>
  /** A cheap monotonic clock in milliseconds for turn budgets (defaults to `now()`). */
  elapsedMs?(): number
  /** Lets other work run (other chats' requests) during a long turn; absent, turns never pause. */
  pause?(): Promise<void>
  /** Server-side HTTP with the SSRF guard. */
  httpRequest(req: HttpRequest): Promise<HttpOutcome>
  /** Sends an email through the given SMTP server, or through the server's own (`'default'`, from its configuration). */
  sendEmail(message: EmailMessage, smtp: SmtpSettings | 'default'): Promise<EmailOutcome>
}

/** A file's bytes with the name and content type it is served with. */
export type StoredFile = { name: string; contentType: string; bytes: Uint8Array }
export type StoreFileOutcome = { ok: true; url: string } | { ok: false; message: string }
/** Whose a stored file is: files belong to their result (none in preview) and are kept per workspace. */
export type FileOwner = { workspaceId: string; botId: string; resultId?: string }
/** The file storage as the engine needs it; the turn binds it to the running chat (see `BlockContext.storeFile`). */
export interface ChatFiles {
  /** Stores a file made by a block; `url` is the absolute URL it is served at. */
  store(file: StoredFile, owner: FileOwner): Promise<StoreFileOutcome>
  /** A file this server stored for `workspaceId`, by its URL; undefined for anything else. */
  read(url: string, workspaceId: string): Promise<StoredFile | undefined>
}

export type VariableUpdate = { variableId: string; value: VariableValue }

export type ParsedReply =
  | { status: 'fail' }
  | { status: 'skip' }
  | {
      status: 'success'
      /** The answer as stored (and put into the input's variable). */
      content: string
      outgoingEdgeId?: string
      /** Other variables the reply sets (attachments, voice clips, card fields…). */
      variableUpdates?: VariableUpdate[]
      /** Files sent with the reply: stored with the answer. */
      attachedFileUrls?: string[]
    }
