// The languages Parley's own texts come in (the web app, the widget's built-in texts, the default retry messages),
// also offered for a bot's `settings.general.language` (any well-formed tag is accepted there; an imported bot's
// other tag is shown as it is).
export const languages = [
  { tag: 'en', name: 'English' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'es', name: 'Español' },
  { tag: 'fr', name: 'Français' },
  { tag: 'de', name: 'Deutsch' },
] as const

export type Language = (typeof languages)[number]['tag']
export const languageTags: readonly Language[] = languages.map((l) => l.tag)

export const isLanguage = (tag: unknown): tag is Language => typeof tag === 'string' && (languageTags as readonly string[]).includes(tag)

/**
 * The first of `wanted` (a browser's `navigator.languages`, a bot's language) Parley speaks: the tag itself, else
 * its language without the region (`pt` and `pt-PT` read Brazilian Portuguese, `fr-CA` French); English when none.
 */
export const pickLanguage = (wanted: readonly (string | null | undefined)[]): Language => {
  for (const tag of wanted) {
    if (!tag) continue
    const exact = languageTags.find((l) => l.toLowerCase() === tag.toLowerCase())
    if (exact) return exact
    const base = tag.split('-')[0].toLowerCase()
    const related = languageTags.find((l) => l.split('-')[0] === base)
    if (related) return related
  }
  return 'en'
}
