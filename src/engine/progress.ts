// Progress bar value (reference 3.15), precomputed per bot. Typebot walks the graph from the current input with one
// visited set and one shared path array, so its "longest path" is in fact the number of distinct input blocks
// reachable from the input (itself included), provided at least one reachable block ends the flow; the walk order
// does not matter. Here every block's reachable inputs and flow ends are counted once per bot (strongly connected
// components plus bitsets, so loops are fine) and each request is a lookup.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { Edge } from '../contract/bot/common.js'

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

/** Run once per bot version (the caller caches it): O(blocks × (blocks + edges) / 32) at worst. */
export const buildProgressIndex = (bot: { groups: GroupV6[]; edges: Edge[] }, isInput: (block: Block) => boolean): ProgressIndex => {
  const graph = buildGraph(bot, isInput)
  const reaches = countReachable(graph)
  const reachFrom = (blockId: string) => {
    const node = graph.nodeOf.get(blockId)
    return node === undefined ? undefined : reaches[node]
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
const outgoingEdgeIds = (block: { outgoingEdgeId?: string; items?: unknown }): string[] => {
  const items = Array.isArray(block.items) ? (block.items as { outgoingEdgeId?: string | null }[]) : []
  const ids = items.flatMap((item) => (item?.outgoingEdgeId != null ? [item.outgoingEdgeId] : []))
  return block.outgoingEdgeId ? [...ids, block.outgoingEdgeId] : ids
}

// Tarjan's algorithm (iterative: long block chains must not overflow the stack) emits components sinks first, so
// each component's reachable set is its own marks plus those of components already emitted.
const countReachable = ({ successors, isInput, isEnd }: Graph): Reach[] => {
  const size = successors.length
  const inputBits = bitIndex(isInput)
  const endBits = bitIndex(isEnd)
  const order = new Int32Array(size).fill(-1)
  const low = new Int32Array(size)
  const component = new Int32Array(size).fill(-1)
  const stack: number[] = []
  const sets: { inputs: Uint32Array; ends: Uint32Array }[] = []
  const reaches: Reach[] = []
  let visited = 0

  const close = (root: number) => {
    const members: number[] = []
    let node: number
    do {
      node = stack.pop()!
      component[node] = sets.length
      members.push(node)
    } while (node !== root)
    const set = { inputs: new Uint32Array(inputBits.words), ends: new Uint32Array(endBits.words) }
    for (const member of members) {
      mark(set.inputs, inputBits.bitOf[member])
      mark(set.ends, endBits.bitOf[member])
      for (const next of successors[member]) {
        if (component[next] === sets.length) continue
        union(set.inputs, sets[component[next]].inputs)
        union(set.ends, sets[component[next]].ends)
      }
    }
    sets.push(set)
    const reach = { inputs: popCount(set.inputs), ends: popCount(set.ends) }
    for (const member of members) reaches[member] = reach
  }

  for (let start = 0; start < size; start++) {
    if (order[start] !== -1) continue
    const calls: [node: number, nextSuccessor: number][] = []
    const enter = (node: number) => {
      order[node] = low[node] = visited++
      stack.push(node)
      calls.push([node, 0])
    }
    enter(start)
    while (calls.length > 0) {
      const frame = calls[calls.length - 1]
      const [node, at] = frame
      if (at < successors[node].length) {
        frame[1]++
        const next = successors[node][at]
        if (order[next] === -1) enter(next)
        else if (component[next] === -1) low[node] = Math.min(low[node], order[next])
        continue
      }
      calls.pop()
      if (calls.length > 0) {
        const caller = calls[calls.length - 1][0]
        low[caller] = Math.min(low[caller], low[node])
      }
      if (low[node] === order[node]) close(node)
    }
  }
  return reaches
}

/** Numbers the flagged nodes 0..n-1 (bit positions); -1 for the others. */
const bitIndex = (flags: boolean[]) => {
  let count = 0
  const bitOf = flags.map((flag) => (flag ? count++ : -1))
  return { bitOf, words: Math.ceil(count / 32) }
}

const mark = (bits: Uint32Array, bit: number) => {
  if (bit >= 0) bits[bit >>> 5] |= 1 << (bit & 31)
}

const union = (into: Uint32Array, from: Uint32Array) => {
  for (let i = 0; i < into.length; i++) into[i] |= from[i]
}

const popCount = (bits: Uint32Array): number => {
  let count = 0
  for (let word of bits) {
    for (; word; word &= word - 1) count++
  }
  return count
}
