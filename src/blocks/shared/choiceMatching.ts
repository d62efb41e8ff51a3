// Reading a multiple-choice reply ("Red, 3 and blue"): shared by buttons and picture choice.

type Item = { id: string } & Record<string, unknown>

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A word or phrase not glued to letters or digits. Unicode-aware lookarounds rather than `\b`, which treats
 * accented letters as boundaries and fails on labels ending with punctuation ("Yes!").
 */
const isolated = (phrase: string, ignoreCase: boolean) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase.trim())}(?![\\p{L}\\p{N}_])`, ignoreCase ? 'iu' : 'u')

const stringField = (item: Item, key: string): string | undefined => {
  const value = item[key]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/**
 * The items a reply names: by each of `keys` in turn (longest labels first, so "item" does not steal
 * "second item"), then by 1-based position. Each match is cut out of the reply so it cannot match twice.
 * Returned in display order.
 */
export const matchMultiple = <T extends Item>(reply: string, items: T[], keys: string[], ignoreCase: boolean): T[] => {
  let rest = reply
  const matched = new Set<string>()
  const take = (item: T, phrase: string) => {
    const pattern = isolated(phrase, ignoreCase)
    if (!pattern.test(rest)) return
    rest = rest.replace(pattern, ' ')
    matched.add(item.id)
  }
  for (const key of keys) {
    const byLength = items
      .filter((item) => stringField(item, key) !== undefined)
      .sort((a, b) => stringField(b, key)!.length - stringField(a, key)!.length)
    for (const item of byLength) if (!matched.has(item.id)) take(item, stringField(item, key)!)
  }
  items.forEach((item, idx) => {
    if (!matched.has(item.id)) take(item, String(idx + 1))
  })
  return items.filter((item) => matched.has(item.id))
}

/** The first non-empty of an item's fields, in order (the value saved for a choice). */
export const firstFilled = (item: Item, keys: string[]): string => {
  for (const key of keys) {
    const value = stringField(item, key)
    if (value !== undefined) return value
  }
  return ''
}
