// The Dify.AI block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { mapping, pairs, s } from '../../../contract/bot/forgedOptions.js'

/** What "Create Chat Message" reads. */
export const createChatMessageOptions = z.object({
  credentialsId: s,
  query: s,
  conversationVariableId: s,
  user: s,
  inputs: pairs,
  responseMapping: mapping(['Answer', 'Conversation ID', 'Total Tokens']),
})
/** What "Query Knowledge Base" reads. */
export const queryKnowledgeBaseOptions = z.object({ credentialsId: s, datasetId: s, query: s, responseMapping: mapping(['Retrieved chunks']) })

export const actions: BlockAction[] = [
  {
    name: 'Create Chat Message',
    options: createChatMessageOptions,
  },
  {
    name: 'Query Knowledge Base',
    options: queryKnowledgeBaseOptions,
  },
]
