// A bot prepared for running: indexes and the flow built once per snapshot with the server's block kinds, and cached
// by the caller (snapshots are immutable, so a compiled bot never goes stale).
import type { Block } from '../contract/bot/blocks/index.js'
import { withImpliedOutgoingEdges } from '../contract/bot/graph.js'
import { buildFlow } from './flow.js'
import type { BlockLocation, CompiledBot, KindRegistry, RunnableBot } from './kinds.js'
import { lazyProgressIndex } from './progress.js'
import { buildStartProps } from './startProps.js'
import type { Target } from './state.js'

export type { CompiledBot, RunnableBot } from './kinds.js'

export const compileBot = (runnable: RunnableBot, kinds: KindRegistry): CompiledBot => {
  // Hand-written bots often leave `outgoingEdgeId` out: their edges are written into their sources once, here, so
  // a turn reads `outgoingEdgeId` as usual.
  const bot = withImpliedOutgoingEdges(runnable)
  const groupById = new Map(bot.groups.map((g) => [g.id, g]))
  const blockAt = new Map<string, BlockLocation>()
  for (const group of bot.groups) group.blocks.forEach((block, index) => blockAt.set(block.id, { group, index, block }))
  const sessionVariableIds = new Set<string>()
  let needsTranscript = false
  for (const { block } of blockAt.values()) {
    const session = kinds.get(block.type)?.sessionVariables?.(block)
    if (!session) continue
    for (const id of session.variableIds) sessionVariableIds.add(id)
    needsTranscript ||= session.needsTranscript
  }
  const isInput = (block: Block) => kinds.get(block.type)?.category === 'input'
  const compiled = {
    ...bot,
    kinds,
    groupById,
    blockAt,
    edgeById: new Map(bot.edges.map((e) => [e.id, e])),
    variableById: new Map(bot.variables.map((v) => [v.id, v])),
    progress: lazyProgressIndex(bot, isInput),
    sessionVariableIds,
    needsTranscript,
    startProps: buildStartProps(
      bot.settings,
      bot.groups.flatMap((group) => group.blocks.map((block) => kinds.get(block.type)?.startProps?.(block) ?? {})),
    ),
  } as CompiledBot
  compiled.flow = buildFlow(compiled)
  return compiled
}

/** The target of an edge, or undefined when the edge does not exist (dangling references end the path). */
export const edgeTarget = (bot: CompiledBot, edgeId: string | null | undefined): Target | undefined => {
  if (!edgeId) return undefined
  // Compiled bots are never mutated, so the edge's own `to` can serve as the target.
  return bot.edgeById.get(edgeId)?.to
}
