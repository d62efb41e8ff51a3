// The Meta Pixel block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.PIXEL,
  category: 'integrations',
  label: 'Meta Pixel',
  description: 'Tracks an event with the Meta Pixel',
  icon: 'IconTarget',
  defaults: () => ({ options: {} }),
  exits: 'block',
  summary: optionSummary(
    (o) => o.eventType,
    (event, t) => t('Track {{event}}', { event }),
    (t) => t('No event yet'),
  ),
}
