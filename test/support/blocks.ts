// Block contexts for kind tests: a fixed clock (Wednesday 4 June 2025, 10:00 UTC), variables by name or as given,
// answers, a recording email port, fixed credentials and in-memory files (workspace `w1`). Inline code runs unsandboxed here (tests only).
import type { CompiledBot } from '../../src/engine/compile.js'
import type { BlockContext, InputKind, StoredCredentials } from '../../src/engine/kinds.js'
import type { StackEntry } from '../../src/engine/state.js'
import type { ChatFiles, EmailMessage, MessagingClient, EmailOutcome, Runtime, SmtpSettings, TextFormat, UserReply } from '../../src/engine/types.js'
import type { Variable } from '../../src/contract/bot/common.js'
import { testRuntime } from './engine.js'
import { createHttpClient } from '../../src/runtime/http.js'
import { parseAllowlist } from '../../src/runtime/ssrf.js'
import { memoryFiles } from './files.js'

export type SentEmail = { message: EmailMessage; smtp: SmtpSettings | 'default' }

export type ContextOptions = {
  /** Variables as a list, or by name (ids `v0`, `v1`… in order). */
  variables?: Variable[] | Record<string, string | (string | null)[] | null>
  answers?: { key: string; value: string }[]
  isPreview?: boolean
  textFormat?: TextFormat
  credentials?: StoredCredentials[]
  emailOutcome?: EmailOutcome
  runtime?: Partial<Runtime>
  /** Outgoing HTTP through the server's guarded client with this allowlist (`HTTP_REQUEST_ALLOWLIST`), for local peers. */
  httpAllowlist?: string
  transcript?: BlockContext['transcript']
  /** The file storage (default: a new in-memory one); the chat runs in workspace `w1`. */
  files?: ChatFiles
  /** A chat on a messaging app (no browser). */
  client?: MessagingClient
}

export const blockContext = (options: ContextOptions = {}) => {
  const sent: SentEmail[] = []
  const files = options.files ?? memoryFiles()
  const variables = Array.isArray(options.variables)
    ? options.variables
    : Object.entries(options.variables ?? {}).map(([name, value], i) => ({ id: `v${i}`, name, value }))
  const entry: StackEntry = {
    botId: 'bot1',
    snapshotId: 'snap1',
    resultId: options.isPreview ? undefined : 'r1',
    values: {},
    answers: options.answers ?? [],
    resume: [],
  }
  const runtime = testRuntime({
    now: () => new Date('2025-06-04T10:00:00Z'),
    sendEmail: async (message, smtp) => {
      sent.push({ message, smtp })
      return options.emailOutcome ?? { ok: true }
    },
    ...(options.httpAllowlist !== undefined && { httpRequest: createHttpClient(parseAllowlist(options.httpAllowlist)) }),
    ...options.runtime,
  })
  const ctx: BlockContext = {
    variables,
    runtime,
    textFormat: options.textFormat ?? 'richText',
    isPreview: options.isPreview ?? false,
    settings: {},
    bot: { botId: 'bot1', variableById: new Map(variables.map((v) => [v.id, v])) } as CompiledBot,
    entry,
    transcript: options.transcript ?? [],
    isStreamEnabled: false,
    client: options.client,
    budget: { emailsSent: 0, emailRecipients: 0 },
    linkedBot: async () => undefined,
    credentials: async (id) => options.credentials?.find((c) => c.id === id),
    storeFile: (file) => files.store(file, { workspaceId: 'w1', botId: entry.botId, resultId: entry.resultId }),
    readStoredFile: (url) => files.read(url, 'w1'),
  }
  return { ctx, sent }
}

/** A context with these variables (the common case of input and bubble tests). */
export const context = (variables: ContextOptions['variables'] = [], textFormat: TextFormat = 'richText'): BlockContext =>
  blockContext({ variables, textFormat }).ctx

export const text = (value: string, extra: Partial<Extract<UserReply, { type: 'text' }>> = {}): UserReply => ({
  type: 'text',
  text: value,
  ...extra,
})

/** Prepares the block as the engine does, then parses the reply against that input. */
export const parse = async <B>(kind: InputKind<B>, block: B, reply: UserReply | undefined, ctx = context()) =>
  kind.parseReply(reply, await kind.prepare(block, ctx), ctx)
