// Meta's webhook payload for WhatsApp Cloud API events (the parts Parley reads), and the contacts' messages in it.
import { z } from 'zod'

const media = z.looseObject({
  id: z.string().max(256),
  caption: z.string().optional(),
  mime_type: z.string().optional(),
  filename: z.string().optional(),
})

// Ids name sessions and stored keys: bounded, as Meta's are (wamid.… ids of about 60 characters, numbers of 15 digits).
const messageSchema = z.looseObject({
  id: z.string().max(256).optional(),
  from: z.string().max(64).optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
  image: media.optional(),
  video: media.optional(),
  audio: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
  location: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
  referral: z.looseObject({ ctwa_clid: z.string().optional(), source_id: z.string().optional() }).optional(),
})
export type WhatsAppMessage = z.infer<typeof messageSchema>

export const webhookPayloadSchema = z.looseObject({
  entry: z.array(
    z.looseObject({
      changes: z
        .array(
          z.looseObject({
            value: z
              .looseObject({
                metadata: z.looseObject({ phone_number_id: z.string().max(64).optional() }).optional(),
                contacts: z
                  .array(z.looseObject({ wa_id: z.string().optional(), profile: z.looseObject({ name: z.string().optional() }).optional() }))
                  .optional(),
                messages: z.array(messageSchema).optional(),
              })
              .optional(),
          }),
        )
        .optional(),
    }),
  ),
})
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>

/** A contact's message with the phone number it was sent to and the contact's profile name. */
export type Received = { phoneNumberId: string; contactName?: string; message: WhatsAppMessage }

/** Every contact message of a payload (status callbacks and reactions are not messages to answer). */
export const receivedMessages = (payload: WebhookPayload): Received[] =>
  payload.entry.flatMap((entry) =>
    (entry.changes ?? []).flatMap(({ value }) => {
      const phoneNumberId = value?.metadata?.phone_number_id
      if (!phoneNumberId) return []
      return (value.messages ?? [])
        .filter((m) => m.from && m.type !== 'reaction')
        .map((message) => {
          const contact = value.contacts?.find((c) => c.wa_id === message.from) ?? value.contacts?.[0]
          return { phoneNumberId, contactName: contact?.profile?.name, message }
        })
    }),
  )

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'sticker'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** The text a message carries: its body, the tapped button's title, a location as "latitude, longitude". */
export const textOf = (m: WhatsAppMessage): { text?: string; replyId?: string } => {
  if (m.type === 'text') return { text: m.text?.body }
  if (m.type === 'button') return { text: m.button?.text, replyId: m.button?.payload }
  if (m.type === 'interactive') {
    const reply = m.interactive?.button_reply ?? m.interactive?.list_reply
    return reply ? { text: reply.title, replyId: reply.id } : {}
  }
  if (m.type === 'location' && m.location) return { text: `${m.location.latitude}, ${m.location.longitude}` }
  return {}
}
