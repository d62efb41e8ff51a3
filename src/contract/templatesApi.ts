// The template gallery's API schemas (GET /v1/templates, GET /v1/templates/{slug}, the template preview).
import { z } from 'zod'

export const templateCategories = ['marketing', 'support', 'feedback', 'scheduling', 'education', 'ecommerce', 'events'] as const

export const credentialsNeedSchema = z
  .object({
    blockId: z.string(),
    blockType: z.string(),
    type: z.string().meta({ description: 'The credentials type the block reads (as in POST /v1/workspaces/{workspaceId}/credentials)' }),
  })
  .meta({ id: 'TemplateCredentialsNeed', description: 'A block of the template that needs credentials to run' })

export const templateSummarySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(templateCategories),
    credentials: z.array(credentialsNeedSchema),
  })
  .meta({ id: 'TemplateSummary' })

export const templateSchema = templateSummarySchema
  .extend({ bot: z.looseObject({}).meta({ description: 'The bot document (Typebot v6 format)' }) })
  .meta({ id: 'Template' })

export const templateParams = z.object({ slug: z.string().min(1).max(100) })
