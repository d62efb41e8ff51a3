// The form of a bot the walk runs: each block's kind resolved once from the server's kinds, actions bound to their
// block (specialised when the kind can compile), edges resolved to the group and block they lead to. Built when a bot
// is compiled and kept with it, so a turn no longer interprets the JSON bot step by step. Never mutated afterwards.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { ActionKind, BlockExecutor, CompiledBot, Flow, FlowBlock, FlowGroup, FlowTarget } from './kinds.js'
import type { Target } from './state.js'

export type { Flow, FlowBlock, FlowGroup, FlowTarget } from './kinds.js'

export const buildFlow = (bot: Omit<CompiledBot, 'flow'>): Flow => {
  const groups = new Map(
    bot.groups.map((group): [GroupV6, FlowGroup] => [group, { group, blocks: group.blocks.map((block) => flowBlock(block, bot)), exit: undefined }]),
  )
  // Each block's index in its group, the first of a duplicate id in a group like `findIndex` (one pass, not one per edge).
  const blockIndex = new Map<GroupV6, Map<string, number>>()
  for (const group of bot.groups) {
    const indexes = new Map<string, number>()
    group.blocks.forEach((block, index) => {
      if (!indexes.has(block.id)) indexes.set(block.id, index)
    })
    blockIndex.set(group, indexes)
  }
  // The group an id names is the last of that id, like `CompiledBot.groupById`.
  const locate = (target: Target): FlowTarget => {
    const group = bot.groupById.get(target.groupId)
    const from = group && target.blockId ? (blockIndex.get(group)?.get(target.blockId) ?? -1) : 0
    return { target, group: group && groups.get(group), from }
  }
  const edges = new Map<string, FlowTarget>()
  for (const [id, edge] of bot.edgeById) if (id) edges.set(id, locate(edge.to))
  for (const group of groups.values()) {
    const edgeId = group.group.blocks.at(-1)?.outgoingEdgeId
    group.exit = edgeId ? edges.get(edgeId) : undefined
  }
  return { edges, groups, locate, variableIndex: new Map(bot.variables.map((v, i) => [v.id, i])) }
}

const flowBlock = (block: Block, bot: Omit<CompiledBot, 'flow'>): FlowBlock => {
  const kind = bot.kinds.get(block.type)
  const isAction = kind?.category === 'logic' || kind?.category === 'integration'
  return { block, kind, execute: isAction ? executor(kind, block, bot) : undefined }
}

/** The action's own compiled form when it has one; a block it cannot compile runs (and fails) through `execute`. */
const executor = (action: ActionKind, block: Block, bot: Omit<CompiledBot, 'flow'>): BlockExecutor => {
  const generic: BlockExecutor = (ctx) => action.execute(block, ctx)
  if (!action.compile) return generic
  try {
    return action.compile(block, bot)
  } catch {
    return generic
  }
}
