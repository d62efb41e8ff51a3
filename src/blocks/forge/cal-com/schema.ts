// The Cal.com block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { s } from '../../../contract/bot/forgedOptions.js'

export const actions: BlockAction[] = [
  {
    name: 'Book event',
    options: z.object({
      baseUrl: s,
      link: s,
      layout: z.enum(['Month', 'Weekly', 'Columns']).optional(),
      name: s,
      email: s,
      phone: s,
      additionalNotes: s,
      saveBookedDateInVariableId: s,
    }),
  },
]
