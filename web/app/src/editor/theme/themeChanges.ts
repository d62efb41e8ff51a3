// The theme editor's changes, as pure functions of the theme: each writes only the keys its control stands for
// (see settings/paths.ts), in the shapes Typebot's v6 themes use and Parley's widget reads (web/chat/src/theme.ts).
import type { Theme } from '../../../../../src/contract/bot/common.js'
import { getPath, type Path, setPath, setPaths } from '../settings/paths.js'

export type FontType = 'Google' | 'Custom'
export type BackgroundType = 'Color' | 'Image' | 'None'
export type Corners = 'none' | 'medium' | 'large' | 'custom'
/** The chat's parts with their own colours and corners. */
export type ChatPart = 'hostBubbles' | 'guestBubbles' | 'buttons' | 'inputs'

/** A cleared field is an absent key: the widget's default applies again. */
export const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value)

/** The font as the editor shows it, whether the theme holds a plain family name (older bots) or `{ type, family }`. */
export const readFont = (theme: Theme | undefined): { type: FontType; family: string } => {
  const font = getPath(theme, ['general', 'font'])
  if (typeof font === 'string') return { type: 'Google', family: font }
  const family = getPath(font, ['family'])
  return { type: getPath(font, ['type']) === 'Custom' ? 'Custom' : 'Google', family: typeof family === 'string' ? family : '' }
}

/** A plain family name stays one while it names a Google font; otherwise the `{ type, family }` object, other keys kept. */
export const withFont = (theme: Theme, type: FontType, family: string | undefined): Theme => {
  const current = getPath(theme, ['general', 'font'])
  const name = blankToUndefined(family)
  if (typeof current === 'string' && type === 'Google') return setPath(theme, ['general', 'font'], name)
  const base = typeof current === 'string' || current === undefined || current === null ? {} : current
  return setPath(
    theme,
    ['general', 'font'],
    setPaths(base, [
      [['type'], type],
      [['family'], name],
    ]),
  )
}

/**
 * Another background type, with the content it had before in this editor, if any (`remembered`): a colour is no
 * image URL, so the other type's content is not carried over, but switching back brings the colour back.
 */
export const withBackgroundType = (theme: Theme, type: BackgroundType, remembered?: string): Theme => {
  const path: Path = ['general', 'background']
  if (getPath(theme, [...path, 'type']) === type) return theme
  return setPaths(theme, [
    [[...path, 'type'], type],
    [[...path, 'content'], remembered],
  ])
}

/** The background's content, always with its type (Typebot's `{ type, content }`: a content alone is not drawn). */
export const withBackgroundContent = (theme: Theme, type: BackgroundType, content: string | undefined): Theme =>
  setPaths(theme, [
    [['general', 'background', 'type'], type],
    [['general', 'background', 'content'], blankToUndefined(content)],
  ])

/** Corners of one part: a preset, or `custom` with a radius in pixels (kept only while custom). */
export const withCorners = (theme: Theme, part: ChatPart, corners: Corners | undefined, radius?: number): Theme => {
  const border: Path = ['chat', part, 'border']
  return setPaths(theme, [
    [[...border, 'roundeness'], corners],
    [[...border, 'customRoundeness'], corners === 'custom' ? radius : undefined],
  ])
}
