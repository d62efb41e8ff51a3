// The OpenAI block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { b, llmActions, mapping, n, s } from '../../../contract/bot/forgedOptions.js'

export const actions: BlockAction[] = [
  ...llmActions({ endpoint: true, generatesVariables: true }),
  {
    name: 'Ask Model',
    options: z.object({
      credentialsId: s,
      baseUrl: s,
      apiVersion: s,
      model: s,
      message: s,
      instructions: s,
      temperature: n,
      webSearchEnabled: b,
      codeInterpreterEnabled: b,
      responseIdVariableId: s,
      responseMapping: mapping(['Message content', 'Total tokens']),
    }),
  },
  {
    name: 'Ask Assistant',
    options: z.object({
      credentialsId: s,
      baseUrl: s,
      apiVersion: s,
      assistantId: s,
      threadVariableId: s,
      message: s,
      additionalInstructions: s,
      responseMapping: mapping(['Message content', 'Thread ID']),
    }),
  },
  {
    name: 'Create speech',
    options: z.object({ credentialsId: s, baseUrl: s, apiVersion: s, model: s, input: s, voice: s, instructions: s, saveUrlInVariableId: s }),
  },
  {
    name: 'Create transcription',
    options: z.object({ credentialsId: s, baseUrl: s, apiVersion: s, model: s, url: s, prompt: s, transcriptionVariableId: s }),
  },
]
