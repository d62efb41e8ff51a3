// The Google Analytics block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.GOOGLE_ANALYTICS,
  category: 'integrations',
  label: 'Google Analytics',
  description: 'Sends an event to Google Analytics',
  icon: 'IconBrandGoogle',
  defaults: () => ({ options: {} }),
  exits: 'block',
  summary: optionSummary(
    (o) => o.action,
    (action, t) => t('Track {{event}}', { event: action }),
    (t) => t('No event yet'),
  ),
}
