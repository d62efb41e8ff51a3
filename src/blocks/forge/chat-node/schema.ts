// The ChatNode block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { mapping, s } from '../../../contract/bot/forgedOptions.js'

/** What "Send Message" reads. */
export const sendMessageOptions = z.object({
  credentialsId: s,
  botId: s,
  message: s,
  threadId: s,
  responseMapping: mapping(['Message', 'Thread ID']),
})

export const actions: BlockAction[] = [
  {
    name: 'Send Message',
    options: sendMessageOptions,
  },
]
