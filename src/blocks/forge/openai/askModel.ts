// OpenAI "Ask Model" (Responses API, shared/llm/responses.ts): the message, the instructions, the previous response
// of this conversation (its id kept in a variable) and the tools Typebot offers (file search, web search, code
// interpreter, the block's functions, run in the sandbox). Streamed to the client like a chat completion when it
// asks for streams and the next bubble shows the message (not with functions); the answer's text and the response id
// are mapped.
import type { z } from 'zod'
import type { ActionResult, BlockContext } from '../../../engine/kinds.js'
import { type Connection, optionNumber, optionText, responseMapping, runChat } from '../../shared/llm/completion.js'
import { toolSpecs } from '../../shared/llm/tools.js'
import type { askModelOptions } from './schema.js'

export type AskModelOptions = z.infer<typeof askModelOptions>

/** The built-in tools, in Typebot's order: file search, web search, code interpreter (the functions come after). */
export const builtInTools = (options: AskModelOptions) => {
  const stores = (options.fileSearchVectorStoreIds ?? []).filter((id) => typeof id === 'string' && id.trim())
  const maxResults = options.fileSearchMaxNumResults
  const threshold = options.fileSearchScoreThreshold
  return [
    ...(stores.length
      ? [
          {
            type: 'file_search',
            vector_store_ids: stores,
            ...(Number.isInteger(maxResults) && maxResults! >= 1 && maxResults! <= 50 && { max_num_results: maxResults }),
            ...(typeof threshold === 'number' &&
              threshold >= 0 &&
              threshold <= 1 && { ranking_options: { ranker: 'auto', score_threshold: threshold } }),
          },
        ]
      : []),
    ...(options.webSearchEnabled ? [{ type: 'web_search' }] : []),
    ...(options.codeInterpreterEnabled ? [{ type: 'code_interpreter', container: { type: 'auto' } }] : []),
  ]
}

export const askModel = (options: AskModelOptions, ctx: BlockContext, connection: Connection, blockId: string): Promise<ActionResult> => {
  const model = optionText(options.model, ctx)
  const message = optionText(options.message, ctx)
  const instructions = optionText(options.instructions, ctx)
  const temperature = optionNumber(options.temperature, ctx)
  const stored = options.responseIdVariableId ? ctx.variables.find((v) => v.id === options.responseIdVariableId)?.value : undefined
  const previousResponseId = typeof stored === 'string' && stored.trim() ? stored.trim() : undefined
  const functions = toolSpecs(options.functions)
  const tools = [
    ...builtInTools(options),
    ...functions.map(({ name, description, parameters }) => ({ type: 'function', name, description: description ?? '', parameters, strict: false })),
  ]
  return runChat(
    {
      ...connection,
      api: 'responses',
      request: {
        model: model ?? '',
        input: message ?? '',
        ...(instructions && { instructions }),
        ...(tools.length && { tools }),
        ...(previousResponseId && { previousResponseId }),
        ...(temperature !== undefined && { temperature }),
      },
      ...(!model ? { problem: 'Model is empty' } : !message ? { problem: 'Message is empty' } : {}),
      mapping: responseMapping(options.responseMapping),
      appendToLists: false,
      ...(functions.length && { functions }),
      conversationVariableId: options.responseIdVariableId,
      streamAction: { type: 'stream', stream: true, expectsDedicatedReply: true },
      variableUpdates: [],
    },
    blockId,
    ctx,
  )
}
