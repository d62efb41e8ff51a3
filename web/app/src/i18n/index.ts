// The web app's texts in the user's language (i18next). Keys are the English texts themselves, so English needs no
// lookup and a text reads the same in the code as on screen; the other languages are JSON files loaded when chosen.
// `test/unit/i18n.test.ts` fails when a language lacks a key the code uses (or keeps one it no longer does).
//
// The language is the account's choice when it made one (AccountPage), else the browser's; the last one used is
// remembered in this browser so the sign-in page speaks it too.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { isLanguage, type Language, pickLanguage } from '../../../../src/contract/languages.js'
import en from './locales/en.json'

const STORAGE_KEY = 'parley.language'

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  'pt-BR': () => import('./locales/pt-BR.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
}

const remembered = (): Language | undefined => {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return isLanguage(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** The browser's language among Parley's. */
export const browserLanguage = (): Language => pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language])

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
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

/** Switches the app to `language` (null: the browser's), loading its texts first. */
export const switchLanguage = async (language: Language | null) => {
  const next = language ?? browserLanguage()
  if (next !== 'en' && !i18n.hasResourceBundle(next, 'translation')) {
    const texts = await loaders[next]()
    i18n.addResourceBundle(next, 'translation', texts.default)
  }
  try {
    if (language) localStorage.setItem(STORAGE_KEY, language)
    else localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Private modes may refuse storage: the language still applies to this page.
  }
  document.documentElement.lang = next
  await i18n.changeLanguage(next)
}

/** The language to start in, before the account is known. */
export const startLanguage = (): Language => remembered() ?? browserLanguage()

/** A text outside a component (a notification from a callback): the current language's. */
export const t: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t

/**
 * Marks a text declared where no translation runs (a module-level list of options): it is returned as it is and
 * translated where it is shown, `t(value)`. The key test reads these too.
 */
export const msg = <T extends string>(text: T): T => text
