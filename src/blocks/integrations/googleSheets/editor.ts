// The Google Sheets block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.GOOGLE_SHEETS,
  category: 'integrations',
  label: 'Google Sheets',
  description: 'Reads, adds or updates rows of a sheet',
  icon: 'IconTable',
  defaults: () => ({ options: {} }),
  exits: 'block',
  credentialsType: 'google sheets',
  summary: optionSummary(
    (o) => o.action,
    (action) => action,
    (t) => t('No action yet'),
  ),
}
