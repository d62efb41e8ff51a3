// The Dify.AI block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { mapping, pairs, s } from '../../../contract/bot/forgedOptions.js'

export const actions: BlockAction[] = [
  {
    name: 'Create Chat Message',
    options: z.object({
      credentialsId: s,
      query: s,
      conversationVariableId: s,
      user: s,
      inputs: pairs,
      responseMapping: mapping(['Answer', 'Conversation ID', 'Total Tokens']),
    }),
  },
  {
    name: 'Query Knowledge Base',
    options: z.object({ credentialsId: s, datasetId: s, query: s, responseMapping: mapping(['Retrieved chunks']) }),
  },
]
