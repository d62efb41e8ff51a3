// Which language the app speaks: the account's choice when it made one (AccountPage), else the browser's; the last
// choice is remembered in this browser so the sign-in page speaks it too. Other languages' texts load on demand.
import { isLanguage, type Language, pickLanguage } from '../../../../src/contract/languages.js'
import { i18n } from './index.js'

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

/** The language to start in, before the account is known. */
export const startLanguage = (): Language => remembered() ?? browserLanguage()

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
