// One bot message → its bubble. Media embeds are built from the id the server recognised, never from raw HTML.
import type { ChatMessage } from '../../../../src/blocks/wire.js'
import { BubbleBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { runEmbedFunction } from './actions.js'
import { safeImageUrl, safeUrl } from '../urls.js'
import { RichText } from './richText.js'

/** The content of the message of this type. */
type Content<T extends ChatMessage['type']> = Extract<ChatMessage, { type: T }>['content']

const px = (v: unknown) => (typeof v === 'number' ? `${v}px` : typeof v === 'string' && v ? v : undefined)

const embedUrl = (c: Content<'video'>): string | undefined => {
  const id = encodeURIComponent(String(c.id ?? ''))
  switch (c.type) {
    case 'youtube':
      return `https://www.youtube.com/embed/${id}${typeof c.queryParamsStr === 'string' && c.queryParamsStr.startsWith('?') ? c.queryParamsStr : ''}`
    case 'vimeo':
      return `https://player.vimeo.com/video/${id}`
    case 'tiktok':
      return `https://www.tiktok.com/embed/v2/${id}`
    case 'gumlet':
      return `https://play.gumlet.io/embed/${id}`
    default:
      return undefined
  }
}

const Video = ({ c }: { c: Content<'video'> }) => {
  const { t } = useTexts()
  const embed = c.id ? embedUrl(c) : undefined
  const style = { maxWidth: px(c.maxWidth), aspectRatio: c.aspectRatio, height: c.aspectRatio ? undefined : px(c.height) }
  if (embed)
    return <iframe class="p-video" src={embed} style={style} title={t('Video')} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
  const src = safeUrl(c.url)
  return src ? <video class="p-video" src={src} style={style} controls playsInline /> : null
}

const Audio = ({ c }: { c: Content<'audio'> }) => {
  const el = useRef<HTMLAudioElement>(null)
  const { t } = useTexts()
  // Autoplay only when the bot asks; a browser that blocks it leaves the controls for the user.
  useEffect(() => {
    if (c.isAutoplayEnabled) el.current?.play().catch(() => undefined)
  }, [])
  const src = safeUrl(c.url)
  return src ? <audio ref={el} src={src} controls aria-label={t('Audio message')} /> : null
}

const Image = ({ c }: { c: Content<'image'> }) => {
  const { t } = useTexts()
  const src = safeImageUrl(c.url)
  if (!src) return null
  const img = <img src={src} alt={c.clickLink?.alt ?? (typeof c.alt === 'string' ? c.alt : undefined) ?? t('Image')} loading="lazy" />
  const href = safeUrl(c.clickLink?.url)
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {img}
    </a>
  ) : (
    img
  )
}

const Embed = ({ c }: { c: Content<'embed'> }) => {
  const { t } = useTexts()
  const src = safeUrl(c.url)
  return src ? <iframe class="p-embed" src={src} style={{ height: px(c.height) ?? '400px' }} title={t('Embedded content')} /> : null
}

// The bot's own code (as with scripts) renders into the bubble's element, e.g. a booking calendar; then its wait
// function, given `continueFlow`, sends the reply the flow waits for.
const CustomEmbed = ({ c, onContinue }: { c: Content<'custom-embed'>; onContinue(text: string): void }) => {
  const el = useRef<HTMLDivElement>(null)
  useEffect(() => {
    runEmbedFunction(c.initFunction, { typebotElement: el.current })
      .then(() => c.waitForEventFunction && runEmbedFunction(c.waitForEventFunction, { continueFlow: (text: unknown) => onContinue(String(text)) }))
      .catch((error) => console.error('Custom embed failed', error))
  }, [])
  return <div class="p-custom-embed" ref={el} />
}

export const BotMessage = ({ message, onContinue }: { message: ChatMessage; onContinue(text: string): void }) => {
  switch (message.type) {
    case BubbleBlockType.TEXT:
      // The widget asks for rich text; Markdown (another client's format) shows as it is written. Entries a remembered
      // chat stored before the wire was typed may lack the content's `type`: they are rich text.
      return message.content.type === 'markdown' ? <p>{message.content.markdown}</p> : <RichText richText={message.content.richText ?? []} />
    case BubbleBlockType.IMAGE:
      return <Image c={message.content} />
    case BubbleBlockType.VIDEO:
      return <Video c={message.content} />
    case BubbleBlockType.AUDIO:
      return <Audio c={message.content} />
    case BubbleBlockType.EMBED:
      return <Embed c={message.content} />
    case 'custom-embed':
      return <CustomEmbed c={message.content} onContinue={onContinue} />
    default:
      return null
  }
}
