// Telegram's Bot API updates (the parts Parley reads): a contact's message or a tapped inline-keyboard button.
import { z } from 'zod'

const file = z.looseObject({
  file_id: z.string(),
  file_size: z.number().optional(),
  file_name: z.string().optional(),
  mime_type: z.string().optional(),
})
const user = z.looseObject({ id: z.number(), first_name: z.string().optional(), last_name: z.string().optional(), username: z.string().optional() })
const chat = z.looseObject({ id: z.number() })

const messageSchema = z.looseObject({
  message_id: z.number(),
  from: user.optional(),
  chat,
  date: z.number(),
  text: z.string().optional(),
  caption: z.string().optional(),
  photo: z.array(file).optional(),
  document: file.optional(),
  audio: file.optional(),
  voice: file.optional(),
  video: file.optional(),
  location: z.looseObject({ latitude: z.number(), longitude: z.number() }).optional(),
  contact: z.looseObject({ phone_number: z.string(), user_id: z.number().optional() }).optional(),
  reply_markup: z
    .looseObject({ inline_keyboard: z.array(z.array(z.looseObject({ text: z.string(), callback_data: z.string().optional() }))) })
    .optional(),
})
export type TelegramMessage = z.infer<typeof messageSchema>

export const updateSchema = z.looseObject({
  update_id: z.number().int(),
  message: messageSchema.optional(),
  callback_query: z.looseObject({ id: z.string(), from: user, message: messageSchema.optional(), data: z.string().optional() }).optional(),
})
export type TelegramUpdate = z.infer<typeof updateSchema>

/** The contact's display name as Telegram gives it. */
export const nameOf = (from: z.infer<typeof user> | undefined) => [from?.first_name, from?.last_name].filter(Boolean).join(' ') || from?.username

/** The title of the button whose data came back (it is the reply's text; the data, the item's id, its replyId). */
export const buttonTitle = (message: TelegramMessage | undefined, data: string) =>
  message?.reply_markup?.inline_keyboard.flat().find((b) => b.callback_data === data)?.text
