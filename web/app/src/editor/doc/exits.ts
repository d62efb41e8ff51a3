// Where a block can lead, by its kind's card: the canvas's connection points, the exits form, analytics and the ops
// that move a group's exit read it here.
import { cardOf } from '../../../../../src/blocks/cards.js'
import { type BlockExits, exitsOf } from '../../../../../src/contract/bot/card.js'
import type { GraphBlock } from '../../../../../src/contract/bot/graph.js'

/** The exits of a block by its kind (a kind this build does not know leads on by its own exit). */
export const exitsOfBlock = (block: GraphBlock): BlockExits => exitsOf(cardOf(block.type), block)
