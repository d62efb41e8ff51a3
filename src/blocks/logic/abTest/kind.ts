// AB test: path A with probability aPercent (randomness from the runtime, so tests can fix it), else B.
import type { AbTestBlock } from './schema.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const abTest: ActionKind<AbTestBlock> = {
  type: 'AB test',
  category: 'logic',
  execute(block, ctx) {
    const items = block.items ?? []
    const a = items.find((i) => i.path === 'a') ?? items[0]
    const b = items.find((i) => i.path === 'b') ?? items[1]
    const aPercent = block.options?.aPercent ?? 50
    const pickA = ctx.runtime.random() * 100 < aPercent
    const edge = (pickA ? a?.outgoingEdgeId : b?.outgoingEdgeId) ?? (pickA ? b?.outgoingEdgeId : a?.outgoingEdgeId)
    if (!edge) return { outgoingEdgeId: null, logs: [{ status: 'error', description: 'AB test has no connected path.' }] }
    return { outgoingEdgeId: edge }
  },
}
