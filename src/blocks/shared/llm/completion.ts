// What the LLM chat blocks share once their options are read: the credentials, the call through the block's API
// (or the pause while the client streams it), and saving the answer into the mapped variables.
import { type CompiledBot, edgeTarget } from '../../../engine/compile.js'
import type { ChatLog, UserReply, VariableUpdate } from '../../../engine/types.js'
import { parseVariables, toVariableValue } from '../../../engine/variables.js'
import type { ActionResult, BlockContext, BlockLog, ClientSideAction } from '../../../engine/kinds.js'
import { type ApiRequest, type ChatApi, type ChatApiName, chatApis } from './apis.js'
import { type Answer, failureLog, type LlmEndpoint } from './client.js'
import { credentialsBaseUrl, credentialText } from './credentials.js'
import type { LlmMessage } from './messages.js'
import { withImages } from './vision.js'
import type { DeliveredCompletion, PendingCompletion } from './stream.js'
import { type ToolOption, toolRunner, toolSpecs } from './tools.js'

export { credentialText } from './credentials.js'

export type ResponseItem = 'Message content' | 'Total tokens' | 'Prompt tokens' | 'Completion tokens' | 'Conversation ID'
export type ResponseMapping = { item: ResponseItem; variableId: string }[]

const RESPONSE_ITEMS: readonly string[] = [
  'Message content',
  'Total tokens',
  'Prompt tokens',
  'Completion tokens',
  'Conversation ID',
] satisfies ResponseItem[]
/** Item names of older blocks (Anthropic's, Dify's), renamed as Typebot does when it loads a bot, and Ask Model's. */
const LEGACY_ITEMS: Record<string, ResponseItem> = {
  'Message Content': 'Message content',
  Answer: 'Message content',
  'Total Tokens': 'Total tokens',
  // Ask Model's and Ask Assistant's items: the message, and the id that continues the conversation.
  Message: 'Message content',
  'Response ID': 'Conversation ID',
  'Thread ID': 'Conversation ID',
}

/** A forged block's `responseMapping`: entries without an item save the message content; unknown items are dropped. */
export const responseMapping = (entries: { item?: string; variableId?: string }[] | undefined): ResponseMapping =>
  (Array.isArray(entries) ? entries : []).flatMap((m) => {
    const item = LEGACY_ITEMS[m.item ?? ''] ?? m.item ?? 'Message content'
    return m.variableId && RESPONSE_ITEMS.includes(item) ? [{ item: item as ResponseItem, variableId: m.variableId }] : []
  })

/**
 * Where a block's calls go. The key is only ever sent to the base URL stored with the credentials, else to the
 * provider's default: never to one the bot chose (a bot author, or a guest previewing a bot of their own making,
 * would otherwise receive the workspace's key). The block's own base URL option is ignored (with a log).
 */
export type Connection = {
  label: string
  credentialsId?: string
  noCredentials: string
  /** The provider's endpoint, for credentials without a base URL of their own. */
  defaultBaseUrl: string
  /** The block's base URL option (legacy OpenAI block, forged OpenAI), only compared with the one used. */
  blockBaseUrl?: string
  /** Azure's API version: the credentials' `apiVersion`, else the block's (it only selects a version on the same host). */
  apiVersion?: string
  /** The credentials' field holding the base URL (`baseUrl` unless told: Dify's is `apiEndpoint`). */
  baseUrlField?: string
  /** The credentials' field holding the key (`apiKey` unless told: Dify's knowledge base uses `knowledgeApiKey`). */
  keyField?: string
}

/** What a chat block asks of its API, once its options are read. */
export type ChatPlan<N extends ChatApiName> = Connection & {
  api: N
  request: ApiRequest<N>
  /** Why the request cannot be sent (no model, no message…), told after the credentials are checked. */
  problem?: string
  mapping: ResponseMapping
  /** Legacy block: a variable holding a list gets the message appended instead of replaced. */
  appendToLists: boolean
  /** The code of the functions the request offers the model (`request.tools`), run in the sandbox when it calls them. */
  functions?: { name: string; code: string }[]
  /** Receives the conversation id the provider answers with (Dify), unless a `Conversation ID` mapping does. */
  conversationVariableId?: string
  /** The client-side action that makes the client stream the completion (legacy and forged blocks differ). */
  streamAction: ClientSideAction
  /** Updates applied whatever happens next (a legacy sequence's variables turned into lists). */
  variableUpdates: VariableUpdate[]
}

/** An OpenAI-style completion (or Anthropic's, which takes the same request). */
export type CompletionPlan = Omit<ChatPlan<'openai'>, 'api' | 'request' | 'problem'> & {
  api?: 'openai' | 'anthropic'
  model: string
  messages: LlmMessage[]
  temperature?: number
  maxTokens?: number
  tools?: ToolOption[]
  streamUsage?: boolean
  /** Whether the model sees images: user messages' image URLs are then sent as images (see vision.ts). */
  seesImages?: (model: string) => boolean
}

const errorLog = (description: string): ChatLog => ({ status: 'error', description })

const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase()

/** A templated option, or undefined when it is empty. */
export const optionText = (value: unknown, ctx: BlockContext): string | undefined => {
  if (typeof value !== 'string') return undefined
  return parseVariables(value, ctx.variables).trim() || undefined
}

/** A number option given as a number or as text such as `{{Temperature}}`. */
export const optionNumber = (value: unknown, ctx: BlockContext): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  const text = optionText(value, ctx)
  const n = text === undefined ? NaN : Number(text)
  return Number.isFinite(n) ? n : undefined
}

/**
 * The endpoint of a block's calls (with a notice when the block's own base URL was set aside), or the log explaining
 * why there is none (the flow goes on either way).
 */
export const connect = async (
  connection: Connection,
  ctx: BlockContext,
): Promise<{ endpoint: LlmEndpoint; notices: BlockLog[] } | { log: BlockLog }> => {
  const credentials = connection.credentialsId ? await ctx.credentials(connection.credentialsId) : undefined
  // About the bot's configuration only, so live chats show it too (fixtures and builders rely on it).
  if (!credentials) return { log: { ...errorLog(connection.noCredentials), visibility: 'everyone' } }
  const keyField = connection.keyField ?? 'apiKey'
  const apiKey = credentialText(credentials, keyField)
  if (!apiKey)
    return { log: errorLog(`The ${connection.label} credentials "${credentials.name}" have no ${keyField === 'apiKey' ? 'API key' : keyField}.`) }
  const baseUrl = credentialsBaseUrl(credentials, connection.defaultBaseUrl, connection.baseUrlField)
  const notices: BlockLog[] = []
  if (connection.blockBaseUrl && !sameUrl(connection.blockBaseUrl, baseUrl)) {
    notices.push({
      status: 'info',
      description: `The block's base URL was ignored: the ${connection.label} key is only sent to the base URL stored with its credentials (or the provider's default). Set the base URL on the credentials "${credentials.name}".`,
      details: JSON.stringify({ ignored: connection.blockBaseUrl, used: baseUrl }),
    })
  }
  const apiVersion = credentialText(credentials, 'apiVersion') ?? connection.apiVersion
  return { endpoint: { baseUrl, apiKey, ...(apiVersion && { apiVersion }) }, notices }
}

/** The block right after this one (next in its group, else where its edge leads). */
const nextBlock = (bot: CompiledBot, blockId: string) => {
  const at = bot.blockAt.get(blockId)
  if (!at) return undefined
  const following = at.group.blocks[at.index + 1]
  if (following) return following
  const target = edgeTarget(bot, at.block.outgoingEdgeId)
  const group = target && bot.groupById.get(target.groupId)
  if (!group) return undefined
  return target.blockId ? group.blocks.find((b) => b.id === target.blockId) : group.blocks[0]
}

/**
 * Streaming only makes sense when the client shows the text as it comes: Typebot streams when the next block is a
 * text bubble that opens with exactly `{{variable}}` of the answer.
 */
export const nextBubbleShowsVariable = (bot: CompiledBot, blockId: string, variableId: string | undefined): boolean => {
  const variable = variableId ? bot.variableById.get(variableId) : undefined
  const next = variable && nextBlock(bot, blockId)
  if (!variable || next?.type !== 'text') return false
  const first = (next as { content?: { richText?: { children?: { text?: unknown }[] }[] } }).content?.richText?.[0]?.children?.[0]?.text
  return first === `{{${variable.name}}}`
}

/** The mapped variables' new values after a completion, and the conversation id into its own variable. */
export const mapCompletion = (
  mapping: ResponseMapping,
  answer: Answer,
  ctx: BlockContext,
  appendToLists: boolean,
  conversationVariableId?: string,
): VariableUpdate[] => {
  const { usage, conversationId, content } = answer
  const updates = mapping.flatMap(({ item, variableId }): VariableUpdate[] => {
    if (item === 'Conversation ID') return conversationId ? [{ variableId, value: conversationId }] : []
    if (item !== 'Message content') {
      const tokens = item === 'Total tokens' ? usage.totalTokens : item === 'Prompt tokens' ? usage.promptTokens : usage.completionTokens
      return tokens === undefined ? [] : [{ variableId, value: String(tokens) }]
    }
    if (content === undefined) return []
    const current = appendToLists ? ctx.variables.find((v) => v.id === variableId)?.value : undefined
    return [{ variableId, value: Array.isArray(current) ? [...current, content] : toVariableValue(content) }]
  })
  const conversationMapped = mapping.some((m) => m.item === 'Conversation ID')
  if (conversationId && conversationVariableId && !conversationMapped) updates.push({ variableId: conversationVariableId, value: conversationId })
  return updates
}

/** Runs an OpenAI-style (or Anthropic) chat completion block. */
export const runCompletion = async (plan: CompletionPlan, blockId: string, ctx: BlockContext): Promise<ActionResult> => {
  const { api = 'openai', model, temperature, maxTokens, tools, streamUsage, seesImages, ...rest } = plan
  const messages = model && seesImages?.(model) ? await withImages(plan.messages, ctx) : plan.messages
  const functions = toolSpecs(tools)
  const problem = !model
    ? `The ${plan.label} block has no model; skipped.`
    : messages.length === 0
      ? `The ${plan.label} block has no message to send; skipped.`
      : undefined
  const request = {
    model,
    messages,
    ...(temperature !== undefined && { temperature }),
    ...(maxTokens !== undefined && { maxTokens }),
    ...(streamUsage && { streamUsage }),
    ...(functions.length && { tools: functions.map(({ code: _, ...spec }) => spec) }),
  }
  return runChat({ ...rest, api, request, problem, ...(functions.length && { functions }) }, blockId, ctx)
}

/** Runs a chat block: calls its API, or pauses while the client streams the answer. */
export const runChat = async <N extends ChatApiName>(plan: ChatPlan<N>, blockId: string, ctx: BlockContext): Promise<ActionResult> => {
  const { variableUpdates } = plan
  const connection = await connect(plan, ctx)
  if ('log' in connection) return { logs: [connection.log], variableUpdates }
  const { notices, endpoint } = connection
  if (plan.problem) return { logs: [...notices, errorLog(plan.problem)], variableUpdates }
  const streamVariableId = plan.mapping.find((m) => m.item === 'Message content')?.variableId
  if (ctx.isStreamEnabled && nextBubbleShowsVariable(ctx.bot, blockId, streamVariableId)) {
    // Kept in the session while the client streams (see `pendingCompletionStream`); it holds no secret, and no base
    // URL: the stream call reads it from the credentials again.
    const pending: PendingCompletion = {
      credentialsId: plan.credentialsId!,
      label: plan.label,
      defaultBaseUrl: plan.defaultBaseUrl,
      ...(plan.baseUrlField && { baseUrlField: plan.baseUrlField }),
      ...(endpoint.apiVersion && { apiVersion: endpoint.apiVersion }),
      ...(plan.api !== 'openai' && { api: plan.api }),
      request: plan.request as ApiRequest<ChatApiName>,
      ...(plan.functions?.length && { functions: plan.functions }),
    }
    return {
      clientSideActions: [plan.streamAction],
      waitsForReply: true,
      waitingData: pending,
      variableUpdates,
      ...(notices.length && { logs: notices }),
    }
  }
  const tools = plan.functions?.length ? toolRunner(plan.functions, ctx) : undefined
  const api = chatApis[plan.api] as ChatApi<ApiRequest<N>>
  const outcome = await api.complete(ctx.runtime, endpoint, plan.request, tools)
  const done = [...variableUpdates, ...(tools?.updates ?? [])]
  if (!outcome.ok) return { logs: [...notices, failureLog(plan.label, outcome)], variableUpdates: done }
  const updates = [...done, ...mapCompletion(plan.mapping, outcome, ctx, plan.appendToLists, plan.conversationVariableId)]
  return { variableUpdates: updates, ...(notices.length && { logs: notices }) }
}

/**
 * The client streamed the completion and sends its full text: it goes into the message variables, and the bubble
 * that shows it is not sent again (the client already displays it). Token counts and the conversation id come from
 * what the stream left in the session (`delivered`), when it did, with what the model's functions set meanwhile.
 */
export const resumeCompletion = (
  mapping: ResponseMapping,
  reply: UserReply | undefined,
  ctx: BlockContext,
  appendToLists: boolean,
  delivered?: unknown,
  conversationVariableId?: string,
): ActionResult => {
  if (reply?.type !== 'text') return {}
  const streamed = (delivered && typeof delivered === 'object' ? delivered : {}) as Partial<DeliveredCompletion>
  const answer: Answer = { content: reply.text, usage: streamed.usage ?? {}, conversationId: streamed.conversationId }
  // What the functions set while the answer streamed comes first: the answer's own variables win over it.
  const functionUpdates = Array.isArray(streamed.variableUpdates) ? streamed.variableUpdates : []
  return {
    variableUpdates: [...functionUpdates, ...mapCompletion(mapping, answer, ctx, appendToLists, conversationVariableId)],
    skipsNextBubble: true,
  }
}
