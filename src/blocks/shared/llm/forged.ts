// Forged LLM blocks with a chat action (`openai`, `mistral`, `anthropic`, `groq`, `deepseek`, `perplexity`,
// `together-ai`, `open-router`): `options.action` chooses what runs. The chat action and "Generate variables" call
// the provider's OpenAI-compatible API (Anthropic's Messages API for `anthropic`); other actions of the provider's
// own API run through `actions`; the rest answer with an error log, and the flow goes on.
import type { z } from 'zod'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { llmChatOptions, llmExtractOptions } from '../../../contract/bot/forgedOptions.js'
import type { ActionKind, ActionResult, BlockContext, MaybePromise } from '../../../engine/kinds.js'
import { actionNamed, type ForgedOptions, unknownActionLog } from '../forgedActions.js'
import { type Connection, optionNumber, optionText, responseMapping, resumeCompletion, runCompletion } from './completion.js'
import { extractionFields, runGenerateVariables } from './generateVariables.js'
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
  /** Whether the block offers "Generate variables" (OpenAI, Mistral); the others only chat completions. */
  generatesVariables: boolean
  /** The name of its chat action (`Create chat completion`; Anthropic's is `Create Chat Message`). */
  chatAction?: string
  /** The API of its chat action and "Generate variables" (OpenAI-compatible unless told). */
  api?: 'openai' | 'anthropic'
  /** Whether its API sends token counts in streams when asked (`stream_options`), as OpenAI's, DeepSeek's and Groq's do. */
  streamUsage?: boolean
  /** Which of its models see images (user messages' image URLs sent as images); absent: none. */
  seesImages?: (model: string) => boolean
  /** Perplexity's API takes no tools: they are not sent (as in Typebot). */
  ignoresTools?: boolean
  /** The provider's other actions, by name (with the block's connection: credentials and endpoint). */
  actions?: Record<string, ForgedLlmAction>
  /** Actions Parley does not run, with the reason the log gives. */
  unsupported: Record<string, string>
}

/** `blockId`: the block running (a streamed answer needs to know the bubble that follows it). */
export type ForgedLlmAction = (options: ForgedOptions, ctx: BlockContext, connection: Connection, blockId: string) => MaybePromise<ActionResult>

/** What the chat action and "Generate variables" read (their schemas in contract/bot/forgedOptions.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof llmChatOptions> & z.infer<typeof llmExtractOptions>

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
      if (options.action === (provider.chatAction ?? 'Create chat completion')) {
        const system: MessageOption[] = options.systemMessage ? [{ role: 'system', content: options.systemMessage }] : []
        const { messages, variableUpdates } = await buildMessages([...system, ...(options.messages ?? [])], ctx)
        return runCompletion(
          {
            ...connection(options, ctx),
            model,
            messages,
            api: provider.api,
            tools: provider.ignoresTools ? undefined : options.tools,
            seesImages: provider.seesImages,
            streamUsage: provider.streamUsage,
            temperature: optionNumber(options.temperature, ctx),
            maxTokens: optionNumber(options.maxTokens, ctx),
            mapping: responseMapping(options.responseMapping),
            appendToLists: false,
            streamAction: { type: 'stream', stream: true, expectsDedicatedReply: true },
            variableUpdates,
          },
          block.id,
          ctx,
        )
      }
      if (options.action === 'Generate variables' && provider.generatesVariables) {
        const fields = extractionFields(options.variablesToExtract, ctx)
        return runGenerateVariables({ ...connection(options, ctx), api: provider.api, model, prompt: optionText(options.prompt, ctx), fields }, ctx)
      }
      const action = actionNamed(provider.actions, options.action)
      if (action) return action(options, ctx, connection(options, ctx), block.id)
      return { logs: [unknownActionLog(label, options.action, actionNamed(provider.unsupported, options.action))] }
    },
    resume: (block, reply, ctx, waiting) => {
      const options = (block.options ?? {}) as Options & { responseIdVariableId?: string; threadVariableId?: string }
      // Ask Model and Ask Assistant keep their response or thread id in their own variable unless a mapping takes it.
      const idVariableId = options.responseIdVariableId ?? options.threadVariableId
      return resumeCompletion(responseMapping(options.responseMapping), reply, ctx, false, waiting.delivered, idVariableId)
    },
    stream: pendingCompletionStream,
  }
}
