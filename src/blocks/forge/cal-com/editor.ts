// The Cal.com block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import type { BlockCard } from '../../../contract/bot/card.js'
import { forgedHints } from '../../../contract/bot/formHints.js'
import { actions } from './schema.js'
import { actionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: 'cal-com',
  category: 'forge',
  label: 'Cal.com',
  description: 'Lets the user book an event',
  icon: 'IconCalendarEvent',
  defaults: () => ({ options: { action: actions[0].name } }),
  hints: {
    ...forgedHints,
    labels: {
      ...forgedHints.labels,
      'options.anyPrefilledInformations': 'Prefilled answers',
      'options.anyPrefilledInformations.questionId': 'Question ID',
    },
  },
  exits: 'block',
  actions: { key: 'action', list: actions },
  summary: actionSummary,
}
