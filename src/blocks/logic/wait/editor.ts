// The Wait block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: LogicBlockType.WAIT,
  category: 'logic',
  label: 'Wait',
  description: 'Pauses before going on',
  icon: 'IconPlayerPause',
  defaults: () => ({ options: {} }),
  hints: { labels: { 'options.secondsToWaitFor': 'Seconds to wait', 'options.shouldPause': 'Pause the flow' } },
  exits: 'block',
  summary: optionSummary(
    (o) => o.secondsToWaitFor,
    (s, t) => t('Wait {{seconds}} s', { seconds: s }),
    (t) => t('No duration yet'),
  ),
}
