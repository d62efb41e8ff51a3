// The Segment block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { pairs, s } from '../../../contract/bot/forgedOptions.js'

/** What "Identify User" reads. */
export const identifyUserOptions = z.object({ credentialsId: s, userId: s, email: s, traits: pairs })
/** What "Track" reads. */
export const trackOptions = z.object({ credentialsId: s, eventName: s, userId: s, properties: pairs })
/** What "Page" reads. */
export const pageOptions = z.object({ credentialsId: s, name: s, userId: s, category: s, properties: pairs })
/** What "Alias" reads. */
export const aliasOptions = z.object({ credentialsId: s, userId: s, previousId: s })

export const actions: BlockAction[] = [
  { name: 'Identify User', options: identifyUserOptions },
  { name: 'Track', options: trackOptions },
  { name: 'Page', options: pageOptions },
  { name: 'Alias', options: aliasOptions },
]
