// The form hints of a block type, from its card (src/contract/bot/card.ts `hints`).
import { cardOf } from '../../../../../src/blocks/cards.js'
import type { FormHints } from './formModel.js'

/** The hints of a block type (none for a kind this build does not know). */
export const formHints = (type: string): FormHints => cardOf(type)?.hints ?? {}

/** `hints` hiding `keys` too. */
export const hiding = (hints: FormHints, ...keys: string[]): FormHints => ({ ...hints, hidden: [...(hints.hidden ?? []), ...keys] })
