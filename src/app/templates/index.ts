// The template gallery: bots written for Parley (our own, in Typebot's v6 format), served by GET /v1/templates,
// previewed by slug without creating a bot, and used through POST /v1/bots (`templateSlug`, or the older
// `starterId`), which also assigns the credentials their blocks need.
import { cardOf } from '../../blocks/index.js'
import { aiFaq } from './aiFaq.js'
import { booking } from './booking.js'
import { eventRegistration } from './eventRegistration.js'
import { faq } from './faq.js'
import { customerFeedback } from './feedback.js'
import { leadCapture } from './leadCapture.js'
import { newsletterSignup } from './newsletter.js'
import { npsSurvey } from './nps.js'
import { orderStatus } from './orderStatus.js'
import { quiz } from './quiz.js'
import { supportTriage } from './supportTriage.js'
import type { Template } from './types.js'

const templates: Template[] = [
  leadCapture,
  customerFeedback,
  faq,
  quiz,
  supportTriage,
  booking,
  npsSurvey,
  aiFaq,
  orderStatus,
  newsletterSignup,
  eventRegistration,
]

/** A block of a template that reads credentials: which type (lib/credentialTypes.ts) its `credentialsId` must be. */
export type CredentialsNeed = { blockId: string; blockType: string; type: string }

type Block = { id: string; type: string }

/** The blocks of a bot document that read credentials, in the order of its groups. */
export const credentialsNeeds = (doc: { groups?: unknown }): CredentialsNeed[] =>
  ((doc.groups ?? []) as { blocks?: Block[] }[]).flatMap((g) =>
    (g.blocks ?? []).flatMap((b) => {
      const type = cardOf(b.type)?.credentialsType
      return type ? [{ blockId: b.id, blockType: b.type, type }] : []
    }),
  )

const summaryOf = ({ slug, name, description, category, bot }: Template) => ({
  slug,
  name,
  description,
  category,
  credentials: credentialsNeeds(bot),
})

export const createTemplates = () => {
  const bySlug = new Map(templates.map((t) => [t.slug, t]))
  return {
    list: () => templates.map(summaryOf),
    /** The template with a fresh copy of its bot document, or undefined for an unknown slug. */
    get(slug: string) {
      const template = bySlug.get(slug)
      return template && { ...summaryOf(template), bot: structuredClone(template.bot) as Record<string, unknown> }
    },
    /** The starters of GET /v1/starters (the gallery before it had categories): `id` is the slug. */
    starters: () => templates.map(({ slug, name, description }) => ({ id: slug, name, description })),
  }
}

export type TemplatesApp = ReturnType<typeof createTemplates>
