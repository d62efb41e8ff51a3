// The Segment block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { pairs, s } from '../../../contract/bot/forgedOptions.js'

export const actions: BlockAction[] = [
  { name: 'Identify User', options: z.object({ credentialsId: s, userId: s, email: s, traits: pairs }) },
  { name: 'Track', options: z.object({ credentialsId: s, eventName: s, userId: s, properties: pairs }) },
  { name: 'Page', options: z.object({ credentialsId: s, name: s, userId: s, category: s, properties: pairs }) },
  { name: 'Alias', options: z.object({ credentialsId: s, userId: s, previousId: s }) },
]
