// OpenAI (legacy native block; the newer `openai` forged block is generic). `task` selects the used fields.
import { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'
import type { BlockAction } from '../../../contract/bot/card.js'
import { list, n, s } from '../../../contract/bot/forgedOptions.js'

export const OpenAITask = {
  CREATE_CHAT_COMPLETION: 'Create chat completion',
  CREATE_SPEECH: 'Create speech',
  CREATE_IMAGE: 'Create image',
} as const
export const openAIMessageRoles = ['system', 'user', 'assistant', 'Messages sequence ✨', 'Dialogue'] as const
export const openAIVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const

export const openAIBlockSchema = blockOf(IntegrationBlockType.OPEN_AI, {
  options: opt(
    z.looseObject({
      credentialsId: opt(z.string()),
      baseUrl: opt(z.string()),
      apiVersion: opt(z.string()),
      task: opt(z.enum(OpenAITask)),
      model: opt(z.string()),
      messages: opt(
        z.array(
          z.looseObject({
            id: opt(z.string()),
            role: opt(z.enum(openAIMessageRoles)),
            // A string, or `{ assistantMessagesVariableId, userMessagesVariableId }` for a messages sequence.
            content: opt(
              z.union([
                z.string(),
                z.looseObject({
                  assistantMessagesVariableId: opt(z.string()),
                  userMessagesVariableId: opt(z.string()),
                }),
              ]),
            ),
            name: opt(z.string()),
            dialogueVariableId: opt(z.string()),
            startsBy: opt(z.enum(['user', 'assistant'])),
          }),
        ),
      ),
      advancedSettings: opt(z.looseObject({ temperature: opt(numberOrVariable) })),
      responseMapping: opt(
        z.array(
          z.looseObject({
            id: opt(z.string()),
            valueToExtract: opt(z.enum(['Message content', 'Total tokens', 'Image URL'])),
            variableId: opt(z.string()),
          }),
        ),
      ),
      input: opt(z.string()),
      voice: opt(z.enum(openAIVoices)),
      saveUrlInVariableId: opt(z.string()),
      prompt: opt(z.string()),
      advancedOptions: opt(z.looseObject({ size: opt(z.enum(['256x256', '512x512', '1024x1024'])) })),
    }),
  ),
})
export type OpenAIBlock = z.infer<typeof openAIBlockSchema>

const openAIMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'Dialogue', 'Messages sequence ✨']).optional(),
  content: s,
  dialogueVariableId: s,
  startsBy: z.enum(['user', 'assistant']).optional(),
})
const openAIConnection = { credentialsId: s, baseUrl: s, apiVersion: s }

/** The tasks the editor offers and the options each reads: `task` chooses them, as a forged block's action does. */
export const openAITasks: BlockAction[] = [
  {
    name: 'Create chat completion',
    options: z.object({
      ...openAIConnection,
      model: s,
      messages: list(openAIMessage),
      advancedSettings: z.object({ temperature: n }).optional(),
      responseMapping: list(z.object({ valueToExtract: z.enum(['Message content', 'Total tokens']).optional(), variableId: s })),
    }),
  },
  {
    name: 'Create speech',
    options: z.object({
      ...openAIConnection,
      model: s,
      input: s,
      voice: z.enum(['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer']).optional(),
      saveUrlInVariableId: s,
    }),
  },
  {
    name: 'Create image',
    options: z.object({
      ...openAIConnection,
      model: s,
      prompt: s,
      advancedOptions: z.object({ size: z.enum(['256x256', '512x512', '1024x1024']).optional() }).optional(),
      responseMapping: list(z.object({ valueToExtract: z.enum(['Image URL']).optional(), variableId: s })),
    }),
  },
]
