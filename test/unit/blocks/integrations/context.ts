// An ActionContext for integration block tests: variables by name, answers, a recording email port, fixed credentials.
import type { ActionContext, StoredCredentials } from '../../../../src/blocks/actions/types.js'
import type { CompiledBot } from '../../../../src/engine/compile.js'
import type { SessionState, StackEntry } from '../../../../src/engine/state.js'
import type { EmailMessage, EmailOutcome, SmtpSettings } from '../../../../src/engine/types.js'
import { testRuntime } from '../../../support/engine.js'

export type SentEmail = { message: EmailMessage; smtp: SmtpSettings | 'default' }

export const actionContext = (
  options: {
    values?: Record<string, string | (string | null)[] | null>
    answers?: { key: string; value: string }[]
    isPreview?: boolean
    credentials?: StoredCredentials[]
    emailOutcome?: EmailOutcome
  } = {},
) => {
  const sent: SentEmail[] = []
  const variables = Object.entries(options.values ?? {}).map(([name, value], i) => ({ id: `v${i}`, name, value }))
  const entry: StackEntry = { botId: 'bot1', snapshotId: 'snap1', resultId: options.isPreview ? undefined : 'r1', values: {}, answers: options.answers ?? [], resume: [] }
  const state: SessionState = { version: 1, workspaceId: 'w1', isPreview: options.isPreview ?? false, stack: [entry] }
  const runtime = testRuntime({
    sendEmail: async (message, smtp) => {
      sent.push({ message, smtp })
      return options.emailOutcome ?? { ok: true }
    },
  })
  const ctx: ActionContext = {
    variables,
    runtime,
    textFormat: 'richText',
    isPreview: options.isPreview ?? false,
    settings: {},
    bot: { botId: 'bot1' } as CompiledBot,
    state,
    entry,
    linkedBot: async () => undefined,
    credentials: async (id) => options.credentials?.find((c) => c.id === id),
  }
  return { ctx, sent }
}
