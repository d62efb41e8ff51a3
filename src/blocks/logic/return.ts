// Return: goes back to where the last Jump left its return mark; without a mark it does nothing.
import type { ReturnBlock } from '../../schema/blocks/logic.js'
import type { ActionKind } from '../actions/types.js'

export const returnBlock: ActionKind<ReturnBlock> = {
  type: 'Return',
  execute(_block, ctx) {
    const mark = ctx.state.returnMark
    if (!mark) return {}
    delete ctx.state.returnMark
    const location = ctx.bot.blockAt.get(mark.blockId)
    if (!location) return {}
    return { jumpTo: { groupId: location.group.id, blockId: mark.blockId } }
  },
}
