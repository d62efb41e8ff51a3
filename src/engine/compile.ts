// A bot prepared for running: indexes and the flow built once per snapshot with the server's block kinds, and cached
// by the caller (snapshots are immutable, so a compiled bot never goes stale).
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { Edge, Event, Variable } from '../contract/bot/common.js'
import { buildFlow, type Flow } from './flow.js'
import type { BlockLocation, KindRegistry } from './kinds.js'
import { buildProgressIndex, type ProgressIndex } from './progress.js'
import { buildStartProps, type StartProps } from './startProps.js'
import type { Target } from './state.js'

export type RunnableBot = {
  botId: string
  snapshotId: string
  version: string
  groups: GroupV6[]
  events: Event[]
  edges: Edge[]
  variables: Variable[]
  theme: Record<string, any>
  settings: Record<string, any>
  /** When the snapshot was published (undefined for previews). */
  publishedAt?: string
}

export type CompiledBot = RunnableBot & {
  kinds: KindRegistry
  groupById: Map<string, GroupV6>
  /** Block id → its group and position. */
  blockAt: Map<string, BlockLocation>
  edgeById: Map<string, Edge>
  variableById: Map<string, Variable>
  progress?: ProgressIndex
  /** Variables that live in the session only (e.g. set to the transcript): never stored in results. */
  sessionVariableIds: Set<string>
  /** Whether the engine keeps the conversation's transcript for this bot's blocks. */
  needsTranscript: boolean
  /** What live starts prepend as `startPropsToInject` (and previews log instead), when the bot has any. */
  startProps?: StartProps
  /** The form of the bot the walk runs (see engine/flow.ts). */
  flow: Flow
}

export const compileBot = (bot: RunnableBot, kinds: KindRegistry): CompiledBot => {
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
    progress: bot.theme?.general?.progressBar?.isEnabled === true ? buildProgressIndex(bot, isInput) : undefined,
    sessionVariableIds,
    needsTranscript,
    startProps: buildStartProps(bot.groups, bot.settings, kinds),
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
