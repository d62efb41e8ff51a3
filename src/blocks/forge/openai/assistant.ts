// OpenAI "Ask Assistant" (Assistants API v2): the message is added to the thread whose id the block's variable
// holds (a new thread otherwise, whose id is saved), a run of the assistant is created and polled until it ends;
// function calls the run asks for are answered by the block's functions (run in the sandbox), and the run's
// assistant messages, without citation markers, go into the mapped variable. Not streamed: the answer exists only
// once the run is over.
import type { z } from 'zod'
import type { ActionResult, BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { toVariableValue } from '../../../engine/variables.js'
import { type ChatFailure, callProvider, endpointUrl, failureLog, type LlmEndpoint, maskKey, parseJson } from '../../shared/llm/client.js'
import { assistantsHeaders, MAX_ASSISTANT_TOOL_ROUNDS } from '../../shared/llm/assistant.js'
import { type Connection, connect, nextBubbleShowsVariable, optionText, responseMapping, runChat } from '../../shared/llm/completion.js'
import { parseArguments, type ToolRunner, toolRunner } from '../../shared/llm/tools.js'
import type { askAssistantOptions } from './schema.js'

export type AssistantOptions = z.infer<typeof askAssistantOptions>

/** How long a run may take, how often it is polled, and how many rounds of function calls it may ask for. */
export type RunLimits = { maxWaitMs: number; firstPollMs: number; maxPollMs: number; maxToolRounds: number }
export const RUN_LIMITS: RunLimits = { maxWaitMs: 120_000, firstPollMs: 200, maxPollMs: 2000, maxToolRounds: MAX_ASSISTANT_TOOL_ROUNDS }

const LABEL = 'OpenAI'
const FINAL = new Set(['completed', 'failed', 'cancelled', 'expired', 'incomplete'])

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Assistants API calls: the OpenAI headers plus the beta header v2 needs; failures without the key. */
const assistantsApi = (ctx: BlockContext, endpoint: LlmEndpoint) => async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const outcome = await callProvider(ctx.runtime, {
    method,
    url: endpointUrl(endpoint, path),
    headers: assistantsHeaders(endpoint),
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!outcome.ok) return maskKey(endpoint, outcome)
  const value = parseJson(outcome.text)
  return value && typeof value === 'object'
    ? { ok: true as const, value }
    : { ok: false as const, message: `Unreadable answer: ${outcome.text.slice(0, 200)}` }
}

type Api = ReturnType<typeof assistantsApi>

/** The outputs of the calls the run asks for, by the block's functions. */
const toolOutputs = async (calls: any[], tools: ToolRunner) => {
  const outputs: { tool_call_id: string; output: string }[] = []
  for (const call of calls)
    outputs.push({ tool_call_id: call?.id, output: await tools.run(call?.function?.name, parseArguments(call?.function?.arguments)) })
  return outputs
}

/** A run that did not complete; one still going (`run`) is cancelled. */
const runProblem = (why: string, run?: any) => ({ ok: false as const, runProblem: why, run })

/** Polls the run until it ends (answering its function calls), within the limits. */
const awaitRun = async (api: Api, threadId: string, run: any, tools: ToolRunner, limits: RunLimits) => {
  let waited = 0
  let delay = limits.firstPollMs
  let rounds = 0
  while (!FINAL.has(run.status)) {
    if (run.status === 'requires_action' && run.required_action?.type === 'submit_tool_outputs') {
      if (++rounds > limits.maxToolRounds) return runProblem(`it asked for functions more than ${limits.maxToolRounds} times and was cancelled`, run)
      const outputs = await toolOutputs(run.required_action.submit_tool_outputs?.tool_calls ?? [], tools)
      const submitted = await api('POST', `/threads/${threadId}/runs/${run.id}/submit_tool_outputs`, { tool_outputs: outputs })
      if (!submitted.ok) return submitted
      run = submitted.value
      // The run goes on with the outputs: poll it soon again.
      delay = limits.firstPollMs
      continue
    }
    if (waited >= limits.maxWaitMs) return runProblem(`it did not end within ${Math.round(limits.maxWaitMs / 1000)} s and was cancelled`, run)
    await sleep(delay)
    waited += delay
    delay = Math.min(delay * 2, limits.maxPollMs)
    const polled = await api('GET', `/threads/${threadId}/runs/${run.id}`)
    if (!polled.ok) return polled
    run = polled.value
  }
  if (run.status !== 'completed') return runProblem(`it ended ${run.status}${run.last_error?.message ? `: ${run.last_error.message}` : ''}`)
  return { ok: true as const, run }
}

/** The run's assistant messages, oldest first, without the citation markers (【…】) file search adds. */
const answerOf = (messages: any[]) =>
  messages
    .filter((m) => m?.role === 'assistant')
    .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
    .filter((part: any) => part?.type === 'text' && typeof part.text?.value === 'string')
    .map((part: any) => part.text.value.replace(/【[^】]*】/g, ''))
    .join('\n\n')

/**
 * The streamed path: when the client streams and the next bubble shows the message, the client streams the run
 * (shared/llm/assistant.ts, which also answers the functions it asks for) and sends its text.
 */
const streamed = (options: AssistantOptions, connection: Connection, ctx: BlockContext, blockId: string) => {
  const messageVariableId = (options.responseMapping ?? []).find((m) => (m.item ?? 'Message') === 'Message')?.variableId
  if (!ctx.isStreamEnabled || !nextBubbleShowsVariable(ctx.bot, blockId, messageVariableId)) return undefined
  const functions = (options.functions ?? []).flatMap((f) => (f.name && f.code ? [{ name: f.name, code: f.code }] : []))
  const assistantId = optionText(options.assistantId, ctx)
  const message = optionText(options.message, ctx)
  const stored = options.threadVariableId ? ctx.variables.find((v) => v.id === options.threadVariableId)?.value : undefined
  const threadId = (typeof stored === 'string' && stored.trim()) || optionText(options.threadId, ctx)
  const instructions = optionText(options.additionalInstructions, ctx)
  return runChat(
    {
      ...connection,
      api: 'assistant',
      request: { assistantId: assistantId ?? '', message: message ?? '', ...(threadId && { threadId }), ...(instructions && { instructions }) },
      ...(!assistantId || !message
        ? { problem: `The ${LABEL} "Ask Assistant" action has no ${assistantId ? 'message' : 'assistant ID'}; skipped.` }
        : {}),
      mapping: responseMapping(options.responseMapping),
      appendToLists: false,
      conversationVariableId: options.threadVariableId,
      ...(functions.length && { functions }),
      streamAction: { type: 'stream', stream: true, expectsDedicatedReply: true },
      variableUpdates: [],
    },
    blockId,
    ctx,
  )
}

export const askAssistant = async (
  options: AssistantOptions,
  connection: Connection,
  ctx: BlockContext,
  blockId = '',
  limits = RUN_LIMITS,
): Promise<ActionResult> => {
  const stream = streamed(options, connection, ctx, blockId)
  if (stream) return stream
  const connected = await connect(connection, ctx)
  if ('log' in connected) return { logs: [connected.log] }
  const logs: BlockLog[] = [...connected.notices]
  const fail = (failure: ChatFailure | ReturnType<typeof runProblem>, updates: VariableUpdate[] = []): ActionResult => ({
    logs: [
      ...logs,
      'runProblem' in failure
        ? { status: 'error', description: `The ${LABEL} Assistant run failed: ${failure.runProblem}.` }
        : failureLog(`${LABEL} Assistant`, failure),
    ],
    ...(updates.length && { variableUpdates: updates }),
  })
  const assistantId = optionText(options.assistantId, ctx)
  const message = optionText(options.message, ctx)
  if (!assistantId || !message) {
    return {
      logs: [
        ...logs,
        { status: 'error', description: `The ${LABEL} "Ask Assistant" action has no ${assistantId ? 'message' : 'assistant ID'}; skipped.` },
      ],
    }
  }
  const api = assistantsApi(ctx, connected.endpoint)
  const stored = options.threadVariableId ? ctx.variables.find((v) => v.id === options.threadVariableId)?.value : undefined
  let threadId = (typeof stored === 'string' && stored.trim()) || optionText(options.threadId, ctx)
  const updates: VariableUpdate[] = []
  const mapping = (options.responseMapping ?? []).filter((m) => m.variableId)
  const threadMapping = mapping.filter((m) => m.item === 'Thread ID')
  if (!threadId) {
    const thread = await api('POST', '/threads', {})
    if (!thread.ok) return fail(thread)
    threadId = String(thread.value.id)
    // A new thread's id is kept for the next turns: in the `Thread ID` mapping, else in the thread variable.
    if (!threadMapping.length && options.threadVariableId) updates.push({ variableId: options.threadVariableId, value: threadId })
  }
  const added = await api('POST', `/threads/${threadId}/messages`, { role: 'user', content: message })
  if (!added.ok) return fail(added, updates)
  const instructions = optionText(options.additionalInstructions, ctx)
  const created = await api('POST', `/threads/${threadId}/runs`, {
    assistant_id: assistantId,
    ...(instructions && { additional_instructions: instructions }),
  })
  if (!created.ok) return fail(created, updates)
  const tools = toolRunner(options.functions ?? [], ctx)
  const ended = await awaitRun(api, threadId, created.value, tools, limits)
  updates.push(...tools.updates)
  if (!ended.ok) {
    // A run left going would keep the thread locked: the next message could not be added.
    if ('run' in ended && ended.run?.id && !FINAL.has(ended.run.status)) await api('POST', `/threads/${threadId}/runs/${ended.run.id}/cancel`)
    return fail(ended, updates)
  }
  const listed = await api('GET', `/threads/${threadId}/messages?run_id=${encodeURIComponent(ended.run.id)}&order=asc`)
  if (!listed.ok) return fail(listed, updates)
  const answer = answerOf(Array.isArray(listed.value.data) ? listed.value.data : [])
  for (const { item = 'Message', variableId } of mapping) {
    if (item === 'Message') updates.push({ variableId: variableId!, value: toVariableValue(answer) })
    else if (item === 'Thread ID') updates.push({ variableId: variableId!, value: threadId })
  }
  return { variableUpdates: updates, ...(logs.length && { logs }) }
}
