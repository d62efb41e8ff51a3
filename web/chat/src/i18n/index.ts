// The widget's built-in texts (placeholders, buttons, pickers, upload and error messages) in the bot's language:
// its `settings.general.language` when Parley speaks it, else the visitor's browser's. A bot's own labels always
// win over these. All five languages are bundled (a few KB) so a chat never waits for its texts. test/unit/i18n.test.ts fails when a language lacks a key.
import { type Language, pickLanguage } from '../../../../src/contract/languages.js'
import de from './locales/de.json' with { type: 'json' }
// English is its keys: only its plural forms are bundled (`npm run i18n` writes them from en.json).
import en from './locales/en.plurals.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import fr from './locales/fr.json' with { type: 'json' }
import ptBR from './locales/pt-BR.json' with { type: 'json' }

// The catalogues are i18next's format, as the web app's (a key is the English text, `{{name}}` values, `key_one` /
// `key_other` plural forms by Intl.PluralRules), read by the few lines below rather than by i18next itself: the
// widget keeps to its 40 KB gzipped budget (bench/README.md, `webchat.gzipKB`), which i18next alone would use up by
// half. The key test and `npm run i18n` treat both catalogues alike.
const catalogues: Record<Language, Record<string, string>> = { en, 'pt-BR': ptBR, es, fr, de }

export type Texts = (key: string, values?: Record<string, string | number>) => string

const translator = (language: Language): Texts => {
  const plural = new Intl.PluralRules(language)
  const own = catalogues[language]
  return (key, values) => {
    const count = values?.count
    const entry = typeof count === 'number' ? `${key}_${plural.select(count)}` : key
    const text = own[entry] || own[key] || (en as Record<string, string>)[entry] || key
    return values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text
  }
}

/** The language a chat's built-in texts use: the bot's, else the browser's (English when Parley speaks neither). */
export const chatLanguage = (botLanguage: string | undefined): Language =>
  pickLanguage([botLanguage, ...(typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [])])

/** The translate function of one language. */
export const textsIn = (language: Language): Texts => translator(language)

/** A chat's language with its translate function. */
export type ChatTexts = { language: Language; t: Texts }

const chatTextsCache = new Map<Language, ChatTexts>()

/** The texts of a language: one object per language, so a context holding it changes only with the language. */
export const chatTexts = (language: Language): ChatTexts => {
  let found = chatTextsCache.get(language)
  if (!found) chatTextsCache.set(language, (found = { language, t: textsIn(language) }))
  return found
}
