// The form hints of a block type, from its card (src/contract/bot/card.ts `hints`).
import { cardOf } from '../../../../../src/blocks/cards.js'
import { visitorTextsOf } from '../../../../../src/contract/bot/visitorTexts.js'
import type { FormHints } from './formModel.js'

/**
 * The hints of a block type (none for a kind this build does not know), with its defaults' visitor texts as
 * placeholders: a field left empty shows what the widget says without it (new blocks do not store these texts).
 */
export const formHints = (type: string): FormHints => {
  const card = cardOf(type)
  if (!card) return {}
  return { ...card.hints, placeholders: Object.fromEntries(visitorTextsOf(card.defaults())) }
}

/** `hints` hiding `keys` too. */
export const hiding = (hints: FormHints, ...keys: string[]): FormHints => ({ ...hints, hidden: [...(hints.hidden ?? []), ...keys] })
