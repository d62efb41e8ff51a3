// The theme templates Parley ships (the editor's gallery): written for Parley, each a complete theme in Typebot's
// shape. Applying one copies its theme into the bot and records its id in `selectedThemeTemplateId`; a
// workspace's own templates (saved from a bot's theme) sit beside them.
import type { Theme } from './common.js'

export type ThemeTemplate = { id: string; name: string; theme: Theme }

const template = (
  id: string,
  name: string,
  colours: { page: string; host: [string, string]; guest: [string, string]; button: [string, string]; input: [string, string, string] },
  extra: { font?: string; roundness?: 'none' | 'medium' | 'large' } = {},
): ThemeTemplate => ({
  id,
  name,
  theme: {
    general: { font: { type: 'Google', family: extra.font ?? 'Open Sans' }, background: { type: 'Color', content: colours.page } },
    chat: {
      roundness: extra.roundness ?? 'medium',
      hostBubbles: { backgroundColor: colours.host[0], color: colours.host[1] },
      guestBubbles: { backgroundColor: colours.guest[0], color: colours.guest[1] },
      buttons: { backgroundColor: colours.button[0], color: colours.button[1] },
      inputs: { backgroundColor: colours.input[0], color: colours.input[1], placeholderColor: colours.input[2] },
    },
  } as Theme,
})

// Text on every background here reads at WCAG AA (4.5:1) or better.
export const builtInThemeTemplates: readonly ThemeTemplate[] = [
  template('parley-daylight', 'Daylight', {
    page: '#ffffff',
    host: ['#f1f3f5', '#212529'],
    guest: ['#3b5bdb', '#ffffff'],
    button: ['#3b5bdb', '#ffffff'],
    input: ['#ffffff', '#212529', '#6c757d'],
  }),
  template(
    'parley-night',
    'Night',
    {
      page: '#101418',
      host: ['#25303b', '#f1f3f5'],
      guest: ['#748ffc', '#101418'],
      button: ['#748ffc', '#101418'],
      input: ['#1b232b', '#f1f3f5', '#adb5bd'],
    },
    { font: 'Inter' },
  ),
  template('parley-sand', 'Sand', {
    page: '#fff4e0',
    host: ['#ffffff', '#3d2b1f'],
    guest: ['#9c4a1a', '#ffffff'],
    button: ['#9c4a1a', '#ffffff'],
    input: ['#ffffff', '#3d2b1f', '#7a6a5e'],
  }),
  template(
    'parley-forest',
    'Forest',
    {
      page: '#eef6f0',
      host: ['#ffffff', '#1b3a2a'],
      guest: ['#2b6a46', '#ffffff'],
      button: ['#2b6a46', '#ffffff'],
      input: ['#ffffff', '#1b3a2a', '#5c7265'],
    },
    { font: 'Lato' },
  ),
  template('parley-ocean', 'Ocean', {
    page: '#e7f5ff',
    host: ['#ffffff', '#0b2942'],
    guest: ['#1864ab', '#ffffff'],
    button: ['#1864ab', '#ffffff'],
    input: ['#ffffff', '#0b2942', '#52667a'],
  }),
  template(
    'parley-rose',
    'Rose',
    {
      page: '#fff0f6',
      host: ['#ffffff', '#4a1231'],
      guest: ['#a61e4d', '#ffffff'],
      button: ['#a61e4d', '#ffffff'],
      input: ['#ffffff', '#4a1231', '#7d5468'],
    },
    { font: 'Poppins', roundness: 'large' },
  ),
  template(
    'parley-mono',
    'Mono',
    {
      page: '#ffffff',
      host: ['#ffffff', '#000000'],
      guest: ['#000000', '#ffffff'],
      button: ['#000000', '#ffffff'],
      input: ['#ffffff', '#000000', '#595959'],
    },
    { font: 'IBM Plex Mono', roundness: 'none' },
  ),
  template(
    'parley-sunset',
    'Sunset',
    {
      page: '#2b1a33',
      host: ['#46304f', '#fff4e6'],
      guest: ['#ffa94d', '#2b1a33'],
      button: ['#ffa94d', '#2b1a33'],
      input: ['#3a2544', '#fff4e6', '#c9b6cf'],
    },
    { font: 'Montserrat', roundness: 'large' },
  ),
]
