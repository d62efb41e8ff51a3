// The ChatNode block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import type { BlockCard } from '../../../contract/bot/card.js'
import { forgedHints } from '../../../contract/bot/formHints.js'
import { actions } from './schema.js'
import { actionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: 'chat-node',
  category: 'forge',
  label: 'ChatNode',
  description: 'Sends a message to a ChatNode bot',
  icon: 'IconRobot',
  defaults: () => ({ options: { action: actions[0].name } }),
  hints: forgedHints,
  exits: 'block',
  credentialsType: 'chat-node',
  actions: { key: 'action', list: actions },
  summary: actionSummary,
}
