// Integration blocks: calls to outside services. Forged (plugin) blocks such as `openai` or `mistral` are not
// listed here: they go through the generic block schema of `./index.ts`.
import { z } from 'zod'
import { comparisonSchema, logicalOperatorSchema, opt } from '../common.js'
import { blockOf, keyValueSchema, numberOrVariable, responseVariableMappingSchema } from './shared.js'

export const IntegrationBlockType = {
  GOOGLE_SHEETS: 'Google Sheets',
  OPEN_AI: 'OpenAI',
  GOOGLE_ANALYTICS: 'Google Analytics',
  HTTP_REQUEST: 'Webhook',
  EMAIL: 'Email',
  ZAPIER: 'Zapier',
  MAKE_COM: 'Make.com',
  PABBLY_CONNECT: 'Pabbly',
  CHATWOOT: 'Chatwoot',
  PIXEL: 'Pixel',
} as const
export type IntegrationBlockType = (typeof IntegrationBlockType)[keyof typeof IntegrationBlockType]

// HTTP request (also Zapier, Make.com and Pabbly, which share its shape).
export const httpMethods = ['POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'CONNECT', 'OPTIONS', 'TRACE'] as const
export const defaultHttpRequestAttributes = { method: 'POST' } as const
export const defaultHttpRequestOptions = {
  isCustomBody: false,
  isExecutedOnClient: false,
  isAdvancedConfig: false,
} as const
/** Seconds; the block's `timeout` is capped at `maxHttpRequestTimeout`. */
export const defaultHttpRequestTimeout = 10
export const maxHttpRequestTimeout = 120

/** Option fields of the HTTP request block, reused by inputs that send requests (OTP). */
export const httpRequestOptionsShape = {
  webhook: opt(
    z.looseObject({
      url: opt(z.string()),
      method: opt(z.enum(httpMethods)),
      queryParams: opt(z.array(keyValueSchema)),
      headers: opt(z.array(keyValueSchema)),
      body: opt(z.string()),
    }),
  ),
  isCustomBody: opt(z.boolean()),
  isExecutedOnClient: opt(z.boolean()),
  withCredentials: opt(z.boolean()),
  responseVariableMapping: opt(z.array(responseVariableMappingSchema)),
  // Sample values used by the editor's "test request" button only.
  variablesForTest: opt(
    z.array(z.looseObject({ id: opt(z.string()), variableId: opt(z.string()), value: opt(z.string()) })),
  ),
  timeout: opt(z.number()),
  proxyCredentialsId: opt(z.string()),
  isAdvancedConfig: opt(z.boolean()),
}
const httpRequestOptionsSchema = z.looseObject(httpRequestOptionsShape)

export const httpRequestBlockSchema = blockOf(IntegrationBlockType.HTTP_REQUEST, {
  options: opt(httpRequestOptionsSchema),
})
export const zapierBlockSchema = blockOf(IntegrationBlockType.ZAPIER, { options: opt(httpRequestOptionsSchema) })
export const makeComBlockSchema = blockOf(IntegrationBlockType.MAKE_COM, { options: opt(httpRequestOptionsSchema) })
export const pabblyConnectBlockSchema = blockOf(IntegrationBlockType.PABBLY_CONNECT, {
  options: opt(httpRequestOptionsSchema),
})

// OpenAI (legacy native block; the newer `openai` forged block is generic). `task` selects the used fields.
export const OpenAITask = {
  CREATE_CHAT_COMPLETION: 'Create chat completion',
  CREATE_SPEECH: 'Create speech',
  CREATE_IMAGE: 'Create image',
} as const
export const openAIMessageRoles = ['system', 'user', 'assistant', 'Messages sequence ✨', 'Dialogue'] as const
export const openAIVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const
export const defaultOpenAIOptions = { baseUrl: 'https://api.openai.com/v1' } as const

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

// Google Sheets
export const GoogleSheetsAction = {
  GET: 'Get data from sheet',
  INSERT_ROW: 'Insert a row',
  UPDATE_ROW: 'Update a row',
} as const
export const totalRowsToExtractOptions = ['All', 'First', 'Last', 'Random'] as const
export const defaultGoogleSheetsOptions = { totalRowsToExtract: 'All' } as const

const sheetCellSchema = z.looseObject({ id: opt(z.string()), column: opt(z.string()), value: opt(z.string()) })

export const googleSheetsBlockSchema = blockOf(IntegrationBlockType.GOOGLE_SHEETS, {
  options: opt(
    z.looseObject({
      credentialsId: opt(z.string()),
      spreadsheetId: opt(z.string()),
      sheetId: opt(z.string()),
      action: opt(z.enum(GoogleSheetsAction)),
      filter: opt(
        z.looseObject({
          comparisons: opt(z.array(comparisonSchema.extend({ column: opt(z.string()) }))),
          logicalOperator: opt(logicalOperatorSchema),
        }),
      ),
      cellsToExtract: opt(
        z.array(z.looseObject({ id: opt(z.string()), column: opt(z.string()), variableId: opt(z.string()) })),
      ),
      totalRowsToExtract: opt(z.enum(totalRowsToExtractOptions)),
      cellsToInsert: opt(z.array(sheetCellSchema)),
      cellsToUpsert: opt(z.array(sheetCellSchema)),
    }),
  ),
})

// Send email. `credentialsId: 'default'` means the server's own SMTP settings.
export const defaultSendEmailOptions = { credentialsId: 'default', isCustomBody: false, isBodyCode: false } as const

export const sendEmailBlockSchema = blockOf(IntegrationBlockType.EMAIL, {
  options: opt(
    z.looseObject({
      credentialsId: opt(z.string()),
      isCustomBody: opt(z.boolean()),
      isBodyCode: opt(z.boolean()),
      recipients: opt(z.array(z.string())),
      subject: opt(z.string()),
      body: opt(z.string()),
      replyTo: opt(z.string()),
      cc: opt(z.array(z.string())),
      bcc: opt(z.array(z.string())),
      attachmentsVariableId: opt(z.string()),
    }),
  ),
})

// Chatwoot
export const chatwootTasks = ['Show widget', 'Close widget'] as const
export const defaultChatwootOptions = { task: 'Show widget', baseUrl: 'https://app.chatwoot.com' } as const

export const chatwootBlockSchema = blockOf(IntegrationBlockType.CHATWOOT, {
  options: opt(
    z.looseObject({
      task: opt(z.enum(chatwootTasks)),
      baseUrl: opt(z.string()),
      websiteToken: opt(z.string()),
      user: opt(
        z.looseObject({
          id: opt(z.string()),
          email: opt(z.string()),
          name: opt(z.string()),
          avatarUrl: opt(z.string()),
          phoneNumber: opt(z.string()),
        }),
      ),
    }),
  ),
})

// Google Analytics
export const googleAnalyticsBlockSchema = blockOf(IntegrationBlockType.GOOGLE_ANALYTICS, {
  options: opt(
    z.looseObject({
      trackingId: opt(z.string()),
      category: opt(z.string()),
      action: opt(z.string()),
      label: opt(z.string()),
      value: opt(numberOrVariable),
      sendTo: opt(z.string()),
    }),
  ),
})

// Meta Pixel. Without `eventType` the block only initialises the pixel.
export const pixelEventTypes = [
  'Lead',
  'Contact',
  'CompleteRegistration',
  'Schedule',
  'SubmitApplication',
  'ViewContent',
  'AddPaymentInfo',
  'AddToCart',
  'AddToWishlist',
  'CustomizeProduct',
  'Donate',
  'FindLocation',
  'InitiateCheckout',
  'Purchase',
  'Search',
  'StartTrial',
  'Subscribe',
  'Custom',
] as const
export const defaultPixelOptions = { isInitSkip: false } as const

export const pixelBlockSchema = blockOf(IntegrationBlockType.PIXEL, {
  options: opt(
    z.looseObject({
      pixelId: opt(z.string()),
      isInitSkip: opt(z.boolean()),
      params: opt(z.array(keyValueSchema)),
      eventType: opt(z.enum(pixelEventTypes)),
      // Event name, for `eventType: 'Custom'`.
      name: opt(z.string()),
    }),
  ),
})

export type HttpRequestBlock = z.infer<typeof httpRequestBlockSchema>
export type ZapierBlock = z.infer<typeof zapierBlockSchema>
export type MakeComBlock = z.infer<typeof makeComBlockSchema>
export type PabblyConnectBlock = z.infer<typeof pabblyConnectBlockSchema>
export type OpenAIBlock = z.infer<typeof openAIBlockSchema>
export type GoogleSheetsBlock = z.infer<typeof googleSheetsBlockSchema>
export type SendEmailBlock = z.infer<typeof sendEmailBlockSchema>
export type ChatwootBlock = z.infer<typeof chatwootBlockSchema>
export type GoogleAnalyticsBlock = z.infer<typeof googleAnalyticsBlockSchema>
export type PixelBlock = z.infer<typeof pixelBlockSchema>
export type IntegrationBlock =
  | HttpRequestBlock
  | ZapierBlock
  | MakeComBlock
  | PabblyConnectBlock
  | OpenAIBlock
  | GoogleSheetsBlock
  | SendEmailBlock
  | ChatwootBlock
  | GoogleAnalyticsBlock
  | PixelBlock

export const integrationBlockSchemas = {
  [IntegrationBlockType.HTTP_REQUEST]: httpRequestBlockSchema,
  [IntegrationBlockType.ZAPIER]: zapierBlockSchema,
  [IntegrationBlockType.MAKE_COM]: makeComBlockSchema,
  [IntegrationBlockType.PABBLY_CONNECT]: pabblyConnectBlockSchema,
  [IntegrationBlockType.OPEN_AI]: openAIBlockSchema,
  [IntegrationBlockType.GOOGLE_SHEETS]: googleSheetsBlockSchema,
  [IntegrationBlockType.EMAIL]: sendEmailBlockSchema,
  [IntegrationBlockType.CHATWOOT]: chatwootBlockSchema,
  [IntegrationBlockType.GOOGLE_ANALYTICS]: googleAnalyticsBlockSchema,
  [IntegrationBlockType.PIXEL]: pixelBlockSchema,
} as const
