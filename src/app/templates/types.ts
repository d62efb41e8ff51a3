// What a template is: a bot document written for Parley, with what the gallery shows of it.
import type { templateCategories } from '../../contract/templatesApi.js'

/** The gallery's shelves (the web app names them in the user's language). */
export type TemplateCategory = (typeof templateCategories)[number]

export type Template = {
  /** Stable name in URLs (`/v1/templates/{slug}`) and for POST /v1/bots (`templateSlug`, formerly `starterId`). */
  slug: string
  name: string
  description: string
  category: TemplateCategory
  /** The ids of variables that Set variable expressions read must be JavaScript names: the code refers to them by id. */
  bot: { version: string; name: string; groups: unknown[]; edges: unknown[]; variables: unknown[]; events: unknown[] } & Record<string, unknown>
}
