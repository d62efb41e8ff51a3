// The Redirect block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: LogicBlockType.REDIRECT,
  category: 'logic',
  label: 'Redirect',
  description: 'Sends the user to a URL',
  icon: 'IconExternalLink',
  defaults: () => ({ options: {} }),
  hints: { labels: { 'options.url': 'URL', 'options.isNewTab': 'Open in a new tab' } },
  exits: 'block',
  summary: optionSummary(
    (o) => o.url,
    (url, t) => t('Redirect to {{url}}', { url }),
    (t) => t('No address yet'),
  ),
}
