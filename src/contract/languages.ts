// The languages Parley's own texts come in (the web app, the widget's built-in texts). A bot's
// `settings.general.language` may name any language tag; these are the ones with translations.
export const languages = [
  { tag: 'en', name: 'English' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'es', name: 'Español' },
  { tag: 'fr', name: 'Français' },
  { tag: 'de', name: 'Deutsch' },
] as const

export type LanguageTag = (typeof languages)[number]['tag']

/** The translated language closest to a tag: "pt-PT" → pt-BR, "de-AT" → de, anything else → en. */
export const closestLanguage = (tag: string | undefined | null): LanguageTag => {
  const wanted = (tag ?? '').toLowerCase()
  const exact = languages.find((l) => l.tag.toLowerCase() === wanted)
  if (exact) return exact.tag
  const base = wanted.split('-')[0]
  return languages.find((l) => l.tag.toLowerCase().split('-')[0] === base)?.tag ?? 'en'
}
