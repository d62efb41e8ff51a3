// The block kinds the editor offers, read from their cards (src/blocks/cards.ts): the palette lists them by
// category, the canvas names blocks with them, and `createBlock` gives a new block of a kind with its card's defaults
// written out (so the settings form shows what the bot will do, and the saved JSON reads the same in Typebot).
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

/** A new block of `type` with a fresh id and its kind's defaults. */
export const createBlock = (type: string): Block => ({ id: newId(), type, ...(cardOf(type)?.defaults() ?? { options: {} }) }) as Block
