// Dify.AI forged block (`dify-ai`). "Create Chat Message" sends the query (with the app's inputs and the user) to
// the Dify app of the credentials, continues the conversation whose id the block's variable holds and stores the
// new one there; it streams like the other LLM blocks. "Query Knowledge Base" retrieves a dataset's chunks (with
// the credentials' knowledge API key) into a list variable.
import type { z } from 'zod'
import type { createChatMessageOptions, queryKnowledgeBaseOptions } from './schema.js'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, ActionResult, BlockContext } from '../../../engine/kinds.js'
import { callProvider, failureLog, maskKey, parseJson } from '../../shared/llm/client.js'
import { type Connection, connect, optionText, responseMapping, resumeCompletion, runChat } from '../../shared/llm/completion.js'
import { difyUrl } from '../../shared/llm/dify.js'
import { pendingCompletionStream } from '../../shared/llm/stream.js'

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof createChatMessageOptions> & z.infer<typeof queryKnowledgeBaseOptions>

const LABEL = 'Dify.AI'
/** The user Dify files the conversation under when the block names none (Typebot's). */
const DEFAULT_USER = 'system@typebot.io'

const connection = (options: Options, keyField?: string): Connection => ({
  label: LABEL,
  credentialsId: options.credentialsId,
  noCredentials: `Credentials not provided for integration: the ${LABEL} block has no ${LABEL} account selected. The flow went on past it.`,
  defaultBaseUrl: 'https://api.dify.ai',
  baseUrlField: 'apiEndpoint',
  ...(keyField && { keyField }),
})

const createChatMessage = (block: GenericBlock, options: Options, ctx: BlockContext) => {
  const conversation = options.conversationVariableId ? ctx.variables.find((v) => v.id === options.conversationVariableId)?.value : undefined
  const conversationId = typeof conversation === 'string' && conversation.trim() ? conversation.trim() : undefined
  const inputs = Object.fromEntries(
    (options.inputs ?? []).flatMap((input) => {
      const key = optionText(input.key, ctx)
      return key ? [[key, optionText(input.value, ctx) ?? '']] : []
    }),
  )
  const query = optionText(options.query, ctx) ?? ''
  return runChat(
    {
      ...connection(options),
      api: 'dify',
      request: { query, inputs, user: optionText(options.user, ctx) ?? DEFAULT_USER, ...(conversationId && { conversationId }) },
      ...(!query && { problem: `The ${LABEL} block has no query to send; skipped.` }),
      mapping: responseMapping(options.responseMapping),
      appendToLists: false,
      conversationVariableId: options.conversationVariableId,
      streamAction: { type: 'stream', stream: true, expectsDedicatedReply: true },
      variableUpdates: [],
    },
    block.id,
    ctx,
  )
}

const queryKnowledgeBase = async (options: Options, ctx: BlockContext): Promise<ActionResult> => {
  const connected = await connect(connection(options, 'knowledgeApiKey'), ctx)
  if ('log' in connected) return { logs: [connected.log] }
  const datasetId = optionText(options.datasetId, ctx)
  const query = optionText(options.query, ctx)
  const targets = (options.responseMapping ?? []).filter((m) => m.variableId && (m.item ?? 'Retrieved chunks') === 'Retrieved chunks')
  const problem = !datasetId
    ? 'has no knowledge base ID'
    : !query
      ? 'has no query'
      : targets.length === 0
        ? 'saves its result in no variable'
        : undefined
  if (problem) return { logs: [{ status: 'error', description: `The ${LABEL} "Query Knowledge Base" action ${problem}; skipped.` }] }
  const { endpoint } = connected
  const outcome = await callProvider(ctx.runtime, {
    url: difyUrl(endpoint, `/datasets/${encodeURIComponent(datasetId!)}/retrieve`),
    headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  if (!outcome.ok) return { logs: [failureLog(LABEL, maskKey(endpoint, outcome))] }
  const records = parseJson(outcome.text)?.records
  if (!Array.isArray(records))
    return { logs: [{ status: 'error', description: `The ${LABEL} knowledge base answered without records.`, details: outcome.text.slice(0, 500) }] }
  const chunks = records.flatMap((r: any) => (typeof r?.segment?.content === 'string' ? [r.segment.content as string] : []))
  return { variableUpdates: targets.map((m) => ({ variableId: m.variableId!, value: chunks })) }
}

export const forgedDifyAi: ActionKind<GenericBlock> = {
  type: 'dify-ai',
  category: 'integration',
  execute(block, ctx) {
    const options = (block.options ?? {}) as Options
    if (options.action === 'Create Chat Message') return createChatMessage(block, options, ctx)
    if (options.action === 'Query Knowledge Base') return queryKnowledgeBase(options, ctx)
    const description = options.action
      ? `${LABEL} "${options.action}" is not supported by Parley; the flow went on past the block.`
      : `The ${LABEL} block has no action selected; skipped.`
    return { logs: [{ status: 'error', description, visibility: 'everyone' }] }
  },
  resume: (block, reply, ctx, waiting) => {
    const options = (block.options ?? {}) as Options
    return resumeCompletion(responseMapping(options.responseMapping), reply, ctx, false, waiting.delivered, options.conversationVariableId)
  },
  stream: pendingCompletionStream,
}
