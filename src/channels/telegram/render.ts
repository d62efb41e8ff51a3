// A turn as Telegram messages: text as Telegram's HTML, media by link, choices and card paths as an inline keyboard
// under the question (one button a row; the button's data is the item's id, so the answer is matched by id). Other
// inputs send nothing of their own: the bubbles before them ask the question, and the contact answers with text.
import type { RichTextNode } from '../../contract/bot/blocks/shared.js'
import { defaultSystemMessages, type Settings } from '../../contract/bot/common.js'
import type { ChatInput, ChatMessage } from '../../blocks/wire.js'
import type { ChannelRenderer, Outgoing } from '../channel.js'
import { richTextIn, type TextStyle } from '../richText.js'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`
export const telegramStyle: TextStyle = {
  escape,
  bold: tag('b'),
  italic: tag('i'),
  strike: tag('s'),
  underline: tag('u'),
  code: tag('code'),
  link: (text, url) => `<a href="${escape(url).replace(/"/g, '&quot;')}">${text || escape(url)}</a>`,
}

/** Telegram's limits: 4096 characters a message, 1024 a caption. */
const MAX_TEXT = 4096
const MAX_CAPTION = 1024
const cut = (text: string, max: number) => [...text].slice(0, max).join('')
const isHttp = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url)

const htmlOf = (message: ChatMessage | undefined): string => {
  if (message?.type !== 'text') return ''
  const content = message.content
  return content.type === 'richText' ? richTextIn(content.richText as RichTextNode[], telegramStyle) : escape(content.markdown)
}
const plain = (html: string) => html.replace(/<[^>]+>/g, '')
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

type Button = { text: string; callback_data: string }
const keyboard = (buttons: Button[]) => ({ reply_markup: { inline_keyboard: buttons.map((b) => [b]) } })

/** A text message; one longer than Telegram takes is cut as plain text (cutting HTML could break a tag). */
const text = (html: string, buttons?: Button[], preview = false): Outgoing => ({
  body: {
    method: 'sendMessage',
    ...([...html].length > MAX_TEXT ? { text: cut(unescape(plain(html)), MAX_TEXT) } : { text: html || '…', parse_mode: 'HTML' }),
    ...(!preview && { link_preview_options: { is_disabled: true } }),
    ...(buttons?.length && keyboard(buttons)),
  },
  text: plain(html),
})

/** A file by link; if Telegram cannot fetch or take it, the link as text. */
const file = (method: string, field: string, url: string): Outgoing => ({
  body: { method, [field]: url },
  fallback: text(escape(url), undefined, true),
})

/** A picture with a caption and buttons, or the caption alone when there is no picture. */
const picture = (url: string | null | undefined, html: string, buttons: Button[]): Outgoing =>
  isHttp(url)
    ? {
        body: {
          method: 'sendPhoto',
          photo: url,
          ...([...html].length > MAX_CAPTION ? { caption: cut(unescape(plain(html)), MAX_CAPTION) } : { caption: html, parse_mode: 'HTML' }),
          ...(buttons.length && keyboard(buttons)),
        },
        text: plain(html),
        fallback: text(html, buttons),
      }
    : text(html, buttons)

const titled = (title?: string | null, description?: string | null) =>
  [title && `<b>${escape(title)}</b>`, description && escape(description)].filter(Boolean).join('\n\n')
/** Callback data holds 64 bytes: item ids (cuid) fit. */
const data = (id: string) => Buffer.from(id).subarray(0, 64).toString()

const VIDEO_EMBEDS: Record<string, string> = {
  youtube: 'https://www.youtube.com/watch?v=',
  vimeo: 'https://vimeo.com/',
  tiktok: 'https://www.tiktok.com/embed/v2/',
  gumlet: 'https://play.gumlet.io/embed/',
}

export const telegramRenderer: ChannelRenderer = {
  bubble(message) {
    switch (message.type) {
      case 'text': {
        const html = htmlOf(message)
        return { messages: html ? [text(html)] : [] }
      }
      case 'image':
        return { messages: isHttp(message.content.url) ? [file('sendPhoto', 'photo', message.content.url)] : [] }
      case 'audio':
        return { messages: isHttp(message.content.url) ? [file('sendAudio', 'audio', message.content.url)] : [] }
      case 'video': {
        const { type, url, id } = message.content
        const embed = type && VIDEO_EMBEDS[type]
        if (embed && id) return { messages: [text(escape(`${embed}${id}`), undefined, true)] }
        return { messages: isHttp(url) ? [file('sendVideo', 'video', url)] : [] }
      }
      case 'embed':
      case 'custom-embed': {
        const url = message.content.url
        if (!isHttp(url)) return { messages: [], skipped: 'Telegram cannot show an embed without a web address.' }
        return { messages: [text(escape(url), undefined, true)] }
      }
      default:
        return { messages: [] }
    }
  },

  takesPrompt: (input) => input.type === 'choice input',

  input(input: ChatInput, prompt, settings: Settings) {
    switch (input.type) {
      case 'choice input': {
        if (input.options?.isMultipleChoice) {
          // Numbered as the answer is read (by position among all the items).
          const list = (input.items ?? []).map((item, i) => `${i + 1}. ${escape(item.content ?? '')}`).join('\n')
          return [text([htmlOf(prompt), list].filter(Boolean).join('\n\n'))]
        }
        const items = (input.items ?? []).filter((item) => item.content)
        return [
          text(
            htmlOf(prompt),
            items.map((item) => ({ text: item.content ?? '', callback_data: data(item.id) })),
          ),
        ]
      }
      case 'picture choice input': {
        const items = input.items ?? []
        if (input.options?.isMultipleChoice)
          return items.map((item, i) => picture(item.pictureSrc, `${i + 1}. ${titled(item.title, item.description)}`, []))
        const label = settings.general?.systemMessages?.whatsAppPictureChoiceSelectLabel || defaultSystemMessages.whatsAppPictureChoiceSelectLabel
        return items.map((item) => picture(item.pictureSrc, titled(item.title, item.description), [{ text: label, callback_data: data(item.id) }]))
      }
      case 'cards':
        return (input.items ?? []).map((card) =>
          picture(
            card.imageUrl,
            titled(card.title, card.description),
            (card.paths ?? []).map((p) => ({ text: p.text || '…', callback_data: data(p.id) })),
          ),
        )
      default:
        return []
    }
  },

  link: (url) => text(escape(url), undefined, true),
}
