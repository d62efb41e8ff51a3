// The block kinds the editor offers, read from their cards (src/blocks/cards.ts): the palette lists them by
// category, the canvas names blocks with them, and `createBlock` gives a new block of a kind with its card's defaults
// written out (so the settings form shows what the bot will do, and the saved JSON reads the same in Typebot), except
// the texts the widget says in the visitor's language.
import {
  type Icon,
  IconAB,
  IconApi,
  IconArrowBackUp,
  IconArrowForward,
  IconBrain,
  IconBrandGmail,
  IconBrandGoogle,
  IconBrandOpenai,
  IconBrandZapier,
  IconCalendar,
  IconCalendarEvent,
  IconCards,
  IconChartBar,
  IconClock,
  IconCode,
  IconCreditCard,
  IconDatabase,
  IconExternalLink,
  IconForms,
  IconGitBranch,
  IconHeadset,
  IconLayoutGrid,
  IconLink,
  IconMail,
  IconMessageCircle,
  IconMessages,
  IconMicrophone,
  IconMovie,
  IconNumbers,
  IconPhone,
  IconPhoto,
  IconPlayerPause,
  IconPlug,
  IconQrcode,
  IconRobot,
  IconSend,
  IconSparkles,
  IconSquareCheck,
  IconStar,
  IconTable,
  IconTarget,
  IconTerminal2,
  IconUpload,
  IconVariable,
  IconVolume,
  IconWebhook,
  IconWind,
  IconWorld,
} from '@tabler/icons-react'
import { allCards, cardOf } from '../../../../../src/blocks/cards.js'
import type { BlockCard } from '../../../../../src/contract/bot/card.js'
import { builtInTexts } from '../../../../../src/contract/bot/builtInTexts.js'
import { visitorTextKeys } from '../../../../../src/contract/bot/visitorTexts.js'
import type { Language } from '../../../../../src/contract/languages.js'
import { newId } from '../../../../../src/contract/ids.js'
import type { Block } from '../types.js'

export { type BlockCategory, blockCategories } from '../../../../../src/contract/bot/card.js'

/** Cards name their icon; these are the components the editor draws for those names. */
const icons: Readonly<Record<string, Icon>> = {
  IconAB,
  IconApi,
  IconArrowBackUp,
  IconArrowForward,
  IconBrain,
  IconBrandGmail,
  IconBrandGoogle,
  IconBrandOpenai,
  IconBrandZapier,
  IconCalendar,
  IconCalendarEvent,
  IconCards,
  IconChartBar,
  IconClock,
  IconCode,
  IconCreditCard,
  IconDatabase,
  IconExternalLink,
  IconForms,
  IconGitBranch,
  IconHeadset,
  IconLayoutGrid,
  IconLink,
  IconMail,
  IconMessageCircle,
  IconMessages,
  IconMicrophone,
  IconMovie,
  IconNumbers,
  IconPhone,
  IconPhoto,
  IconPlayerPause,
  IconPlug,
  IconQrcode,
  IconRobot,
  IconSend,
  IconSparkles,
  IconSquareCheck,
  IconStar,
  IconTable,
  IconTarget,
  IconTerminal2,
  IconUpload,
  IconVariable,
  IconVolume,
  IconWebhook,
  IconWind,
  IconWorld,
}

export type CatalogEntry = Pick<BlockCard, 'type' | 'category' | 'label' | 'description'> & { icon: Icon }

const entryOf = (card: BlockCard): CatalogEntry => ({
  type: card.type,
  category: card.category,
  label: card.label,
  description: card.description,
  icon: icons[card.icon] ?? IconPlug,
})

export const blockCatalog: readonly CatalogEntry[] = allCards.map(entryOf)

const byType = new Map(blockCatalog.map((e) => [e.type, e]))
/** The catalog entry of a block type, if the editor knows it. */
export const catalogEntry = (type: string): CatalogEntry | undefined => byType.get(type)

/** Retry messages the engine does not supply itself for every kind are written, in the bot's language. */
const retryTexts = ['emailRetry', 'urlRetry', 'phoneRetry', 'paymentRetry'] as const

// New blocks do not store the texts the widget says itself in the visitor's language (contract/bot/visitorTexts.ts),
// as Typebot's builder stores none until the author writes one.
const withoutVisitorTexts = (fields: Record<string, unknown>, language: Language): Record<string, unknown> => {
  const options = fields.options
  if (!options || typeof options !== 'object') return fields
  const kept = Object.fromEntries(Object.entries(options).filter(([key]) => !visitorTextKeys.has(key)))
  const retry = kept.retryMessageContent
  const known = retryTexts.find((key) => builtInTexts.en[key] === retry)
  if (known) kept.retryMessageContent = builtInTexts[language][known]
  return { ...fields, options: kept }
}

/**
 * A new block of `type` with a fresh id and its kind's defaults, less the texts the widget says itself; its retry
 * message (when its kind has one) in `language`, the bot's.
 */
export const createBlock = (type: string, language: Language = 'en'): Block =>
  ({ id: newId(), type, ...withoutVisitorTexts(cardOf(type)?.defaults() ?? { options: {} }, language) }) as Block
