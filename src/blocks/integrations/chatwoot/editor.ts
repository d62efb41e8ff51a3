// The Chatwoot block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { defaultChatwootOptions } from './schema.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.CHATWOOT,
  category: 'integrations',
  label: 'Chatwoot',
  description: 'Opens the Chatwoot live chat widget',
  icon: 'IconMessages',
  defaults: () => ({ options: structuredClone(defaultChatwootOptions) }),
  exits: 'block',
  summary: optionSummary(
    (o) => o.task,
    (task) => task,
  ),
}
