// Jump: goes to a group (by id, or by the title held in a `{{variable}}`) and optional block, leaving a return
// mark so that a later Return block comes back to what follows the Jump.
import type { JumpBlock } from './schema.js'
import { edgeTarget } from '../../../engine/compile.js'
import { parseVariables } from '../../../engine/variables.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const jump: ActionKind<JumpBlock> = {
  type: 'Jump',
  category: 'logic',
  execute(block, ctx) {
    const ref = parseVariables(block.options?.groupId, ctx.variables)
    const group = ctx.bot.groupById.get(ref) ?? ctx.bot.groups.find((g) => g.title === ref)
    const blockId = block.options?.blockId
    if (!group || (blockId && !group.blocks.some((b) => b.id === blockId))) {
      return {
        outgoingEdgeId: null,
        logs: [{ status: 'error', description: 'Jump target not found; the flow stops here.', details: JSON.stringify({ groupId: ref, blockId }) }],
      }
    }
    // Where a Return comes back to: the block after the Jump, else where the Jump's own edge leads.
    const here = ctx.bot.blockAt.get(block.id)
    const after = here ? here.group.blocks[here.index + 1] : undefined
    const resumeBlockId = after?.id ?? resolveFirstBlock(ctx.bot, edgeTarget(ctx.bot, block.outgoingEdgeId))
    return { jumpTo: blockId ? { groupId: group.id, blockId } : { groupId: group.id }, returnMark: resumeBlockId ?? null }
  },
}

const resolveFirstBlock = (bot: Parameters<typeof edgeTarget>[0], target: ReturnType<typeof edgeTarget>) =>
  target ? (target.blockId ?? bot.groupById.get(target.groupId)?.blocks[0]?.id) : undefined
