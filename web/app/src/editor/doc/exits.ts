// Where a block can lead, by its kind: the canvas's connection points, the exits form, analytics and the ops that
// move a group's exit read it here.
import { InputBlockType, LogicBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import type { BlockExits } from '../../../../../src/contract/bot/card.js'
import type { GraphBlock } from '../../../../../src/contract/bot/graph.js'

const itemExits: Readonly<Record<string, BlockExits>> = {
  [LogicBlockType.CONDITION]: 'items+else',
  [LogicBlockType.AB_TEST]: 'items',
  [InputBlockType.CARDS]: 'paths',
  [LogicBlockType.JUMP]: 'none',
  [LogicBlockType.RETURN]: 'none',
}

/** The exits of a block by its kind (a kind without a rule leads on by its own exit). */
export const exitsOfBlock = (block: GraphBlock): BlockExits => {
  if (block.type === InputBlockType.CHOICE || block.type === InputBlockType.PICTURE_CHOICE)
    return (block.options as { isMultipleChoice?: boolean } | null | undefined)?.isMultipleChoice ? 'items+else' : 'items'
  return itemExits[block.type] ?? 'block'
}
