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

/** A function the model may call: it runs the block author's code with the arguments the model gives. */
export const llmFunction = z.object({
  name: s,
  description: s,
  parameters: list(
    z.object({
      type: z.enum(['string', 'number', 'boolean', 'enum']).optional(),
      name: s,
      description: s,
      required: b,
      values: list(z.string()),
    }),
  ),
  code: s,
})
/** The chat action's functions (Typebot calls them tools, each of type `function`). */
const tools = list(llmFunction.extend({ type: z.enum(['function']).optional() }))

/** The chat action's options, every variant's fields (each kind's form shows its own, see `llmActions`). */
export const llmChatOptions = z.object({
  credentialsId: s,
  baseUrl: s,
  apiVersion: s,
  model: s,
  /** Anthropic: the system prompt, sent before the messages. */
  systemMessage: s,
  messages,
  tools,
  temperature: n,
  /** Anthropic: the answer's length limit. */
  maxTokens: n,
  responseMapping: mapping(llmResponseItems),
})
/** "Generate variables": the prompt and the variables the model fills. */
export const llmExtractOptions = z.object({ credentialsId: s, baseUrl: s, apiVersion: s, model: s, prompt: s, variablesToExtract })

export type LlmSetup = { chatAction?: string; endpoint?: boolean; generatesVariables?: boolean; anthropic?: boolean }
/** The chat-model actions of a forged AI kind: a chat completion, and "Generate variables" where it has it. */
export const llmActions = ({ chatAction = 'Create chat completion', endpoint, generatesVariables, anthropic }: LlmSetup): BlockAction[] => {
  const withoutEndpoint = endpoint ? {} : ({ baseUrl: true, apiVersion: true } as const)
  const chat: BlockAction = {
    name: chatAction,
    options: llmChatOptions.omit({ ...withoutEndpoint, ...(!anthropic && ({ systemMessage: true, maxTokens: true } as const)) }),
  }
  const extract: BlockAction = { name: 'Generate variables', options: llmExtractOptions.omit(withoutEndpoint) }
  return generatesVariables ? [chat, extract] : [chat]
}
