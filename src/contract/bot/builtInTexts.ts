// The texts Parley's server itself shows a bot's visitors (the default retry messages, the hosted page's fallback
// lines), in the bot's language: its `settings.general.language` when that is one of Parley's languages or shares
// its base language with one ("fr-CA" reads French), else English, as Typebot's are. Whatever the bot's author wrote
// (a block's retry message, `systemMessages.invalidMessage`) wins over these. Every language has every text: a
// missing one fails the typecheck. The widget's own texts are elsewhere (web/chat/src/i18n).
import { type Language, pickLanguage } from '../languages.js'

export type BuiltInTexts = {
  /** `systemMessages.invalidMessage`'s default: an invalid answer to an input without a retry message of its own. */
  invalidMessage: string
  /** The email input's default retry message (the engine falls back to it, as Typebot's does). */
  emailRetry: string
  /** The URL and phone inputs' default retry messages: new blocks' defaults only (the engine uses invalidMessage). */
  urlRetry: string
  phoneRetry: string
  /** The payment input's default retry message. */
  paymentRetry: string
  /** The hosted page, when the widget's script did not load. */
  chatNotLoaded: string
  /** The hosted page, without JavaScript. */
  needsJavaScript: string
}

export const builtInTexts: Record<Language, BuiltInTexts> = {
  en: {
    invalidMessage: 'Invalid message. Please, try again.',
    emailRetry: "This email doesn't seem to be valid. Can you type it again?",
    urlRetry: "This URL doesn't seem to be valid. Can you type it again?",
    phoneRetry: "This phone number doesn't seem to be valid. Can you type it again?",
    paymentRetry: 'Payment failed. Please, try again.',
    chatNotLoaded: 'The chat could not be loaded. Please try again later.',
    needsJavaScript: 'This chat needs JavaScript.',
  },
  'pt-BR': {
    invalidMessage: 'Mensagem inválida. Por favor, tente novamente.',
    emailRetry: 'Este e-mail não parece ser válido. Pode digitá-lo novamente?',
    urlRetry: 'Esta URL não parece ser válida. Pode digitá-la novamente?',
    phoneRetry: 'Este número de telefone não parece ser válido. Pode digitá-lo novamente?',
    paymentRetry: 'O pagamento falhou. Por favor, tente novamente.',
    chatNotLoaded: 'Não foi possível carregar o chat. Tente novamente mais tarde.',
    needsJavaScript: 'Este chat precisa de JavaScript.',
  },
  es: {
    invalidMessage: 'Mensaje no válido. Por favor, inténtalo de nuevo.',
    emailRetry: 'Este correo electrónico no parece válido. ¿Puedes escribirlo de nuevo?',
    urlRetry: 'Esta URL no parece válida. ¿Puedes escribirla de nuevo?',
    phoneRetry: 'Este número de teléfono no parece válido. ¿Puedes escribirlo de nuevo?',
    paymentRetry: 'No se pudo completar el pago. Por favor, inténtalo de nuevo.',
    chatNotLoaded: 'No se pudo cargar el chat. Inténtalo de nuevo más tarde.',
    needsJavaScript: 'Este chat necesita JavaScript.',
  },
  // French typography: a no-break space before "?" and ":".
  fr: {
    invalidMessage: 'Message invalide. Veuillez réessayer.',
    emailRetry: 'Cette adresse e-mail ne semble pas valide. Pouvez-vous la saisir à nouveau\u00a0?',
    urlRetry: 'Cette URL ne semble pas valide. Pouvez-vous la saisir à nouveau\u00a0?',
    phoneRetry: 'Ce numéro de téléphone ne semble pas valide. Pouvez-vous le saisir à nouveau\u00a0?',
    paymentRetry: 'Le paiement a échoué. Veuillez réessayer.',
    chatNotLoaded: 'Le chat n’a pas pu être chargé. Veuillez réessayer plus tard.',
    needsJavaScript: 'Ce chat nécessite JavaScript.',
  },
  de: {
    invalidMessage: 'Ungültige Nachricht. Bitte erneut versuchen.',
    emailRetry: 'Diese E-Mail-Adresse scheint ungültig zu sein. Bitte erneut eingeben.',
    urlRetry: 'Diese URL scheint ungültig zu sein. Bitte erneut eingeben.',
    phoneRetry: 'Diese Telefonnummer scheint ungültig zu sein. Bitte erneut eingeben.',
    paymentRetry: 'Die Zahlung ist fehlgeschlagen. Bitte erneut versuchen.',
    chatNotLoaded: 'Der Chat konnte nicht geladen werden. Bitte später erneut versuchen.',
    needsJavaScript: 'Dieser Chat benötigt JavaScript.',
  },
}

/**
 * The language of a bot's built-in texts, from its `settings.general.language` alone (never the visitor's): the
 * Parley language it names, else English (`pickLanguage` answers English for a tag it does not speak).
 */
export const botLanguage = (tag: unknown): Language => (typeof tag === 'string' ? pickLanguage([tag]) : 'en')

/** The built-in texts of a bot, by its settings (as stored: any of them may be absent). */
export const builtInTextsOf = (settings: { general?: { language?: unknown } | null } | null | undefined): BuiltInTexts =>
  builtInTexts[botLanguage(settings?.general?.language)]
