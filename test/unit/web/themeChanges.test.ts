// The theme editor's compound changes write only their own keys (web/app/src/editor/theme/themeChanges.ts).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Theme } from '../../../src/contract/bot/common.js'
import { readFont, withBackgroundContent, withBackgroundType, withCorners, withFont } from '../../../web/app/src/editor/theme/themeChanges.js'

const base = (): Theme => ({
  general: { font: 'Open Sans', background: { type: 'Color', content: '#ffffff' } },
  chat: { hostBubbles: { backgroundColor: '#F7F8FF', border: { thickness: 1 } }, extra: { kept: true } },
})

describe('theme changes', () => {
  test('a font given as a plain name stays a plain name while it is a Google font', () => {
    const next = withFont(base(), 'Google', 'Inter')
    assert.deepEqual(next, { ...base(), general: { ...base().general, font: 'Inter' } })
    assert.deepEqual(readFont(next), { type: 'Google', family: 'Inter' })
  })

  test('a custom font becomes { type, family }; an object font keeps its other keys', () => {
    assert.deepEqual(withFont(base(), 'Custom', 'Brand Sans').general?.font, { type: 'Custom', family: 'Brand Sans' })
    const objectFont: Theme = { general: { font: { type: 'Google', family: 'Lato', url: 'https://fonts.example/lato.css' } } }
    assert.deepEqual(withFont(objectFont, 'Google', 'Inter').general?.font, {
      type: 'Google',
      family: 'Inter',
      url: 'https://fonts.example/lato.css',
    })
    assert.deepEqual(readFont(objectFont), { type: 'Google', family: 'Lato' })
    assert.deepEqual(readFont({}), { type: 'Google', family: '' })
  })

  test('clearing the font removes it (the default applies)', () => {
    const next = withFont(base(), 'Google', '')
    assert.equal('font' in (next.general ?? {}), false)
    assert.deepEqual(next.general?.background, base().general?.background)
  })

  test('another background type drops the old content (or takes the one it had); the same type changes nothing', () => {
    const theme = base()
    assert.equal(withBackgroundType(theme, 'Color'), theme)
    assert.deepEqual(withBackgroundType(theme, 'Image').general?.background, { type: 'Image' })
    assert.deepEqual(withBackgroundContent(withBackgroundType(theme, 'Image'), 'Image', 'https://x.example/bg.png').general?.background, {
      type: 'Image',
      content: 'https://x.example/bg.png',
    })
    assert.deepEqual(withBackgroundType(withBackgroundType(theme, 'Image'), 'Color', '#fff4e0').general?.background, {
      type: 'Color',
      content: '#fff4e0',
    })
    assert.equal(theme.general?.font, 'Open Sans')
  })

  test('a background content is saved with its type, even when the theme had no background yet', () => {
    assert.deepEqual(withBackgroundContent({}, 'Color', '#fff4e0').general?.background, { type: 'Color', content: '#fff4e0' })
  })

  test('corners write the border of one part only; the radius is kept while custom', () => {
    const theme = base()
    const custom = withCorners(theme, 'hostBubbles', 'custom', 12)
    assert.deepEqual(custom.chat?.hostBubbles, { backgroundColor: '#F7F8FF', border: { thickness: 1, roundeness: 'custom', customRoundeness: 12 } })
    assert.equal(custom.chat?.extra, theme.chat?.extra)
    assert.equal(custom.general, theme.general)
    const large = withCorners(custom, 'hostBubbles', 'large')
    assert.deepEqual(large.chat?.hostBubbles?.border, { thickness: 1, roundeness: 'large' })
    assert.deepEqual(withCorners(large, 'hostBubbles', undefined).chat?.hostBubbles?.border, { thickness: 1 })
    // Back to the default on a part that never had corners adds nothing.
    assert.equal(withCorners(theme, 'buttons', undefined), theme)
  })
})
