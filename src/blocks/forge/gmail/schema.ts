// The Gmail block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { mapping, s } from '../../../contract/bot/forgedOptions.js'

/** What "Send email" reads. */
export const sendEmailOptions = z.object({
  credentialsId: s,
  from: s,
  to: s,
  subject: s,
  body: s,
  attachments: s,
  threadId: s,
  label: s,
  responseMapping: mapping(['Message ID', 'Thread ID']),
})

export const actions: BlockAction[] = [{ name: 'Send email', options: sendEmailOptions }]
