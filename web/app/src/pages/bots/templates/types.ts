// The gallery's records as the server answers them (src/contract/templatesApi.ts), and the categories' names.
import type { z } from 'zod'
import type { templateCategories, templateSummarySchema } from '../../../../../../src/contract/templatesApi.js'
import { msg } from '../../../i18n/index.js'

export type TemplateSummary = z.infer<typeof templateSummarySchema>
export type TemplateCategory = (typeof templateCategories)[number]

/** Each category's heading, in the order the gallery shows them. */
export const categoryTitles: Record<TemplateCategory, string> = {
  marketing: msg('Marketing'),
  support: msg('Customer support'),
  feedback: msg('Feedback and surveys'),
  scheduling: msg('Scheduling'),
  education: msg('Quizzes'),
  ecommerce: msg('Online shop'),
  events: msg('Events'),
}
