// Forged (plugin) blocks have no schema in the bot format: their options depend on `options.action`. These are the
// actions Parley runs for each forged type and the options each reads (Typebot's names), as zod schemas the
// generic form walks. Credentials are picked by `credentialsId`, of the type given here (lib/credentialTypes.ts).
import { z } from 'zod'

export type ForgeAction = { name: string; options: z.ZodObject }
export type ForgeType = { credentialsType?: string; actions: ForgeAction[] }

const s = z.string().optional()
const n = z.union([z.number(), z.string()]).optional()
const b = z.boolean().optional()
const list = <T extends z.ZodType>(item: T) => z.array(item).optional()
const pairs = list(z.object({ key: s, value: s }))
const mapping = <const T extends readonly [string, ...string[]]>(items: T) => list(z.object({ item: z.enum(items).optional(), variableId: s }))

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

type LlmSetup = { chatAction?: string; endpoint?: boolean; generatesVariables?: boolean; anthropic?: boolean }
const llm = ({ chatAction = 'Create chat completion', endpoint, generatesVariables, anthropic }: LlmSetup): ForgeAction[] => {
  const connection = endpoint ? { baseUrl: s, apiVersion: s } : {}
  const chat: ForgeAction = {
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
  const extract: ForgeAction = {
    name: 'Generate variables',
    options: z.object({ credentialsId: s, ...connection, model: s, prompt: s, variablesToExtract }),
  }
  return generatesVariables ? [chat, extract] : [chat]
}

const openai: ForgeAction[] = [
  ...llm({ endpoint: true, generatesVariables: true }),
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

const forgeTypes: Record<string, ForgeType> = {
  openai: { credentialsType: 'openai', actions: openai },
  anthropic: { credentialsType: 'anthropic', actions: llm({ chatAction: 'Create Chat Message', generatesVariables: true, anthropic: true }) },
  mistral: { credentialsType: 'mistral', actions: llm({ generatesVariables: true }) },
  groq: { credentialsType: 'groq', actions: llm({}) },
  deepseek: { credentialsType: 'deepseek', actions: llm({}) },
  perplexity: { credentialsType: 'perplexity', actions: llm({}) },
  'together-ai': { credentialsType: 'together-ai', actions: llm({}) },
  'open-router': { credentialsType: 'open-router', actions: llm({}) },
  elevenlabs: {
    credentialsType: 'elevenlabs',
    actions: [{ name: 'Convert text to speech', options: z.object({ credentialsId: s, text: s, voiceId: s, modelId: s, saveUrlInVariableId: s }) }],
  },
  'dify-ai': {
    credentialsType: 'dify-ai',
    actions: [
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
    ],
  },
  'chat-node': {
    credentialsType: 'chat-node',
    actions: [
      {
        name: 'Send Message',
        options: z.object({ credentialsId: s, botId: s, message: s, threadId: s, responseMapping: mapping(['Message', 'Thread ID']) }),
      },
    ],
  },
  posthog: {
    credentialsType: 'posthog',
    actions: [
      {
        name: 'Capture',
        options: z.object({
          credentialsId: s,
          event: s,
          isAnonymous: b,
          distinctId: s,
          properties: pairs,
          personProperties: pairs,
          groups: list(z.object({ type: s, key: s })),
        }),
      },
      { name: 'Identify Group', options: z.object({ credentialsId: s, distinctId: s, groupType: s, groupKey: s, properties: pairs }) },
    ],
  },
  segment: {
    credentialsType: 'segment',
    actions: [
      { name: 'Identify User', options: z.object({ credentialsId: s, userId: s, email: s, traits: pairs }) },
      { name: 'Track', options: z.object({ credentialsId: s, eventName: s, userId: s, properties: pairs }) },
      { name: 'Page', options: z.object({ credentialsId: s, name: s, userId: s, category: s, properties: pairs }) },
      { name: 'Alias', options: z.object({ credentialsId: s, userId: s, previousId: s }) },
    ],
  },
  nocodb: {
    credentialsType: 'nocodb',
    actions: [
      {
        name: 'Search Records',
        options: z.object({
          credentialsId: s,
          tableId: s,
          viewId: s,
          returnType: z.enum(['All', 'First', 'Last', 'Random']).optional(),
          responseMapping: list(z.object({ fieldName: s, variableId: s })),
        }),
      },
      { name: 'Create Record', options: z.object({ credentialsId: s, tableId: s, fields: pairs }) },
      { name: 'Update Existing Record', options: z.object({ credentialsId: s, tableId: s, updates: list(z.object({ fieldName: s, value: s })) }) },
    ],
  },
  blink: {
    credentialsType: 'blink',
    actions: [
      {
        name: 'Send Feed Event',
        options: z.object({
          credentialsId: s,
          categoryId: s,
          ribbonColor: s,
          userIds: list(z.string()),
          groupIds: list(z.string()),
          allowComments: b,
          allowReactions: b,
        }),
      },
      { name: 'Get Users', options: z.object({ credentialsId: s, responseMapping: list(z.object({ item: s, variableId: s })) }) },
    ],
  },
  'cal-com': {
    actions: [
      {
        name: 'Book event',
        options: z.object({
          baseUrl: s,
          link: s,
          layout: z.enum(['Month', 'Weekly', 'Columns']).optional(),
          name: s,
          email: s,
          phone: s,
          additionalNotes: s,
          saveBookedDateInVariableId: s,
        }),
      },
    ],
  },
  gmail: {
    actions: [
      { name: 'Send email', options: z.object({ credentialsId: s, from: s, to: s, subject: s, body: s, attachments: s, threadId: s, label: s }) },
    ],
  },
  'qr-code': { actions: [{ name: 'Generate a QR Code', options: z.object({ data: s, saveUrlInVariableId: s }) }] },
  zendesk: {
    credentialsType: 'zendesk',
    actions: [{ name: 'Open Web Widget', options: z.object({ credentialsId: s, webWidgetKey: s, userId: s, name: s, email: s }) }],
  },
}

/** The forged type of a block type, if Parley knows it. */
export const forgeType = (type: string): ForgeType | undefined => (Object.hasOwn(forgeTypes, type) ? forgeTypes[type] : undefined)
/** The actions of a forged block type (the first is the default of a new block). */
export const forgeActions = (type: string): ForgeAction[] | undefined => forgeType(type)?.actions

const openAIMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'Dialogue', 'Messages sequence ✨']).optional(),
  content: s,
  dialogueVariableId: s,
  startsBy: z.enum(['user', 'assistant']).optional(),
})
const openAIConnection = { credentialsId: s, baseUrl: s, apiVersion: s }

/** The legacy OpenAI block (`OpenAI`, not forged): its `task` chooses its options, as a forged block's action does. */
export const legacyOpenAITasks: ForgeAction[] = [
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
