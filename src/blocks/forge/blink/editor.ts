// The Blink block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import type { BlockCard } from '../../../contract/bot/card.js'
import { forgedHints } from '../../../contract/bot/formHints.js'
import { actions, blinkShownWhen } from './schema.js'
import { actionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: 'blink',
  category: 'forge',
  label: 'Blink',
  description: 'Sends feed events, looks up users and opens folders in Blink',
  icon: 'IconMessages',
  defaults: () => ({ options: { action: actions[0].name } }),
  hints: { ...forgedHints, shownWhen: { ...forgedHints.shownWhen, ...blinkShownWhen } },
  exits: 'block',
  credentialsType: 'blink',
  actions: { key: 'action', list: actions },
  summary: actionSummary,
}
