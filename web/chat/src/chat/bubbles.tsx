// One bot message → its bubble. Media embeds are built from the id the server recognised, never from raw HTML.
import { useEffect, useRef } from 'preact/hooks'
import { RichText, safeUrl } from './richText.js'

const px = (v: unknown) => (typeof v === 'number' ? `${v}px` : typeof v === 'string' && v ? v : undefined)

const embedUrl = (c: any): string | undefined => {
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

const Video = ({ c }: { c: any }) => {
  const embed = c.id ? embedUrl(c) : undefined
  const style = { maxWidth: px(c.maxWidth), aspectRatio: c.aspectRatio, height: c.aspectRatio ? undefined : px(c.height) }
  if (embed)
    return <iframe class="p-video" src={embed} style={style} title="Video" allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
  const src = safeUrl(c.url)
  return src ? <video class="p-video" src={src} style={style} controls playsInline /> : null
}

const Audio = ({ c }: { c: any }) => {
  const el = useRef<HTMLAudioElement>(null)
  // Autoplay only when the bot asks; a browser that blocks it leaves the controls for the user.
  useEffect(() => {
    if (c.isAutoplayEnabled) el.current?.play().catch(() => undefined)
  }, [])
  const src = safeUrl(c.url)
  return src ? <audio ref={el} src={src} controls aria-label="Audio message" /> : null
}

const Image = ({ c }: { c: any }) => {
  const src = safeUrl(c.url)
  if (!src) return null
  const img = <img src={src} alt={c.clickLink?.alt ?? c.alt ?? 'Image'} loading="lazy" />
  const href = safeUrl(c.clickLink?.url)
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {img}
    </a>
  ) : (
    img
  )
}

const Embed = ({ c }: { c: any }) => {
  const src = safeUrl(c.url)
  return src ? <iframe class="p-embed" src={src} style={{ height: px(c.height) ?? '400px' }} title="Embedded content" /> : null
}

export const isMedia = (m: any) => m.type !== 'text'

export const BotMessage = ({ message }: { message: any }) => {
  const c = message.content ?? {}
  switch (message.type) {
    case 'text':
      return <RichText richText={c.richText ?? []} />
    case 'image':
      return <Image c={c} />
    case 'video':
      return <Video c={c} />
    case 'audio':
      return <Audio c={c} />
    case 'embed':
      return <Embed c={c} />
    default:
      return null
  }
}
