// The Wait for webhook block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'

export const card: BlockCard = {
  type: LogicBlockType.WEBHOOK,
  category: 'logic',
  label: 'Wait for webhook',
  description: 'Pauses until an outside call resumes the chat',
  icon: 'IconWebhook',
  defaults: () => ({ options: {} }),
  exits: 'block',
}
