// A block kind's card: what browser code needs to know of a kind (the palette, the canvas, the settings form, the
// graph's exits), declared once in the kind's folder (`src/blocks/<category>/<kind>/editor.ts`, zod and contract/
// only) beside its schema. The server's behaviour of the kind is its `kind.ts`; the editor, analytics and the graph
// read cards, never block type strings of their own.
import type { z } from 'zod'

export const blockCategories = [
  { id: 'bubbles', label: 'Bubbles' },
  { id: 'inputs', label: 'Inputs' },
  { id: 'logic', label: 'Logic' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'forge', label: 'Apps and AI' },
] as const
export type BlockCategory = (typeof blockCategories)[number]['id']

/**
 * Where a block can lead: its own exit only (`block`), one exit per item (buttons, A/B paths), one per item plus the
 * block's own ("else" of a condition), one per card's button (`paths`), or nowhere (a jump, a return).
 */
export type BlockExits = 'block' | 'items' | 'items+else' | 'paths' | 'none'

/** A field shown only while a sibling key holds one of some values (a message's dialogue variable, for its Dialogue role). */
export type ShownWhen = { key: string; is: (string | undefined)[] }

/** How to improve the generic settings form of a kind; paths are dotted keys from the block (`options.labels.button`). */
export type FormHints = {
  labels?: Record<string, string>
  help?: Record<string, string>
  /** Keys shown first, in this order, at their level (the rest keep the schema's order). */
  order?: Record<string, string[]>
  hidden?: string[]
  multiline?: string[]
  /** What an empty text field shows (the editor fills it with the kind's defaults). */
  placeholders?: Record<string, string>
  shownWhen?: Record<string, ShownWhen>
}

/** One action of a kind whose options depend on a chosen action (forged blocks' `action`, legacy OpenAI's `task`). */
export type BlockAction = { name: string; options: z.ZodObject }

/**
 * Says a text in the reader's language: the key is the English text, with `{{name}}` placeholders filled from
 * `values` (i18next's `t` in the web app). Cards call it with a literal key, `t('Saves in {{variable}}', …)`, so the
 * key reader (scripts/i18n/keys.ts) finds their texts; the bot's own words (names, URLs) are values, never keys.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string

/** `Translate` for callers without translations (the server, tests): the English text with its values. */
export const english: Translate = (key, values) => key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''))

/** What a card's functions may ask about the bot around the block. */
export type CardNames = {
  variableName: (variableId: string) => string
  /** A group's title by id, where the caller knows the bot's groups. */
  groupTitle?: (groupId: string) => string
}

/** What a card's functions are given: the bot's names, and the language to speak in. */
export type CardContext = CardNames & { t: Translate }

/** A block as cards read it: any kind's block (the card of a kind knows its own fields). */
export type CardBlock = { id: string; type: string; options?: unknown; content?: unknown; items?: unknown; outgoingEdgeId?: string | null }

export type BlockCard = {
  /** The block's `type`, as the bot format writes it. */
  type: string
  category: BlockCategory
  label: string
  description: string
  /** A Tabler icon's name (`IconForms`); the editor maps names to its icon components. */
  icon: string
  /** The kind-specific fields of a new block (besides `id` and `type`), with the kind's defaults written out. */
  defaults(): Record<string, unknown>
  hints?: FormHints
  exits: BlockExits | ((block: CardBlock) => BlockExits)
  /** The label of the block's own exit when it also has item exits ("Else", "Any choice"). */
  elseLabel?: string
  /** The text next to an item's exit (a button's label, a condition's comparisons, an A/B path). */
  itemLabel?(block: CardBlock, item: { id: string } & Record<string, unknown>, ctx: CardContext): string
  /** What the block shows on the canvas when collapsed ("Save in Name", "GET https://…"); empty: nothing. */
  summary?(block: CardBlock, ctx: CardContext): string
  /** The credential type the block's `credentialsId` points at (lib/credentialTypes.ts lists them). */
  credentialsType?: string
  /** Kinds whose options depend on a chosen action: the key naming it and the actions (the first is a new block's). */
  actions?: { key: 'action' | 'task'; list: readonly BlockAction[] }
}

/** The exits of a block, by its card. */
export const exitsOf = (card: BlockCard | undefined, block: CardBlock): BlockExits =>
  card === undefined ? 'block' : typeof card.exits === 'function' ? card.exits(block) : card.exits
