// The Blink block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction, FormHints } from '../../../contract/bot/card.js'
import { b, list, mapping, s } from '../../../contract/bot/forgedOptions.js'

export const blinkSectionTypes = [
  'Header',
  'Text',
  'Labelled Text',
  'Image',
  'Image gallery',
  'YouTube',
  'Link',
  'Buttons',
  'Attachment',
  'Event',
  'Horizontal Bar Chart',
] as const
type SectionType = (typeof blinkSectionTypes)[number]

const num = z.number().optional()

/** One part of a feed card: its `type` says which of the other fields it reads (see `sectionFields`). */
const sectionSchema = z.object({
  type: z.enum(blinkSectionTypes).optional(),
  title: s,
  iconUrl: s,
  label: s,
  value: s,
  imageUrl: s,
  fitImage: b,
  width: num,
  height: num,
  imageUrls: list(z.string()),
  link: s,
  url: s,
  description: s,
  imagePlacement: z.enum(['left', 'right']).optional(),
  buttons: list(
    z.object({
      clientAction: z.object({ type: z.enum(['Open Link', 'Open Webview']).optional(), url: s }).optional(),
      label: s,
      iconUrl: s,
    }),
  ),
  start: s,
  end: s,
  allDay: b,
  total: num,
  data: list(z.object({ name: s, value: num, label: s })),
})
export type BlinkSection = z.infer<typeof sectionSchema>

/** The fields each section type reads. */
const sectionFields: Record<SectionType, (keyof BlinkSection)[]> = {
  Header: ['title', 'iconUrl'],
  Text: ['value'],
  'Labelled Text': ['label', 'value', 'iconUrl'],
  Image: ['imageUrl', 'fitImage', 'width', 'height'],
  'Image gallery': ['imageUrls'],
  YouTube: ['link'],
  Link: ['url', 'title', 'description', 'imageUrl', 'imagePlacement'],
  Buttons: ['buttons'],
  Attachment: ['url'],
  Event: ['title', 'description', 'start', 'end', 'allDay'],
  'Horizontal Bar Chart': ['total', 'data'],
}

/** Each section field shown for the section types that read it; a filter's id for its kind. */
export const blinkShownWhen: FormHints['shownWhen'] = {
  ...Object.fromEntries(
    Object.keys(sectionSchema.shape)
      .filter((field) => field !== 'type')
      .map((field) => [
        `options.sections.${field}`,
        { key: 'type', is: blinkSectionTypes.filter((type) => sectionFields[type].includes(field as keyof BlinkSection)) },
      ]),
  ),
  'options.filter.userId': { key: 'type', is: ['User ID', undefined] },
  'options.filter.employeeId': { key: 'type', is: ['Employee ID'] },
}

/** What "Send Feed Event" reads. */
export const sendFeedEventOptions = z.object({
  credentialsId: s,
  categoryId: s,
  ribbonColor: s,
  sections: list(sectionSchema),
  allowComments: b,
  allowReactions: b,
  userIds: list(z.string()),
  groupIds: list(z.string()),
  pushNotification: z.object({ title: s, text: s }).optional(),
  responseMapping: mapping(['Event ID']),
})
/** What "Get Users" can save: each item is one field of the users found. */
export const blinkUserItems = [
  'Emails',
  'Company Names',
  'First Names',
  'Second Names',
  'Display Names',
  'Initials',
  'Job Titles',
  'Profile Photo IDs',
  'Timezones',
  'Manager IDs',
  'Department Names',
  'Account Statuses',
  'User IDs',
  'Employee IDs',
] as const

/** What "Get Users" reads: users by one id (an empty id lists them all). */
export const getUsersOptions = z.object({
  credentialsId: s,
  filter: z.object({ type: z.enum(['User ID', 'Employee ID']).optional(), userId: s, employeeId: s }).optional(),
  responseMapping: mapping(blinkUserItems),
})
/** What "Redirect" reads: a Blink folder's URL, opened in the Blink app (or a new tab). */
export const redirectOptions = z.object({ credentialsId: s, url: s })

export const actions: BlockAction[] = [
  { name: 'Send Feed Event', options: sendFeedEventOptions },
  { name: 'Get Users', options: getUsersOptions },
  { name: 'Redirect', options: redirectOptions },
]
