// Progress bar value (reference 3.15). Typebot walks the graph from the current input with one visited set and one
// shared path array, so its "longest path" is in fact the number of distinct input blocks reachable from the input
// (itself included), provided at least one reachable block ends the flow; the walk order does not matter. Here the
// graph is built once per bot, and what a block reaches is counted by one walk the first time it is asked for.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { Edge } from '../contract/bot/common.js'
import { itemsOf } from '../contract/bot/graph.js'

/** Distinct input blocks and flow ends (last block of a group, without any outgoing edge) reachable from a block. */
export type Reach = { inputs: number; ends: number }

export interface ProgressIndex {
  /** Typebot's longest path from an input of this bot; undefined when nothing reachable ends the flow (closed loop). */
  longestPathFrom(inputBlockId: string): number | undefined
  /** What is reachable from any block (itself included); undefined for an unknown block. */
  reachFrom(blockId: string): Reach | undefined
  /** First block of a group (first group with that id), as edges without `to.blockId` enter it. */
  firstBlockOf(groupId: string): string | undefined
}

/**
 * A bot of a linked-bot queue, the running one first. `resumeTo` is the target of the edge its parent (the next
 * entry) resumes on when it is done (Typebot's `edgeIdToTriggerWhenDone`, looked up in the parent's session edges,
 * virtual ones included); undefined when there is none.
 */
export type ProgressLevel = { index: ProgressIndex; resumeTo?: Edge['to'] }

/** Progress in percent, unrounded as Typebot sends it. No path (undefined): Typebot divides by -Infinity, sends 0. */
export const computeProgress = (progress: { totalAnswers: number; longestPath: number | undefined }): number => {
  const { totalAnswers, longestPath } = progress
  return longestPath === undefined ? 0 : ((totalAnswers + 1) / (longestPath + totalAnswers + 1)) * 100
}

/**
 * Typebot's longest path inside a linked bot. Its shared path array makes every flow end of a bot add the inputs
 * reachable from the parent's resume point (walked afresh each time), so counts multiply; a child whose parent has
 * no resume edge yields no path at all. Typebot resolves a resume edge without `to.blockId` in the child's groups
 * (so it usually finds nothing and the parent adds 0); that is kept for identical values.
 */
export const longestPathInQueue = (levels: ProgressLevel[], inputBlockId: string): number | undefined => {
  const [current] = levels
  const reach = current?.index.reachFrom(inputBlockId)
  if (!reach?.ends || (levels.length > 1 && !current.resumeTo)) return undefined
  return reach.inputs + reach.ends * resumedLength(levels, 0)
}

// A resume block missing from the parent makes Typebot throw; here the parent just adds nothing.
const resumedLength = (levels: ProgressLevel[], level: number): number => {
  const { index, resumeTo } = levels[level]
  const parent = levels[level + 1]
  if (!parent || !resumeTo) return 0
  const blockId = resumeTo.blockId ?? index.firstBlockOf(resumeTo.groupId)
  const reach = blockId ? parent.index.reachFrom(blockId) : undefined
  return reach ? reach.inputs + reach.ends * resumedLength(levels, level + 1) : 0
}

/**
 * Built once per bot version (the caller caches it) in time linear in the bot. What is reachable from a block is
 * counted on first use by one walk of the graph (linear too) and remembered, so a turn costs at most one walk per
 * block it asks about, whatever the bot's size, and a bot that is never asked costs nothing more.
 */
/** The index, built on first use: every bot has one (a preview may ask for progress), few bots use it. */
export const lazyProgressIndex = (bot: { groups: GroupV6[]; edges: Edge[] }, isInput: (block: Block) => boolean): ProgressIndex => {
  let index: ProgressIndex | undefined
  const built = () => (index ??= buildProgressIndex(bot, isInput))
  return {
    longestPathFrom: (inputBlockId) => built().longestPathFrom(inputBlockId),
    reachFrom: (blockId) => built().reachFrom(blockId),
    firstBlockOf: (groupId) => built().firstBlockOf(groupId),
  }
}

export const buildProgressIndex = (bot: { groups: GroupV6[]; edges: Edge[] }, isInput: (block: Block) => boolean): ProgressIndex => {
  const graph = buildGraph(bot, isInput)
  const reachOf = reachCounter(graph)
  const reachFrom = (blockId: string) => {
    const node = graph.nodeOf.get(blockId)
    return node === undefined ? undefined : reachOf(node)
  }
  return {
    longestPathFrom: (inputBlockId) => {
      const reach = reachFrom(inputBlockId)
      return reach?.ends ? reach.inputs : undefined
    },
    reachFrom,
    firstBlockOf: (groupId) => graph.firstBlockOf.get(groupId),
  }
}

type Graph = {
  nodeOf: Map<string, number>
  firstBlockOf: Map<string, string | undefined>
  successors: number[][]
  isInput: boolean[]
  isEnd: boolean[]
}

// Nodes are blocks; a block leads to the targets of its items' and its own edges and to the next block of its group.
// Like Typebot, an edge id that leads nowhere (missing edge or block) still keeps its block from being a flow end.
const buildGraph = ({ groups, edges }: { groups: GroupV6[]; edges: Edge[] }, isInput: (block: Block) => boolean): Graph => {
  const nodeOf = new Map<string, number>()
  const firstBlockOf = new Map<string, string | undefined>()
  const edgeById = new Map<string, Edge>()
  for (const edge of edges) if (!edgeById.has(edge.id)) edgeById.set(edge.id, edge)
  const blocks = groups.flatMap((group) => {
    if (!firstBlockOf.has(group.id)) firstBlockOf.set(group.id, group.blocks[0]?.id)
    return group.blocks.map((block, position) => ({ block, next: position + 1 < group.blocks.length }))
  })
  blocks.forEach(({ block }, node) => {
    if (!nodeOf.has(block.id)) nodeOf.set(block.id, node)
  })
  const graph: Graph = { nodeOf, firstBlockOf, successors: [], isInput: [], isEnd: [] }
  blocks.forEach(({ block, next }, node) => {
    const edgeIds = outgoingEdgeIds(block)
    const targets = edgeIds.flatMap((id) => {
      const to = edgeById.get(id)?.to
      const blockId = to && (to.blockId ?? firstBlockOf.get(to.groupId))
      const target = blockId ? nodeOf.get(blockId) : undefined
      return target === undefined ? [] : [target]
    })
    graph.successors.push(next ? [...targets, node + 1] : targets)
    graph.isInput.push(isInput(block))
    graph.isEnd.push(!next && edgeIds.length === 0)
  })
  return graph
}

// Item edges count for any block with items (buttons, picture choice, Condition, AB test). Card buttons keep their
// edges on `items[].paths[]`, which Typebot's walk does not read.
const outgoingEdgeIds = (block: Block): string[] => {
  const ids = itemsOf(block).flatMap((item) => (item.outgoingEdgeId != null ? [item.outgoingEdgeId] : []))
  return block.outgoingEdgeId ? [...ids, block.outgoingEdgeId] : ids
}

/** Remembered walks: bounded, so a huge bot asked about many blocks keeps its memory flat. */
const MAX_REMEMBERED = 1000

/** Counts the distinct inputs and flow ends reachable from a node (itself included), one walk per node, remembered. */
const reachCounter = ({ successors, isInput, isEnd }: Graph) => {
  const remembered = new Map<number, Reach>()
  // Visit marks stamped per walk, so no walk clears or allocates them.
  const seen = new Int32Array(successors.length)
  let walk = 0
  return (start: number): Reach => {
    const known = remembered.get(start)
    if (known) return known
    walk++
    const stack = [start]
    seen[start] = walk
    const reach = { inputs: 0, ends: 0 }
    while (stack.length > 0) {
      const node = stack.pop()!
      if (isInput[node]) reach.inputs++
      if (isEnd[node]) reach.ends++
      for (const next of successors[node]) {
        if (seen[next] === walk) continue
        seen[next] = walk
        stack.push(next)
      }
    }
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    remembered.set(start, reach)
    return reach
  }
}
