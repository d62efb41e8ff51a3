// The Cal.com block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { list, s } from '../../../contract/bot/forgedOptions.js'

/** What "Book event" reads. */
export const bookEventOptions = z.object({
  baseUrl: s,
  link: s,
  layout: z.enum(['Month', 'Weekly', 'Columns']).optional(),
  name: s,
  email: s,
  phone: s,
  additionalNotes: s,
  anyPrefilledInformations: list(z.object({ questionId: s, value: s })),
  saveBookedDateInVariableId: s,
})

export const actions: BlockAction[] = [
  {
    name: 'Book event',
    options: bookEventOptions,
  },
]
