// A bot prepared for running: indexes built once per snapshot and cached by the caller.
import type { GroupV6 } from '../schema/bot.js'
import type { Block } from '../schema/blocks/index.js'
import type { Edge, Event, Variable } from '../schema/common.js'
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
  groupById: Map<string, GroupV6>
  /** Block id → its group and position. */
  blockAt: Map<string, { group: GroupV6; index: number; block: Block }>
  edgeById: Map<string, Edge>
  variableById: Map<string, Variable>
  progress?: ProgressIndex
  /** Variables set to the conversation transcript: session-only, never stored in results. */
  transcriptVariableIds: Set<string>
  /** What live starts prepend as `startPropsToInject` (and previews log instead), when the bot has any. */
  startProps?: StartProps
}

export const compileBot = (bot: RunnableBot): CompiledBot => {
  const groupById = new Map(bot.groups.map((g) => [g.id, g]))
  const blockAt = new Map<string, { group: GroupV6; index: number; block: Block }>()
  for (const group of bot.groups) group.blocks.forEach((block, index) => blockAt.set(block.id, { group, index, block }))
  const progressEnabled = bot.theme?.general?.progressBar?.isEnabled === true
  const transcriptVariableIds = new Set<string>()
  for (const { block } of blockAt.values()) {
    const options = (block as { options?: { type?: string; variableId?: string } }).options
    if (block.type === 'Set variable' && options?.type === 'Transcript' && options.variableId) transcriptVariableIds.add(options.variableId)
  }
  return {
    ...bot,
    groupById,
    blockAt,
    edgeById: new Map(bot.edges.map((e) => [e.id, e])),
    variableById: new Map(bot.variables.map((v) => [v.id, v])),
    progress: progressEnabled ? buildProgressIndex(bot) : undefined,
    transcriptVariableIds,
    startProps: buildStartProps(bot.groups, bot.settings),
  }
}

/** The target of an edge, or undefined when the edge does not exist (dangling references end the path). */
export const edgeTarget = (bot: CompiledBot, edgeId: string | null | undefined): Target | undefined => {
  if (!edgeId) return undefined
  const edge = bot.edgeById.get(edgeId)
  if (!edge) return undefined
  // Compiled bots are never mutated, so the edge's own `to` can serve as the target.
  return edge.to
}
