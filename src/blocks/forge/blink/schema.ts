// The Blink block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { b, list, s } from '../../../contract/bot/forgedOptions.js'

/** What "Send Feed Event" reads. */
export const sendFeedEventOptions = z.object({
  credentialsId: s,
  categoryId: s,
  ribbonColor: s,
  userIds: list(z.string()),
  groupIds: list(z.string()),
  allowComments: b,
  allowReactions: b,
})
/** What "Get Users" reads. */
export const getUsersOptions = z.object({ credentialsId: s, responseMapping: list(z.object({ item: s, variableId: s })) })

export const actions: BlockAction[] = [
  {
    name: 'Send Feed Event',
    options: sendFeedEventOptions,
  },
  { name: 'Get Users', options: getUsersOptions },
]
