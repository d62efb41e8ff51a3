// The OpenAI block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { b, list, llmActions, llmFunction, mapping, n, s } from '../../../contract/bot/forgedOptions.js'

const connection = { credentialsId: s, baseUrl: s, apiVersion: s }

/** What "Ask Model" reads (the Responses API): the message, built-in tools and the block's own functions. */
export const askModelOptions = z.object({
  ...connection,
  model: s,
  message: s,
  instructions: s,
  responseIdVariableId: s,
  fileSearchVectorStoreIds: list(z.string()),
  fileSearchMaxNumResults: z.number().optional(),
  fileSearchScoreThreshold: z.number().optional(),
  webSearchEnabled: b,
  codeInterpreterEnabled: b,
  functions: list(llmFunction),
  temperature: n,
  // Typebot's items: the answer, and the id that continues the conversation (also kept in `responseIdVariableId`).
  responseMapping: mapping(['Message', 'Response ID']),
})

/** What "Ask Assistant" reads (the Assistants API): the thread, the message, and the functions the run may call. */
export const askAssistantOptions = z.object({
  ...connection,
  assistantId: s,
  threadVariableId: s,
  /** Deprecated: a fixed thread id, used when the variable holds none (kept for blocks that have it, not offered). */
  threadId: s,
  message: s,
  functions: list(z.object({ name: s, code: s })),
  additionalInstructions: s,
  responseMapping: mapping(['Message', 'Thread ID']),
})

export const actions: BlockAction[] = [
  ...llmActions({ endpoint: true, generatesVariables: true }),
  { name: 'Ask Model', options: askModelOptions },
  { name: 'Ask Assistant', options: askAssistantOptions.omit({ threadId: true }) },
  {
    name: 'Create speech',
    options: z.object({ ...connection, model: s, input: s, voice: s, instructions: s, saveUrlInVariableId: s }),
  },
  {
    name: 'Create transcription',
    options: z.object({ ...connection, model: s, url: s, prompt: s, transcriptionVariableId: s }),
  },
]
