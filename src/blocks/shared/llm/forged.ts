// Forged LLM blocks (`openai`, `mistral`): `options.action` chooses what runs. "Create chat completion" and
// "Generate variables" call the provider's OpenAI-compatible API; actions needing another kind of API answer
// with an error log, and the flow goes on.
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, ActionResult, BlockContext } from '../../../engine/kinds.js'
import { actionNamed, type ForgedOptions, unknownActionLog } from '../forgedActions.js'
import { type Connection, optionNumber, optionText, type ResponseItem, type ResponseMapping, resumeCompletion, runCompletion } from './completion.js'
import { extractionFields, runGenerateVariables, type VariableToExtract } from './generateVariables.js'
import { buildMessages, type MessageOption } from './messages.js'
import { pendingCompletionStream } from './stream.js'

export type ForgedLlmProvider = {
  type: string
  label: string
  defaultBaseUrl: string
  /** Model used when the block names none. */
  defaultModel?: string
  /** Whether the block has `baseUrl` and `apiVersion` options (OpenAI's has; its base URL never redirects the key). */
  hasEndpointOptions: boolean
  /** Actions Parley does not run, with the reason the log gives. */
  unsupported: Record<string, string>
  /** The provider's other actions, by name (with the block's connection: credentials and endpoint). */
  actions?: Record<string, ForgedLlmAction>
}

export type ForgedLlmAction = (options: ForgedOptions, ctx: BlockContext, connection: Connection) => Promise<ActionResult>

type Options = {
  action?: string
  credentialsId?: string
  baseUrl?: string
  apiVersion?: string
  model?: string
  messages?: MessageOption[]
  temperature?: number | string
  responseMapping?: { item?: string; variableId?: string }[]
  prompt?: string
  variablesToExtract?: VariableToExtract[]
}

const RESPONSE_ITEMS: readonly string[] = ['Message content', 'Total tokens', 'Prompt tokens', 'Completion tokens'] satisfies ResponseItem[]

/** Response mapping entries without an item save the message content. */
const mappingOf = (options: Options): ResponseMapping =>
  (options.responseMapping ?? []).flatMap((m) => {
    const item = m.item ?? 'Message content'
    return m.variableId && RESPONSE_ITEMS.includes(item) ? [{ item: item as ResponseItem, variableId: m.variableId }] : []
  })

export const forgedLlmKind = (provider: ForgedLlmProvider): ActionKind<GenericBlock> => {
  const { label } = provider
  // Calls go to the credentials' base URL, else the provider's: the block's own is only compared (see `Connection`).
  const connection = (options: Options, ctx: BlockContext): Connection => ({
    label,
    credentialsId: options.credentialsId,
    noCredentials: `Credentials not provided for integration: the ${label} block has no ${label} account selected. The flow went on past it.`,
    defaultBaseUrl: provider.defaultBaseUrl,
    blockBaseUrl: provider.hasEndpointOptions ? optionText(options.baseUrl, ctx) : undefined,
    apiVersion: provider.hasEndpointOptions ? optionText(options.apiVersion, ctx) : undefined,
  })

  return {
    type: provider.type,
    category: 'integration',
    async execute(block, ctx) {
      const options = (block.options ?? {}) as Options
      const model = optionText(options.model, ctx) ?? provider.defaultModel ?? ''
      if (options.action === 'Create chat completion') {
        const { messages, variableUpdates } = await buildMessages(options.messages, ctx)
        return runCompletion(
          {
            ...connection(options, ctx),
            model,
            messages,
            temperature: optionNumber(options.temperature, ctx),
            mapping: mappingOf(options),
            appendToLists: false,
            streamAction: () => ({ type: 'stream', stream: true, expectsDedicatedReply: true }),
            variableUpdates,
          },
          block.id,
          ctx,
        )
      }
      if (options.action === 'Generate variables') {
        const fields = extractionFields(options.variablesToExtract, ctx)
        return runGenerateVariables({ ...connection(options, ctx), model, prompt: optionText(options.prompt, ctx), fields }, ctx)
      }
      const action = actionNamed(provider.actions, options.action)
      if (action) return action(options, ctx, connection(options, ctx))
      return { logs: [unknownActionLog(label, options.action, actionNamed(provider.unsupported, options.action))] }
    },
    resume: (block, reply, ctx) => resumeCompletion(mappingOf((block.options ?? {}) as Options), reply, ctx, false),
    stream: pendingCompletionStream,
  }
}
