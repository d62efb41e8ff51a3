// The HTTP request block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard, CardBlock } from '../../../contract/bot/card.js'
import { httpLikeHints } from '../../../contract/bot/formHints.js'
import { defaultHttpRequestOptions } from './schema.js'

/** "POST https://…": the request the block sends. */
const requestSummary = (block: CardBlock) => {
  const request = (block.options as { webhook?: { method?: string; url?: string } } | undefined)?.webhook
  return request?.url ? `${request.method ?? 'POST'} ${request.url}` : ''
}

export const card: BlockCard = {
  type: IntegrationBlockType.HTTP_REQUEST,
  category: 'integrations',
  label: 'HTTP request',
  description: 'Calls an API and saves the answer in variables',
  icon: 'IconApi',
  defaults: () => ({
    options: {
      ...structuredClone(defaultHttpRequestOptions),
      webhook: { method: 'POST', headers: [], queryParams: [] },
      responseVariableMapping: [],
    },
  }),
  hints: httpLikeHints,
  exits: 'block',
  summary: requestSummary,
}
