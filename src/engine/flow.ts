// The form of a bot the walk runs: each block's kind resolved once from the server's kinds, actions bound to their
// block (specialised when the kind can compile), edges resolved to the group and block they lead to. Built when a bot
// is compiled and kept with it, so a turn no longer interprets the JSON bot step by step. Never mutated afterwards.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { CompiledBot } from './compile.js'
import type { ActionKind, BlockExecutor, BlockKind } from './kinds.js'
import type { Target } from './state.js'

/** A block with its kind (undefined: a type no kind handles). `execute` is the action bound to the block. */
export type FlowBlock = { block: Block; kind: BlockKind | undefined; execute: BlockExecutor | undefined }

export type FlowGroup = {
  group: GroupV6
  blocks: FlowBlock[]
  /** Where the group leads once all its blocks ran: its last block's edge (undefined: none, or dangling). */
  exit: FlowTarget | undefined
}

/**
 * A target located in the flow: the group it names and the index of the block the walk starts at. A target whose
 * group or block does not exist (group undefined, or `from` -1) ends the path with an error log.
 */
export type FlowTarget = { target: Target; group: FlowGroup | undefined; from: number }

export type Flow = {
  /** Where an edge leads, by id (absent: a dangling id, or an empty one, like in `edgeTarget`). */
  edges: Map<string, FlowTarget>
  /** The flow form of one of the bot's groups. */
  groups: Map<GroupV6, FlowGroup>
  /** Locates a target computed at run time (jumps, links, resume points). */
  locate(target: Target): FlowTarget
  /** Variable id → its position in the bot's variables (the turn keeps their values in that order). */
  variableIndex: Map<string, number>
}

export const buildFlow = (bot: Omit<CompiledBot, 'flow'>): Flow => {
  const groups = new Map(bot.groups.map((group): [GroupV6, FlowGroup] => [group, { group, blocks: group.blocks.map((block) => flowBlock(block, bot)), exit: undefined }]))
  // The group an id names is the last of that id, like `CompiledBot.groupById`.
  const locate = (target: Target): FlowTarget => {
    const group = bot.groupById.get(target.groupId)
    const from = group && target.blockId ? group.blocks.findIndex((b) => b.id === target.blockId) : 0
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
