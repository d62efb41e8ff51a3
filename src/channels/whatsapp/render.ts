// A turn as WhatsApp messages, as Typebot's WhatsApp integration renders it: text in WhatsApp's markup, media by
// link, buttons as interactive reply buttons (three a message, titles of 20 characters at most), a picture choice as
// one button message per picture, cards likewise with their paths as buttons; other inputs send nothing of their
// own (the bubbles before them ask the question), and are answered with text.
import type { Settings } from '../../contract/bot/common.js'
import { defaultSystemMessages } from '../../contract/bot/common.js'
import type { RichTextNode } from '../../contract/bot/blocks/shared.js'
import type { ChatInput, ChatMessage } from '../../blocks/wire.js'
import type { ChannelRenderer, Outgoing } from '../channel.js'
import { richTextIn, type TextStyle } from '../richText.js'

/** Buttons per interactive message (WHATSAPP_INTERACTIVE_GROUP_SIZE; WhatsApp allows 3). */
export type WhatsAppRenderOptions = { interactiveGroupSize: number }

const MAX_BODY = 1024
const MAX_TITLE = 20
/** What fills a button message's body when there is no text before it (WhatsApp requires one). */
const EMPTY_BODY = '―'

const wrap = (mark: string) => (text: string) => `${mark}${text}${mark}`
export const whatsAppStyle: TextStyle = {
  escape: (text) => text,
  bold: wrap('*'),
  italic: wrap('_'),
  strike: wrap('~'),
  underline: (text) => text,
  code: wrap('```'),
  link: (text, url) => (!text || text === url ? url : `${text} (${url})`),
}

const cut = (text: string, max: number) => [...text].slice(0, max).join('')

const textOfMessage = (message: ChatMessage): string => {
  if (message.type !== 'text') return ''
  const content = message.content
  return content.type === 'richText' ? richTextIn(content.richText as RichTextNode[], whatsAppStyle) : content.markdown
}

const textMessage = (body: string, previewUrl = false): Outgoing => ({
  body: { type: 'text', text: { body, ...(previewUrl && { preview_url: true }) } },
  text: body,
})

/** A file by link; if WhatsApp refuses it, the link as text. */
const media = (type: 'image' | 'audio' | 'video', url: string): Outgoing => ({
  body: { type, [type]: { link: url } },
  fallback: textMessage(url, true),
})

const isHttp = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url)

/** Titles cut to 20 characters, made unique (WhatsApp refuses two buttons of one message with the same title). */
const buttonTitles = (titles: string[]): string[] => {
  const seen = new Map<string, number>()
  return titles.map((title) => {
    const base = [...title].length > MAX_TITLE ? `${cut(title, MAX_TITLE - 2)}..` : title || '…'
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    if (count === 1) return base
    const suffix = ` (${count})`
    return `${cut(base, MAX_TITLE - suffix.length).trimEnd()}${suffix}`
  })
}

const buttonsMessage = (body: string, buttons: { id: string; title: string }[], header?: Record<string, unknown>): Outgoing => ({
  body: {
    type: 'interactive',
    interactive: {
      type: 'button',
      ...(header && { header }),
      body: { text: cut(body || EMPTY_BODY, MAX_BODY) },
      action: { buttons: buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
    },
  },
  text: body,
})

const imageHeader = (url: string | undefined) => (isHttp(url) ? { type: 'image', image: { link: url } } : undefined)
const pictureBody = (title?: string, description?: string) => [title && `*${title}*`, description].filter(Boolean).join('\n\n')

const VIDEO_EMBEDS: Record<string, string> = {
  youtube: 'https://www.youtube.com/embed',
  vimeo: 'https://player.vimeo.com/video',
  tiktok: 'https://www.tiktok.com/embed/v2',
  gumlet: 'https://play.gumlet.io/embed',
}

export const whatsAppRenderer = ({ interactiveGroupSize }: WhatsAppRenderOptions): ChannelRenderer => ({
  bubble(message) {
    switch (message.type) {
      case 'text': {
        const body = textOfMessage(message)
        return { messages: body ? [textMessage(body)] : [] }
      }
      case 'image': {
        const url = message.content.url
        if (!isHttp(url) || /\.(gif|svg)(\?|$)/i.test(url))
          return { messages: [], skipped: 'WhatsApp shows no GIF or SVG image: an image bubble was skipped.' }
        return { messages: [media('image', url)] }
      }
      case 'audio':
        return { messages: isHttp(message.content.url) ? [media('audio', message.content.url)] : [] }
      case 'video': {
        const { type, url, id } = message.content
        const embed = type && VIDEO_EMBEDS[type]
        if (embed && id) return { messages: [textMessage(`${embed}/${id}`, true)] }
        return { messages: isHttp(url) ? [media('video', url)] : [] }
      }
      case 'embed':
      case 'custom-embed': {
        const url = message.content.url
        return {
          messages: isHttp(url) ? [textMessage(url, true)] : [],
          ...(!isHttp(url) && { skipped: 'WhatsApp cannot show an embed without a web address.' }),
        }
      }
      default:
        return { messages: [] }
    }
  },

  takesPrompt: (input) => input.type === 'choice input',

  input(input: ChatInput, prompt, settings: Settings) {
    const promptText = prompt ? textOfMessage(prompt) : ''
    switch (input.type) {
      case 'choice input': {
        if (input.options?.isMultipleChoice) {
          // Numbered as the answer is read (by position among all the items).
          const list = (input.items ?? []).map((item, i) => `${i + 1}. ${item.content ?? ''}`).join('\n')
          return [textMessage([promptText, list].filter(Boolean).join('\n\n'))]
        }
        const items = (input.items ?? []).filter((item) => item.content)
        const size = Math.min(Math.max(interactiveGroupSize, 1), 3)
        const messages: Outgoing[] = []
        for (let i = 0; i < items.length; i += size) {
          const group = items.slice(i, i + size)
          const titles = buttonTitles(group.map((item) => item.content ?? ''))
          messages.push(
            buttonsMessage(
              i === 0 ? promptText : '',
              group.map((item, k) => ({ id: item.id, title: titles[k] })),
            ),
          )
        }
        return messages
      }
      case 'picture choice input': {
        const items = input.items ?? []
        if (input.options?.isMultipleChoice) {
          return items.flatMap((item, i) => [
            ...(isHttp(item.pictureSrc) ? [{ body: { type: 'image', image: { link: item.pictureSrc } } }] : []),
            textMessage(`${i + 1}. ${pictureBody(item.title ?? undefined, item.description ?? undefined)}`),
          ])
        }
        const label = settings.general?.systemMessages?.whatsAppPictureChoiceSelectLabel || defaultSystemMessages.whatsAppPictureChoiceSelectLabel
        return items.map((item) =>
          buttonsMessage(
            pictureBody(item.title ?? undefined, item.description ?? undefined),
            [{ id: item.id, title: cut(label, MAX_TITLE) }],
            imageHeader(item.pictureSrc ?? undefined),
          ),
        )
      }
      case 'cards':
        return (input.items ?? []).map((card) => {
          const paths = (card.paths ?? []).slice(0, 3)
          const titles = buttonTitles(paths.map((p) => p.text ?? ''))
          return buttonsMessage(
            pictureBody(card.title ?? undefined, card.description ?? undefined),
            paths.map((p, k) => ({ id: p.id, title: titles[k] })),
            imageHeader(card.imageUrl ?? undefined),
          )
        })
      default:
        return []
    }
  },

  link: (url) => textMessage(url, true),
})
