// Anthropic's Messages API: `POST {baseUrl}/messages` with `x-api-key` and `anthropic-version`, answered as one
// message or, with `stream: true`, as server-sent events (`message_start`, `content_block_delta`, `message_delta`,
// `error`…). System messages go to the top-level `system`; `max_tokens` is required.
import type { Runtime } from '../../../engine/types.js'
import {
  type ChatFailure,
  type ChatOutcome,
  type ChatRequest,
  type ChatUsage,
  addUsage,
  callProvider,
  endpointUrl,
  type LlmEndpoint,
  numberOrUndefined,
  parseJson,
  sseReader,
  withoutKey,
} from './client.js'
import type { LlmMessage } from './messages.js'
import { MAX_TOOL_STEPS, parseArguments, type ToolRunner } from './tools.js'

export const ANTHROPIC_VERSION = '2023-06-01'

/**
 * The `max_tokens` sent when the block sets none: the model's maximum output, as Typebot's AI SDK sends it (most
 * specific prefix first; older models allow 4096).
 */
const MAX_OUTPUT_TOKENS: [RegExp, number][] = [
  [/^claude-(opus|sonnet)-4-6/, 128_000],
  [/^claude-[a-z]+-4-5/, 64_000],
  [/^claude-opus-4/, 32_000],
  [/^claude-(sonnet-4|3-7-sonnet)/, 64_000],
  [/^claude-3-5-haiku/, 8192],
]

export const defaultMaxTokens = (model: string) => MAX_OUTPUT_TOKENS.find(([pattern]) => pattern.test(model))?.[1] ?? 4096

const headers = (endpoint: LlmEndpoint): Record<string, string> => ({
  'x-api-key': endpoint.apiKey,
  'anthropic-version': ANTHROPIC_VERSION,
  'content-type': 'application/json',
})

type Block = { type: 'text'; text: string } | { type: 'image'; source: { type: 'url'; url: string } }
type Turn = { role: 'user' | 'assistant'; content: string | Block[] }

const blocksOf = (content: Turn['content']): Block[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : content)

/** Consecutive turns of one role merged: the API wants user and assistant turns to alternate. Images as `image` blocks. */
const alternating = (messages: LlmMessage[]) =>
  messages.reduce<Turn[]>((turns, m) => {
    if (m.role === 'system') return turns
    const content: Turn['content'] = m.parts
      ? m.parts.map((p): Block => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image', source: { type: 'url', url: p.url } }))
      : m.content
    const last = turns.at(-1)
    if (last?.role !== m.role) turns.push({ role: m.role, content })
    else if (typeof last.content === 'string' && typeof content === 'string') last.content += `\n\n${content}`
    else last.content = [...blocksOf(last.content), ...blocksOf(content)]
    return turns
  }, [])

/** A JSON schema the model must fill by calling the tool `json` (structured output, as the AI SDK asks it). */
export type JsonTool = { inputSchema: Record<string, unknown> }

/** `messages`: the request's, or those of a conversation with tool calls and their results. */
const requestBody = (request: ChatRequest, options: { stream?: boolean; jsonTool?: JsonTool; messages?: unknown[] }) => {
  const system = request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n')
  // The API accepts temperatures from 0 to 1 only.
  const temperature = request.temperature === undefined ? undefined : Math.min(1, Math.max(0, request.temperature))
  return JSON.stringify({
    model: request.model,
    max_tokens: request.maxTokens ?? defaultMaxTokens(request.model),
    ...(system && { system }),
    messages: options.messages ?? alternating(request.messages),
    ...(temperature !== undefined && { temperature }),
    ...(request.tools?.length && { tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })) }),
    ...(options.jsonTool && {
      tools: [{ name: 'json', description: 'Respond with a JSON object.', input_schema: options.jsonTool.inputSchema }],
      tool_choice: { type: 'tool', name: 'json' },
    }),
    ...(options.stream && { stream: true }),
  })
}

const usageOf = (usage: any, previous: ChatUsage = {}): ChatUsage => {
  const promptTokens = numberOrUndefined(usage?.input_tokens) ?? previous.promptTokens
  const completionTokens = numberOrUndefined(usage?.output_tokens) ?? previous.completionTokens
  const totalTokens = promptTokens !== undefined && completionTokens !== undefined ? promptTokens + completionTokens : undefined
  return { promptTokens, completionTokens, totalTokens }
}

const call = (runtime: Runtime, endpoint: LlmEndpoint, body: string, onChunk?: (chunk: Uint8Array) => void) =>
  callProvider(runtime, { url: endpointUrl(endpoint, '/messages'), headers: headers(endpoint), body, onChunk })

/** A whole message: its text blocks joined, or with a JSON tool the tool call's input as JSON text. */
const messageOf = (text: string, jsonTool: boolean): ChatOutcome => {
  const body = parseJson(text)
  const blocks: any[] = Array.isArray(body?.content) ? body.content : []
  if (!body || body.type !== 'message') return { ok: false, message: `The response is not a message: ${text.slice(0, 200)}` }
  const content = jsonTool
    ? JSON.stringify(blocks.find((b) => b?.type === 'tool_use' && b.name === 'json')?.input ?? null)
    : blocks
        .filter((b) => b?.type === 'text' && typeof b.text === 'string')
        .map((b) => b.text)
        .join('')
  return { ok: true, content, usage: usageOf(body.usage) }
}

/**
 * One message, answered whole. With `jsonTool`, the content is the JSON the model gave the tool; with `tools`, the
 * model's tool calls are answered until it gives its text.
 */
export const createAnthropicMessage = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ChatRequest,
  options: { jsonTool?: JsonTool; tools?: ToolRunner } = {},
): Promise<ChatOutcome> => {
  const messages: unknown[] = alternating(request.messages)
  let usage: ChatUsage = {}
  for (let step = 1; ; step++) {
    const outcome = await call(runtime, endpoint, requestBody(request, { jsonTool: options.jsonTool, messages }))
    if (!outcome.ok) return withoutKey(endpoint, outcome)
    const answer = messageOf(outcome.text, options.jsonTool !== undefined)
    if (!answer.ok) return withoutKey(endpoint, answer)
    usage = addUsage(usage, answer.usage)
    const content: any[] = parseJson(outcome.text).content ?? []
    const calls = content.filter((b) => b?.type === 'tool_use' && b.name !== 'json')
    if (!options.tools || calls.length === 0 || step >= MAX_TOOL_STEPS) return { ...answer, usage }
    const results = []
    for (const use of calls) results.push({ type: 'tool_result', tool_use_id: use.id, content: await options.tools.run(use.name, use.input) })
    messages.push({ role: 'assistant', content }, { role: 'user', content: results })
  }
}

/**
 * A streamed message: `onText` gets each text delta as it arrives; an `error` event fails the whole answer. With
 * `tools`, the `tool_use` blocks the model streams are answered and the conversation goes on in a new stream, up to
 * `MAX_TOOL_STEPS` model calls.
 */
export const streamAnthropicMessage = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  request: ChatRequest,
  onText: (text: string) => void,
  tools?: ToolRunner,
): Promise<ChatOutcome> => {
  const messages: unknown[] = alternating(request.messages)
  let content = ''
  let usage: ChatUsage = {}
  for (let step = 1; ; step++) {
    const streamed = await streamStep(runtime, endpoint, requestBody(request, { stream: true, messages }), onText)
    if (!streamed.ok) return withoutKey(endpoint, streamed)
    content += streamed.text
    usage = addUsage(usage, streamed.usage)
    const calls = streamed.blocks.filter((b): b is ToolUse => b.type === 'tool_use')
    if (!tools || calls.length === 0 || step >= MAX_TOOL_STEPS) return { ok: true, content, usage }
    const results = []
    for (const use of calls) results.push({ type: 'tool_result', tool_use_id: use.id, content: await tools.run(use.name, use.input) })
    messages.push({ role: 'assistant', content: streamed.blocks }, { role: 'user', content: results })
  }
}

type ToolUse = { type: 'tool_use'; id: string; name: string; input: unknown }
/** The content blocks of a streamed message, as the next request sends them back. */
type StreamedBlock = { type: 'text'; text: string } | ToolUse

/** One streamed message: its text, its content blocks (text and tool calls, inputs assembled) and token counts. */
const streamStep = async (
  runtime: Runtime,
  endpoint: LlmEndpoint,
  body: string,
  onText: (text: string) => void,
): Promise<{ ok: true; text: string; blocks: StreamedBlock[]; usage: ChatUsage } | ChatFailure> => {
  let text = ''
  let usage: ChatUsage = {}
  let failure: ChatFailure | undefined
  let sawEvents = false
  // Blocks by index; a tool call's input arrives as pieces of JSON text (`input_json_delta`).
  const blocks: (StreamedBlock & { json?: string })[] = []
  const reader = sseReader((data) => {
    const event = parseJson(data)
    sawEvents = true
    const index = Number.isInteger(event?.index) && event.index >= 0 && event.index < 128 ? event.index : -1
    if (event?.type === 'message_start') usage = usageOf(event.message?.usage)
    else if (event?.type === 'message_delta') usage = usageOf(event.usage, usage)
    else if (event?.type === 'error') failure ??= { ok: false, message: `${event.error?.type ?? 'error'}: ${event.error?.message ?? data}` }
    else if (event?.type === 'content_block_start' && index >= 0) {
      const block = event.content_block
      if (block?.type === 'tool_use') blocks[index] = { type: 'tool_use', id: String(block.id), name: String(block.name), input: {}, json: '' }
      else if (block?.type === 'text') blocks[index] = { type: 'text', text: '' }
    } else if (event?.type === 'content_block_delta') {
      const block = blocks[index]
      if (event.delta?.type === 'text_delta' && typeof event.delta.text === 'string') {
        text += event.delta.text
        if (block?.type === 'text') block.text += event.delta.text
        onText(event.delta.text)
      } else if (event.delta?.type === 'input_json_delta' && block?.type === 'tool_use' && typeof event.delta.partial_json === 'string')
        block.json += event.delta.partial_json
    }
  })
  const outcome = await call(runtime, endpoint, body, reader.push)
  if (!outcome.ok) return outcome
  reader.end()
  if (failure) return failure
  if (!sawEvents) {
    // Not a stream after all: one message, relayed in one piece.
    const whole = messageOf(outcome.text, false)
    if (!whole.ok) return whole
    onText(whole.content)
    const content: any[] = parseJson(outcome.text).content ?? []
    return { ok: true, text: whole.content, blocks: content.filter((b) => b?.type === 'text' || b?.type === 'tool_use'), usage: whole.usage }
  }
  // Empty text blocks are refused when sent back.
  const finished = blocks
    .filter((b) => b && (b.type !== 'text' || b.text))
    .map(({ json, ...block }): StreamedBlock => (block.type === 'tool_use' ? { ...block, input: parseArguments(json) } : block))
  return { ok: true, text, blocks: finished, usage }
}
