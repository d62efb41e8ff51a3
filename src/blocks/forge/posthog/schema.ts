// The PostHog block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { b, list, pairs, s } from '../../../contract/bot/forgedOptions.js'

/** What "Capture" reads. */
export const captureOptions = z.object({
  credentialsId: s,
  event: s,
  isAnonymous: b,
  distinctId: s,
  properties: pairs,
  personProperties: pairs,
  groups: list(z.object({ type: s, key: s })),
})
/** What "Identify Group" reads. */
export const identifyGroupOptions = z.object({ credentialsId: s, distinctId: s, groupType: s, groupKey: s, properties: pairs })

export const actions: BlockAction[] = [
  {
    name: 'Capture',
    options: captureOptions,
  },
  { name: 'Identify Group', options: identifyGroupOptions },
]
