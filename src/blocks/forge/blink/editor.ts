// The Blink block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import type { BlockCard } from '../../../contract/bot/card.js'
import { forgedHints } from '../../../contract/bot/formHints.js'
import { actions } from './schema.js'

export const card: BlockCard = {
  type: 'blink',
  category: 'forge',
  label: 'Blink',
  description: 'Sends feed events and looks up users in Blink',
  icon: 'IconMessages',
  defaults: () => ({ options: { action: actions[0].name } }),
  hints: forgedHints,
  exits: 'block',
  credentialsType: 'blink',
  actions: { key: 'action', list: actions },
}
