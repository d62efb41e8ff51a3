// The bot's theme → CSS custom properties on the chat's root (styles.css reads only these). Defaults are chosen
// for contrast; a theme colour replaces a default, it never gets blended with one. Each value must be one the
// browser reads as what it stands for (a colour, a length, an image URL the widget allows): anything else a bot
// author writes there (a `url(…)` that would load something, text meant to end the declaration) is dropped.
import type { Theme } from '../../../src/contract/bot/common.js'
import type { ChatResponse } from './api.js'
import { safeImageUrl } from './urls.js'

type Border = { roundeness?: string | null; customRoundeness?: number | null } | null | undefined

/** The value when the browser takes it for this property, else nothing. */
const css = (property: string, value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() && CSS.supports(property, value) ? value : undefined
const color = (value: unknown) => css('color', value)

const radius = (border: Border, roundness: string | null | undefined): string | undefined => {
  const r = border?.roundeness ?? roundness
  if (r === 'custom' && typeof border?.customRoundeness === 'number') return `${border.customRoundeness}px`
  return r === 'none' ? '0' : r === 'large' ? '20px' : r === 'medium' ? '6px' : undefined
}

type Font = NonNullable<Theme['general']>['font']

const fontFamily = (font: Font): string | undefined => {
  const family = typeof font === 'string' ? font : font?.family
  // Quotes and backslashes would end the quoted family name the widget writes.
  const name = typeof family === 'string' ? family.replace(/["\\]/g, '').trim() : ''
  return name || undefined
}

/** Loads a Google font once per page, and only when the theme names one (nothing else is ever fetched). */
export const loadFont = (font: Font) => {
  const family = fontFamily(font)
  if (!family || (typeof font === 'object' && font?.type === 'Custom')) return
  const id = `parley-font-${family.replace(/\W+/g, '-')}`
  if (document.getElementById(id)) return
  const link = Object.assign(document.createElement('link'), {
    id,
    rel: 'stylesheet',
    href: `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family)}:wght@300;400;600&display=swap`,
  })
  document.head.append(link)
}

export const themeVars = (theme: Theme | undefined): Record<string, string> => {
  const general = theme?.general ?? {}
  const chat = theme?.chat ?? {}
  const vars: Record<string, string | undefined> = {
    '--p-font': fontFamily(general.font) && `"${fontFamily(general.font)}", system-ui, sans-serif`,
    '--p-host-bg': color(chat.hostBubbles?.backgroundColor),
    '--p-host-color': color(chat.hostBubbles?.color),
    '--p-host-radius': radius(chat.hostBubbles?.border, chat.roundness),
    '--p-guest-bg': color(chat.guestBubbles?.backgroundColor),
    '--p-guest-color': color(chat.guestBubbles?.color),
    '--p-guest-radius': radius(chat.guestBubbles?.border, chat.roundness),
    '--p-button-bg': color(chat.buttons?.backgroundColor),
    '--p-button-color': color(chat.buttons?.color),
    '--p-button-radius': radius(chat.buttons?.border, chat.roundness),
    '--p-input-bg': color(chat.inputs?.backgroundColor),
    '--p-input-color': color(chat.inputs?.color),
    '--p-input-placeholder': color(chat.inputs?.placeholderColor),
    '--p-input-radius': radius(chat.inputs?.border, chat.roundness),
    '--p-chat-max-width': css('max-width', chat.container?.maxWidth),
    '--p-progress-color': color(general.progressBar?.color),
    '--p-progress-bg': color(general.progressBar?.backgroundColor),
    '--p-progress-height': typeof general.progressBar?.thickness === 'number' ? `${general.progressBar.thickness}px` : undefined,
  }
  const bg = general.background
  const image = bg?.type === 'Image' ? safeImageUrl(bg.content) : undefined
  if (bg?.type === 'Color') vars['--p-bg'] = css('background-color', bg.content)
  else if (image) vars['--p-bg'] = `center / cover no-repeat url(${JSON.stringify(image)})`
  else if (bg?.type === 'None') vars['--p-bg'] = 'transparent'
  return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
}

/** Applies `dynamicTheme` (avatars and background computed from variables) over the theme, as a new object. */
export const withDynamicTheme = (theme: Theme, dynamic: ChatResponse['dynamicTheme']): Theme => {
  if (!dynamic) return theme
  const chat = { ...theme?.chat }
  const general = { ...theme?.general }
  if (dynamic.hostAvatarUrl && chat.hostAvatar) chat.hostAvatar = { ...chat.hostAvatar, url: dynamic.hostAvatarUrl }
  if (dynamic.guestAvatarUrl && chat.guestAvatar) chat.guestAvatar = { ...chat.guestAvatar, url: dynamic.guestAvatarUrl }
  if (dynamic.backgroundUrl) general.background = { type: 'Image', content: dynamic.backgroundUrl }
  return { ...theme, chat, general }
}
