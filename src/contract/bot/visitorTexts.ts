// The texts a block shows its visitors when it has none of its own (placeholders, button labels, the buttons'
// search placeholder): the widget says them in the bot's or the visitor's language (web/chat/src/i18n), so the
// editor's new blocks do not store them and the settings form shows them as placeholders, translated.

/** The option keys holding such texts (`labels` and everything under it). */
export const visitorTextKeys: ReadonlySet<string> = new Set(['labels', 'buttonLabel', 'searchInputPlaceholder'])

/** The visitor texts of a kind's defaults by dotted path (`options.labels.button` → 'Send'). */
export const visitorTextsOf = (defaults: Record<string, unknown>): [string, string][] => {
  const options = defaults.options
  if (!options || typeof options !== 'object') return []
  const leaves = (value: unknown, path: string): [string, string][] =>
    typeof value === 'string'
      ? [[path, value]]
      : value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`))
        : []
  return Object.entries(options).flatMap(([key, value]) => (visitorTextKeys.has(key) ? leaves(value, `options.${key}`) : []))
}
