// The web app's texts in the user's language (i18next). Keys are the English texts themselves, so English needs no
// lookup and a text reads the same in the code as on screen; the other languages are JSON files loaded when chosen
// (language.ts). `test/unit/i18n.test.ts` fails when a language lacks a key the code uses (or keeps one it no
// longer does). This module has no browser dependency: the editor's modules that use it also run in unit tests.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
// English is its keys: only its plural forms are bundled (`npm run i18n` writes them from en.json).
import en from './locales/en.plurals.json' with { type: 'json' }

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  initAsync: false,
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // Natural-language keys: a '.' or ':' in a sentence is not a path.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
})

/** A text outside a component (a notification from a callback): the current language's. */
export const t: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t

/**
 * Marks a text declared where no translation runs (a module-level list of options): it is returned as it is and
 * translated where it is shown, `t(value)`. The key test reads these too.
 */
export const msg = <T extends string>(text: T): T => text

/**
 * A name set inside a sentence ("Close {{panel}}"): lower-cased as English, French, Spanish and Portuguese write it,
 * as it is in German, whose nouns keep their capital.
 */
export const midSentence = (name: string) => (i18n.language.startsWith('de') ? name : name.toLocaleLowerCase(i18n.language))
