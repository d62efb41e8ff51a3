// The languages the editor offers for a bot's `settings.general.language` (any well-formed tag is accepted; an
// imported bot's other tag is shown as it is). Parley's own texts are to be translated into these (issue 28).
export const languages = [
  { tag: 'en', name: 'English' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'es', name: 'Español' },
  { tag: 'fr', name: 'Français' },
  { tag: 'de', name: 'Deutsch' },
] as const
