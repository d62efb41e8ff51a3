// Records of Parley's management API as the web app reads them: inferred from the shared contract (the schemas the
// server answers with), so the two cannot drift apart. Type-only: nothing of zod reaches the bundle.
import type { z } from 'zod'
import type {
  analyticsSchema,
  botSummarySchema,
  credentialsSchema,
  folderSchema,
  invitationSchema,
  memberSchema,
  resultColumnSchema,
  resultDetailSchema,
  resultRowSchema,
  roleSchema,
  userModeSchema,
  workspaceSchema,
} from '../../../../src/contract/api.js'
import type { apiTokenSchema, authStatusSchema, meSchema } from '../../../../src/contract/accountsApi.js'
import type { webhookDeliverySchema, webhookSchema } from '../../../../src/contract/webhooks.js'

export type Role = z.infer<typeof roleSchema>
export type Me = z.infer<typeof meSchema>
export type AuthStatus = z.infer<typeof authStatusSchema>
export type Workspace = z.infer<typeof workspaceSchema> & { currentUserMode: z.infer<typeof userModeSchema> }
export type Member = z.infer<typeof memberSchema>
export type Invitation = z.infer<typeof invitationSchema>
export type Folder = z.infer<typeof folderSchema>
export type BotSummary = z.infer<typeof botSummarySchema>
export type Credential = z.infer<typeof credentialsSchema>
export type ApiTokenInfo = z.infer<typeof apiTokenSchema>
export type Column = z.infer<typeof resultColumnSchema>
export type ResultRow = z.infer<typeof resultRowSchema>
export type ResultDetail = z.infer<typeof resultDetailSchema>
export type Analytics = z.infer<typeof analyticsSchema>
export type Webhook = z.infer<typeof webhookSchema>
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>
