// How a block is named and summarised for people (flow view, results labels fall back on the server's). The names
// are the kinds' cards', so the palette, the canvas and the results read alike.
import { cardOf } from '../../../../src/blocks/cards.js'
import type { CardBlock, CardContext, CardNames, Translate } from '../../../../src/contract/bot/card.js'
import { catalogEntry } from '../editor/blocks/catalog.js'
import { t } from '../i18n/index.js'

export const blockLabel = (type: string) => catalogEntry(type)?.label ?? type.charAt(0).toUpperCase() + type.slice(1)

export const isInputBlock = (type: string) => catalogEntry(type)?.category === 'inputs'

/** Without the bot, variable ids stay hidden. */
const unnamed: CardNames = { variableName: () => '…' }

/** The bot's names, and a language other than the app's if the caller wants one. */
type Names = CardNames & { t?: Translate }

/** The app's current language for cards' texts. */
const appLanguage: Translate = (key, values) => t(key, values ?? {})

/** What cards are given in the app: the bot's names, and the app's language unless the caller gives another `t`. */
export const inAppLanguage = (names: Names): CardContext => ({ ...names, t: names.t ?? appLanguage })

/** The summary the block's card gives (what it asks and where it saves, what it sends…), else nothing. */
export const cardSummary = (block: CardBlock, names: Names = unnamed): string => cardOf(block.type)?.summary?.(block, inAppLanguage(names)) ?? ''

/**
 * A short description of what the block does: its card's summary (a message's text, the request it sends), else its
 * buttons' labels, else the URL or placeholder it shows. Lines are separated by "\n".
 */
export const blockSummary = (block: CardBlock, names: Names = unnamed): string => {
  const summary = cardOf(block.type)?.summary?.(block, inAppLanguage(names))
  if (summary !== undefined) return summary
  const content = (block.content ?? {}) as { url?: string }
  const options = (block.options ?? {}) as { labels?: { placeholder?: string }; url?: string }
  const items = Array.isArray(block.items) ? (block.items as { content?: unknown }[]) : []
  const labels = items.flatMap((i) => (typeof i.content === 'string' && i.content ? [i.content] : []))
  if (labels.length) return labels.join(' · ')
  return content.url ?? options.labels?.placeholder ?? options.url ?? ''
}
