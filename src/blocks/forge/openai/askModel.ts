// OpenAI "Ask Model" (Responses API): `POST {base}/responses` with the message, the instructions, the previous
// response of this conversation (its id kept in a variable) and the tools Typebot offers (file search, web search,
// code interpreter, the block's functions). Function calls are answered by the block's functions in the sandbox and
// sent back as `function_call_output` items, at most 10 rounds. The answer's text and the response id are mapped.
// Not streamed: the answer is read whole (the client gets it with the turn).
import type { ActionResult, BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { toVariableValue } from '../../../engine/variables.js'
import {
  type ChatFailure,
  callProvider,
  endpointUrl,
  failureLog,
  type LlmEndpoint,
  maskKey,
  openAiHeaders,
  parseJson,
} from '../../shared/llm/client.js'
import { type Connection, connect, optionNumber, optionText } from '../../shared/llm/completion.js'
import { parseArguments, type ToolOption, toolRunner, toolSpecs } from '../../shared/llm/tools.js'

export type AskModelOptions = {
  model?: string
  message?: string
  instructions?: string
  responseIdVariableId?: string
  fileSearchVectorStoreIds?: string[]
  fileSearchMaxNumResults?: number
  fileSearchScoreThreshold?: number
  webSearchEnabled?: boolean
  codeInterpreterEnabled?: boolean
  functions?: ToolOption[]
  temperature?: number | string
  responseMapping?: { item?: string; variableId?: string }[]
}

const LABEL = 'OpenAI'
/** Rounds of function calls one answer may take (as Typebot). */
export const MAX_FUNCTION_ROUNDS = 10

/** The tools, in Typebot's order: file search, web search, code interpreter, then the block's functions. */
export const responseTools = (options: AskModelOptions) => {
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
    ...toolSpecs(options.functions).map(({ name, description, parameters }) => ({
      type: 'function',
      name,
      description: description ?? '',
      parameters,
      strict: false,
    })),
  ]
}

/** The text of a response's `message` output items. */
const outputText = (response: any): string =>
  (Array.isArray(response?.output) ? response.output : [])
    .filter((item: any) => item?.type === 'message')
    .flatMap((item: any) => (Array.isArray(item.content) ? item.content : []))
    .filter((part: any) => part?.type === 'output_text' && typeof part.text === 'string')
    .map((part: any) => part.text)
    .join('')

const functionCalls = (response: any): any[] =>
  Array.isArray(response?.output) ? response.output.filter((item: any) => item?.type === 'function_call') : []

const responsesApi = (ctx: BlockContext, endpoint: LlmEndpoint) => async (body: unknown) => {
  const outcome = await callProvider(ctx.runtime, {
    url: endpointUrl(endpoint, '/responses'),
    headers: openAiHeaders(endpoint),
    body: JSON.stringify(body),
  })
  if (!outcome.ok) return maskKey(endpoint, outcome)
  const value = parseJson(outcome.text)
  return value && typeof value === 'object' && typeof value.id === 'string'
    ? { ok: true as const, value }
    : ({ ok: false, message: `Unreadable answer: ${outcome.text.slice(0, 200)}` } satisfies ChatFailure)
}

export const askModel = async (options: AskModelOptions, ctx: BlockContext, connection: Connection): Promise<ActionResult> => {
  const connected = await connect(connection, ctx)
  if ('log' in connected) return { logs: [connected.log] }
  const logs: BlockLog[] = [...connected.notices]
  const model = optionText(options.model, ctx)
  const message = optionText(options.message, ctx)
  if (!model || !message) return { logs: [...logs, { status: 'error', description: model ? 'Message is empty' : 'Model is empty' }] }

  const stored = options.responseIdVariableId ? ctx.variables.find((v) => v.id === options.responseIdVariableId)?.value : undefined
  const previous = typeof stored === 'string' && stored.trim() ? stored.trim() : undefined
  const instructions = optionText(options.instructions, ctx)
  const temperature = optionNumber(options.temperature, ctx)
  const tools = responseTools(options)
  const common = {
    model,
    ...(instructions && { instructions }),
    ...(tools.length && { tools }),
    ...(temperature !== undefined && Number.isFinite(temperature) && { temperature }),
    store: true,
  }
  const api = responsesApi(ctx, connected.endpoint)
  const runner = toolRunner(options.functions ?? [], ctx)
  const fail = (failure: ChatFailure): ActionResult => ({
    logs: [...logs, failureLog(`${LABEL} Ask Model`, failure)],
    ...(runner.updates.length && { variableUpdates: runner.updates }),
  })

  let answered = await api({ ...common, input: message, ...(previous && { previous_response_id: previous }) })
  let text = answered.ok ? outputText(answered.value) : ''
  for (let round = 0; answered.ok && functionCalls(answered.value).length; round++) {
    if (round >= MAX_FUNCTION_ROUNDS) return fail({ ok: false, message: `the model asked for functions more than ${MAX_FUNCTION_ROUNDS} times` })
    const input = []
    for (const call of functionCalls(answered.value))
      input.push({ type: 'function_call_output', call_id: call.call_id, output: await runner.run(call.name, parseArguments(call.arguments)) })
    answered = await api({ ...common, input, previous_response_id: answered.value.id })
    if (answered.ok) text += outputText(answered.value)
  }
  if (!answered.ok) return fail(answered)

  const responseId = answered.value.id as string
  const updates: VariableUpdate[] = [...runner.updates]
  const mapping = (options.responseMapping ?? []).filter((m) => m.variableId)
  for (const { item = 'Message', variableId } of mapping) {
    if (item === 'Message') updates.push({ variableId: variableId!, value: toVariableValue(text) })
  }
  // The response id continues the conversation next time: in the `Response ID` mapping, else in its own variable.
  const idMapping = mapping.filter((m) => m.item === 'Response ID')
  for (const { variableId } of idMapping) updates.push({ variableId: variableId!, value: responseId })
  if (!idMapping.length && options.responseIdVariableId) updates.push({ variableId: options.responseIdVariableId, value: responseId })
  return { variableUpdates: updates, ...(logs.length && { logs }) }
}
