// OpenAI, the legacy native block ("OpenAI"). Its "Create chat completion" task calls an OpenAI-compatible
// endpoint (the credentials' base URL, else OpenAI's: never the block's, see `Connection`; Azure with `apiVersion`),
// or pauses while the client streams it. "Create speech" runs like the forged block's action; "Create image" is not
// run (Typebot 3.18 passes it without doing anything).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { OpenAIBlock } from './schema.js'
import type { ActionKind } from '../../../engine/kinds.js'
import { createSpeech } from '../../forge/openai/createSpeech.js'
import { type Connection, optionNumber, optionText, type ResponseMapping, resumeCompletion, runCompletion } from '../../shared/llm/completion.js'
import { buildMessages, type MessageOption } from '../../shared/llm/messages.js'
import { pendingCompletionStream } from '../../shared/llm/stream.js'

const DEFAULT_BASE_URL = 'https://api.openai.com/v1'
const DEFAULT_MODEL = 'gpt-3.5-turbo'

type Options = NonNullable<OpenAIBlock['options']>

const mappingOf = (options: Options): ResponseMapping =>
  (options.responseMapping ?? []).flatMap((m) => {
    const item = m.valueToExtract ?? 'Message content'
    return m.variableId && (item === 'Message content' || item === 'Total tokens') ? [{ item, variableId: m.variableId }] : []
  })

export const openAI: ActionKind<OpenAIBlock> = {
  type: IntegrationBlockType.OPEN_AI,
  category: 'integration',
  async execute(block, ctx) {
    const options = block.options ?? {}
    // No task: the block was never configured, and Typebot passes it silently.
    if (!options.task) return {}
    const connection: Connection = {
      label: 'OpenAI',
      credentialsId: options.credentialsId ?? undefined,
      noCredentials: 'Make sure to select an OpenAI account: the OpenAI block has no credentials. The flow went on past it.',
      defaultBaseUrl: DEFAULT_BASE_URL,
      blockBaseUrl: optionText(options.baseUrl, ctx),
      apiVersion: optionText(options.apiVersion, ctx),
    }
    if (options.task === 'Create speech') return createSpeech(options, ctx, connection, block.id)
    if (options.task !== 'Create chat completion') {
      return {
        logs: [
          {
            status: 'error',
            description: `OpenAI "${options.task}" is not available: Typebot 3.18 does not run this task either. The flow went on past the block.`,
            visibility: 'everyone',
          },
        ],
      }
    }
    const { messages, variableUpdates } = await buildMessages(options.messages as MessageOption[] | undefined, ctx)
    return runCompletion(
      {
        ...connection,
        model: optionText(options.model, ctx) ?? DEFAULT_MODEL,
        messages,
        temperature: optionNumber(options.advancedSettings?.temperature, ctx),
        mapping: mappingOf(options),
        appendToLists: true,
        streamAction: {
          type: 'streamOpenAiChatCompletion',
          streamOpenAiChatCompletion: { messages },
          expectsDedicatedReply: true,
        },
        variableUpdates,
      },
      block.id,
      ctx,
    )
  },
  resume: (block, reply, ctx, waiting) => resumeCompletion(mappingOf(block.options ?? {}), reply, ctx, true, waiting.delivered),
  stream: pendingCompletionStream,
}
