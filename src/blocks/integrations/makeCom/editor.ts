// The Make.com block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock } from '../../../contract/bot/card.js'
import { httpLikeHints } from '../../../contract/bot/formHints.js'

/** "POST https://…": the request the block sends. */
const requestSummary = (block: CardBlock) => {
  const request = (block.options as { webhook?: { method?: string; url?: string } } | undefined)?.webhook
  return request?.url ? `${request.method ?? 'POST'} ${request.url}` : ''
}

export const card: BlockCard = {
  type: IntegrationBlockType.MAKE_COM,
  category: 'integrations',
  label: 'Make.com',
  description: 'Calls a Make.com webhook',
  icon: 'IconPlug',
  defaults: () => ({ options: {} }),
  hints: httpLikeHints,
  exits: 'block',
  summary: requestSummary,
}
