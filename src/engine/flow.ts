// The form of a bot the walk runs: each block's kind resolved once from the registries, actions bound to their
// block (specialised when the kind can compile), edges resolved to the group and block they lead to. Built on a
// compiled bot's first run and kept as long as the bot, so a turn no longer interprets the JSON bot step by step.
import { actionKinds } from '../blocks/actions/index.js'
import type { ActionKind, BlockExecutor } from '../blocks/actions/types.js'
import { type BubbleKind, bubbleKinds } from '../blocks/bubbles/index.js'
import { type InputKind, inputKinds } from '../blocks/inputs/index.js'
import type { GroupV6 } from '../schema/bot.js'
import type { Block } from '../schema/blocks/index.js'
import type { CompiledBot } from './compile.js'
import type { Target } from './state.js'

/** A block with its kind: at most one of bubble, input and execute is set (none: a kind this server lacks). */
export type FlowBlock = {
  block: Block
  bubble: BubbleKind | undefined
  input: InputKind<any> | undefined
  execute: BlockExecutor | undefined
  /**
   * The edge the block's action last returned and where it leads (see `followEdge`): a block mostly takes the same
   * path again. A cache of the flow's edges, so sharing it between turns is safe.
   */
  lastEdge: { id: string; next: FlowTarget } | undefined
}

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

const flows = new WeakMap<CompiledBot, Flow>()

/** The flow of a compiled bot, built once (compiled bots are never mutated). */
export const flowOf = (bot: CompiledBot): Flow => {
  let flow = flows.get(bot)
  if (!flow) {
    flow = buildFlow(bot)
    flows.set(bot, flow)
  }
  return flow
}

const buildFlow = (bot: CompiledBot): Flow => {
  const groups = new Map(bot.groups.map((group) => [group, flowGroup(group, bot)]))
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

const flowGroup = (group: GroupV6, bot: CompiledBot): FlowGroup => ({
  group,
  blocks: group.blocks.map((block) => flowBlock(block, bot)),
  exit: undefined,
})

// Bubbles, then inputs, then actions: the order in which the walk used to look a block's type up.
const flowBlock = (block: Block, bot: CompiledBot): FlowBlock => {
  const bubble = bubbleKinds[block.type]
  const input = bubble ? undefined : inputKinds[block.type]
  const action = bubble || input ? undefined : actionKinds[block.type]
  return { block, bubble, input, execute: action && executor(action, block, bot), lastEdge: undefined }
}

/** Where an edge returned by a block's action leads (undefined: a dangling edge). */
export const followEdge = (flow: Flow, block: FlowBlock, edgeId: string): FlowTarget | undefined => {
  if (block.lastEdge?.id === edgeId) return block.lastEdge.next
  const next = flow.edges.get(edgeId)
  if (next) block.lastEdge = { id: edgeId, next }
  return next
}

/** The action's own compiled form when it has one; a block it cannot compile runs (and fails) through `execute`. */
const executor = (action: ActionKind, block: Block, bot: CompiledBot): BlockExecutor => {
  const generic: BlockExecutor = (ctx) => action.execute(block, ctx)
  if (!action.compile) return generic
  try {
    return action.compile(block, bot)
  } catch {
    return generic
  }
}
