// Building blocks of forged kinds' action options (each kind's schema.ts declares its actions with them): optional
// texts, numbers that may be a {{variable}}, key/value lists, response mappings, and the chat-model actions most
// forged AI kinds share. Typebot's option names, so blocks from Typebot exports fill the forms.
import { z } from 'zod'
import type { BlockAction } from './card.js'

/** An optional text. */
export const s = z.string().optional()
/** An optional number, or a text holding a {{variable}}. */
export const n = z.union([z.number(), z.string()]).optional()
/** An optional switch. */
export const b = z.boolean().optional()
export const list = <T extends z.ZodType>(item: T) => z.array(item).optional()
/** Key/value rows (properties, traits, inputs). */
export const pairs = list(z.object({ key: s, value: s }))
/** Which item of the answer goes to which variable. */
export const mapping = <const T extends readonly [string, ...string[]]>(items: T) => list(z.object({ item: z.enum(items).optional(), variableId: s }))

const llmResponseItems = ['Message content', 'Total tokens', 'Prompt tokens', 'Completion tokens'] as const
const messages = list(
  z.object({
    role: z.enum(['system', 'user', 'assistant', 'Dialogue']).optional(),
    content: s,
    dialogueVariableId: s,
    startsBy: z.enum(['user', 'assistant']).optional(),
  }),
)
const variablesToExtract = list(
  z.object({
    variableId: s,
    type: z.enum(['string', 'number', 'boolean', 'enum', 'array']).optional(),
    description: s,
    isRequired: b,
    values: list(z.string()),
  }),
)

export type LlmSetup = { chatAction?: string; endpoint?: boolean; generatesVariables?: boolean; anthropic?: boolean }
/** The chat-model actions of a forged AI kind: a chat completion, and "Generate variables" where it has it. */
export const llmActions = ({ chatAction = 'Create chat completion', endpoint, generatesVariables, anthropic }: LlmSetup): BlockAction[] => {
  const connection = endpoint ? { baseUrl: s, apiVersion: s } : {}
  const chat: BlockAction = {
    name: chatAction,
    options: z.object({
      credentialsId: s,
      ...connection,
      model: s,
      ...(anthropic && { systemMessage: s }),
      messages,
      temperature: n,
      ...(anthropic && { maxTokens: n }),
      responseMapping: mapping(llmResponseItems),
    }),
  }
  const extract: BlockAction = {
    name: 'Generate variables',
    options: z.object({ credentialsId: s, ...connection, model: s, prompt: s, variablesToExtract }),
  }
  return generatesVariables ? [chat, extract] : [chat]
}
