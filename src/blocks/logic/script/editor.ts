// The Script block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: LogicBlockType.SCRIPT,
  category: 'logic',
  label: 'Script',
  description: 'Runs JavaScript in the chat window',
  icon: 'IconTerminal2',
  defaults: () => ({ options: {} }),
  hints: { labels: { 'options.content': 'Code', 'options.shouldExecuteInParentContext': 'Run in the page hosting the bot' } },
  exits: 'block',
  summary: optionSummary(
    (o) => o.name || o.content,
    (what, t) => t('Run {{script}}', { script: what }),
    (t) => t('No code yet'),
  ),
}
