// The widget's built-in texts (placeholders, buttons, pickers, upload and error messages) in the bot's language:
// its `settings.general.language` when Parley speaks it, else the visitor's browser's. A bot's own labels always
// win over these. Keys are the English texts (as in the web app); all five languages are bundled (a few KB) so a
// chat never waits for its texts. test/unit/i18n.test.ts fails when a language lacks a key.
import i18next, { type TFunction } from 'i18next'
import { type Language, pickLanguage } from '../../../../src/contract/languages.js'
import de from './locales/de.json'
import en from './locales/en.json'
import es from './locales/es.json'
import fr from './locales/fr.json'
import ptBR from './locales/pt-BR.json'

const texts = i18next.createInstance()
void texts.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: 'en',
  resources: {
    en: { translation: en },
    'pt-BR': { translation: ptBR },
    es: { translation: es },
    fr: { translation: fr },
    de: { translation: de },
  },
  keySeparator: false,
  nsSeparator: false,
  // Preact escapes what it renders.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
})

export type Texts = TFunction

/** The language a chat's built-in texts use: the bot's, else the browser's (English when Parley speaks neither). */
export const chatLanguage = (botLanguage: string | undefined): Language =>
  pickLanguage([botLanguage, ...(typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [])])

/** The translate function of one language. */
export const textsIn = (language: Language): Texts => texts.getFixedT(language)
