// ChatNode forged block (`chat-node`): "Send Message" posts the message to a ChatNode bot
// (`POST {base}/{botId}`, base `https://api.public.chatnode.ai/v1` unless the credentials store a `baseUrl`),
// continuing the thread whose id the block holds, and maps the answer and the thread id into variables.
import type { z } from 'zod'
import type { sendMessageOptions } from './schema.js'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, ActionResult, BlockContext } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { toVariableValue } from '../../../engine/variables.js'
import { callProvider, endpointUrl, failureLog, maskKey, parseJson } from '../../shared/llm/client.js'
import { connect, optionText } from '../../shared/llm/completion.js'

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof sendMessageOptions>

const LABEL = 'ChatNode'

const sendMessage = async (options: Options, ctx: BlockContext): Promise<ActionResult> => {
  const connected = await connect(
    {
      label: LABEL,
      credentialsId: options.credentialsId,
      noCredentials: `Credentials not provided for integration: the ${LABEL} block has no ${LABEL} account selected. The flow went on past it.`,
      defaultBaseUrl: 'https://api.public.chatnode.ai/v1',
    },
    ctx,
  )
  if ('log' in connected) return { logs: [connected.log] }
  const botId = optionText(options.botId, ctx)
  const message = optionText(options.message, ctx)
  const problem = !botId ? 'has no bot ID' : !message ? 'has no message' : undefined
  if (problem) return { logs: [{ status: 'error', description: `The ${LABEL} block ${problem}; skipped.` }] }
  const { endpoint } = connected
  const threadId = optionText(options.threadId, ctx)
  const outcome = await callProvider(ctx.runtime, {
    url: endpointUrl(endpoint, `/${encodeURIComponent(botId!)}`),
    headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message, ...(threadId && { chat_session_id: threadId }) }),
  })
  if (!outcome.ok) return { logs: [failureLog(LABEL, maskKey(endpoint, outcome))] }
  const answer = parseJson(outcome.text)
  if (typeof answer?.message !== 'string') {
    return { logs: [{ status: 'error', description: `${LABEL} answered without a message.`, details: outcome.text.slice(0, 500) }] }
  }
  const variableUpdates = (options.responseMapping ?? []).flatMap(({ item = 'Message', variableId }): VariableUpdate[] => {
    if (!variableId) return []
    if (item === 'Message') return [{ variableId, value: toVariableValue(answer.message) }]
    if (item === 'Thread ID' && answer.chat_session_id) return [{ variableId, value: String(answer.chat_session_id) }]
    return []
  })
  return { variableUpdates }
}

export const forgedChatNode: ActionKind<GenericBlock> = {
  type: 'chat-node',
  category: 'integration',
  execute(block, ctx) {
    const options = (block.options ?? {}) as Options
    if (options.action === 'Send Message') return sendMessage(options, ctx)
    const description = options.action
      ? `${LABEL} "${options.action}" is not supported by Parley; the flow went on past the block.`
      : `The ${LABEL} block has no action selected; skipped.`
    return { logs: [{ status: 'error', description, visibility: 'everyone' }] }
  },
}
