// Bot checks: what in a bot's graph will not behave as drawn (edges that lead nowhere or are ignored, groups no path
// reaches, variables that do not exist). Pure and browser-safe: the API answers them and the editor runs them on its
// draft. Links to other bots need the list of bots, so `checkLinkedBots` takes it from the caller.
import { z } from 'zod'
import { LogicBlockType } from './blockTypes.js'
import { type Edge, isEventSource } from './common.js'
import {
  duplicateIds,
  type EdgeSource,
  edgeHolders,
  edgesLeaving,
  followedEdges,
  followedImpliedEdges,
  type GraphBlock,
  type GraphEvent,
  type HolderAt,
  impliedOutgoingEdges,
  type Jump,
  reachableGroups,
  sourceKey,
} from './graph.js'

export const botCheckCodes = [
  'danglingEdge',
  'edgeWithoutOutgoingId',
  'outgoingIdWithoutEdge',
  'unreachableGroup',
  'startNotConnected',
  'unknownVariable',
  'missingLinkedBot',
  'duplicateId',
  'moreChecks',
  'checksUnavailable',
] as const

/** Most checks answered; the rest are counted in one `moreChecks` entry (a broken bot may have thousands). */
export const MAX_BOT_CHECKS = 500
/** Longest name or id quoted in a message: a bot may hold titles of megabytes. */
const NAME_MAX = 60

/** The text cut to `NAME_MAX` characters. */
const cut = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text)
/** A name or id in quotes, cut. */
const quoted = (text: string) => `"${cut(text)}"`

export const botCheckSchema = z.object({
  code: z.enum(botCheckCodes),
  severity: z.enum(['error', 'warning']).meta({ description: 'error: the bot will not run as drawn; warning: likely a mistake' }),
  message: z.string(),
  groupId: z.string().optional(),
  blockId: z.string().optional(),
  itemId: z.string().optional(),
  pathId: z.string().optional(),
  edgeId: z.string().optional(),
  eventId: z.string().optional(),
  variableId: z.string().optional(),
})
export type BotCheck = z.infer<typeof botCheckSchema>

/** What the checks read of a bot (a validated bot or the editor's draft). */
export type CheckableBot = {
  id?: string | null
  groups: { id: string; title: string; blocks: GraphBlock[] }[]
  events: (GraphEvent & { options?: unknown })[]
  edges: Edge[]
  variables: { id: string; name: string }[]
}

type Place = Omit<BotCheck, 'code' | 'severity' | 'message'>

/** Readable names of the bot's parts: `block 2 (email input) of group "Contact"`. */
const namer = (bot: CheckableBot) => {
  const groupIndex = new Map<string, number>()
  const blockAt = new Map<string, { group: CheckableBot['groups'][number]; index: number; block: GraphBlock }>()
  bot.groups.forEach((group, g) => {
    if (!groupIndex.has(group.id)) groupIndex.set(group.id, g)
    group.blocks.forEach((block, index) => {
      if (!blockAt.has(block.id)) blockAt.set(block.id, { group, index, block })
    })
  })
  const eventById = new Map<string, CheckableBot['events'][number]>()
  for (const event of bot.events) if (!eventById.has(event.id)) eventById.set(event.id, event)
  const group = (id: string) => {
    const title = bot.groups[groupIndex.get(id) ?? -1]?.title
    return title ? `group ${quoted(title)}` : `group ${(groupIndex.get(id) ?? 0) + 1}`
  }
  const block = (id: string) => {
    const at = blockAt.get(id)
    return at ? `block ${at.index + 1} (${cut(at.block.type)}) of ${group(at.group.id)}` : `block ${quoted(id)}`
  }
  const event = (id: string) => {
    const found = eventById.get(id)
    if (!found) return `event ${quoted(id)}`
    const command = found.type === 'command' ? (found.options as { command?: unknown } | undefined)?.command : undefined
    return typeof command === 'string' && command ? `the command event ${quoted(command)}` : `the ${cut(found.type)} event`
  }
  const labelOf = (holder: Record<string, unknown>, fallback: string) => {
    for (const key of ['content', 'title', 'text', 'path']) {
      const label = holder[key]
      if (typeof label === 'string' && label) return quoted(label)
    }
    return fallback
  }
  /** The holder an edge leaves from, or the holder itself when found. */
  const holder = (at: HolderAt) => {
    if (at.eventId !== undefined) return event(at.eventId)
    const item = at.pathId !== undefined ? labelOf(at.holder, `a path`) : labelOf(at.holder, `item ${quoted(at.itemId ?? '')}`)
    if (at.pathId !== undefined) return `the button ${item} of a card in ${block(at.blockId!)}`
    if (at.itemId !== undefined) return `the item ${item} of ${block(at.blockId!)}`
    return block(at.blockId!)
  }
  const source = (from: EdgeSource) => {
    if (isEventSource(from)) return event(from.eventId)
    const item = from.pathId ?? from.itemId
    return item === undefined ? block(from.blockId) : `${block(from.blockId)} (item ${quoted(item)})`
  }
  return { group, block, event, holder, source, blockAt }
}

const placeOf = (at: HolderAt): Place => {
  const { holder: _holder, ...place } = at
  return place
}
/** Ids longer than this are left out of a check's place: a hostile bot's megabyte id, named by each of 500 checks,
 *  would otherwise make the answer hundreds of times the bot's size. Real ids are far shorter. */
const PLACE_ID_MAX = 200
const placed = (place: Place | undefined): Place =>
  Object.fromEntries(Object.entries(place ?? {}).filter(([, id]) => typeof id === 'string' && id.length <= PLACE_ID_MAX))
const moreChecks = (count: number): BotCheck => ({ code: 'moreChecks', severity: 'warning', message: `…and ${count} more.` })
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Every check on the bot's own graph and variables (links to other bots: `checkLinkedBots`). */
export const checkBot = (bot: CheckableBot): BotCheck[] => {
  const checks: BotCheck[] = []
  let more = 0
  const add: Add = (code, severity, message, place) => {
    if (checks.length < MAX_BOT_CHECKS) checks.push({ code, severity, message, ...placed(place) })
    else more++
  }
  const name = namer(bot)
  const holders = edgeHolders(bot)
  const implied = impliedOutgoingEdges(bot, holders)
  const impliedFollowed = followedImpliedEdges(bot, implied, holders)
  const edgeById = new Map(bot.edges.map((edge) => [edge.id, edge]))
  const groupById = new Map(bot.groups.map((group) => [group.id, group]))

  checkDuplicates(bot, add, name)

  const leaving = edgesLeaving(bot.edges)
  const targetProblem = (edge: Edge) => {
    const group = groupById.get(edge.to.groupId)
    if (!group) return `leads to a group that does not exist (${quoted(edge.to.groupId)})`
    if (edge.to.blockId !== undefined && name.blockAt.get(edge.to.blockId)?.group !== group)
      return `leads to a block that is not in ${name.group(group.id)} (${quoted(edge.to.blockId)})`
    return undefined
  }

  for (const edge of bot.edges) {
    const key = sourceKey(edge.from)
    const at = holders.get(key)
    const problem = targetProblem(edge)
    const edgePlace = { edgeId: edge.id, ...(at ? placeOf(at) : {}) }
    if (!at) {
      const what = problem ? `, and ${problem}` : ''
      add('danglingEdge', problem ? 'error' : 'warning', `An edge comes from ${name.source(edge.from)}, which does not exist${what}.`, edgePlace)
      continue
    }
    if (problem) add('danglingEdge', 'error', `${capitalized(name.holder(at))} ${problem}.`, edgePlace)
    const named = at.holder.outgoingEdgeId
    if (named === edge.id) continue
    if (!named && implied.get(key) === edge.id)
      add(
        'edgeWithoutOutgoingId',
        'warning',
        impliedFollowed.has(key)
          ? `${capitalized(name.holder(at))} does not name its edge (outgoingEdgeId): it is followed as the only edge leaving it.`
          : `${capitalized(name.holder(at))} does not name its edge (outgoingEdgeId): it is not followed, the bot goes on as if it were not drawn.`,
        edgePlace,
      )
    else if (!named)
      add(
        'edgeWithoutOutgoingId',
        'error',
        `${capitalized(name.holder(at))} has ${leaving.get(key)?.length} edges and names none of them (outgoingEdgeId): they are ignored.`,
        edgePlace,
      )
    else add('edgeWithoutOutgoingId', 'warning', `An edge from ${name.holder(at)} is ignored: it leads on through another edge.`, edgePlace)
  }

  for (const at of holders.values()) {
    const named = at.holder.outgoingEdgeId
    if (named && !edgeById.has(named))
      add(
        'outgoingIdWithoutEdge',
        'warning',
        `${capitalized(name.holder(at))} names an edge that does not exist (${quoted(named)}): the path ends there.`,
        {
          ...placeOf(at),
          edgeId: named,
        },
      )
  }

  const followed = followedEdges(bot, holders, impliedFollowed)
  /** The group the engine goes to from a source, when it exists. */
  const leadsTo = (key: string): string | undefined => {
    const groupId = followed.get(key)?.to.groupId
    return groupId !== undefined && groupById.has(groupId) ? groupId : undefined
  }

  const start = bot.events.find((event) => event.type === 'start')
  if (!start) add('startNotConnected', 'error', 'The bot has no start event: it cannot start.', {})
  else if (!leadsTo(`e:${start.id}`))
    add('startNotConnected', 'error', 'The start event is not connected to any group: the bot says nothing.', { eventId: start.id })

  const roots = bot.events.flatMap((event) => leadsTo(`e:${event.id}`) ?? [])
  if (roots.length > 0) checkReachable(bot, roots, followed, add, name)

  checkVariables(bot, add, name)
  if (more > 0) checks.push(moreChecks(more))
  return checks
}

type Add = (code: BotCheck['code'], severity: BotCheck['severity'], message: string, place: Place) => void
type Names = ReturnType<typeof namer>

// Group, block, edge and event ids must be unique, or edges and the engine pick one of them; duplicate items and
// variables are rarer in effect (real exports hold cards whose items share an id) and only warned about.
const checkDuplicates = (bot: CheckableBot, add: Add, name: Names) => {
  for (const found of duplicateIds(bot)) {
    const id = quoted(found.id)
    if (found.of === 'group') {
      const group = bot.groups[found.group]
      add('duplicateId', 'error', `Group ${found.group + 1} (${quoted(group.title)}) has the id ${id} of another group.`, { groupId: group.id })
    } else if (found.of === 'block') {
      const block = bot.groups[found.group].blocks[found.block]
      add(
        'duplicateId',
        'error',
        `Block ${found.block + 1} (${cut(block.type)}) of ${name.group(found.groupId)} has the id ${id} of another block.`,
        {
          groupId: found.groupId,
          blockId: block.id,
        },
      )
    } else if (found.of === 'item')
      add('duplicateId', 'warning', `Two items of ${name.block(found.blockId)} share the id ${id}.`, {
        groupId: found.groupId,
        blockId: found.blockId,
        itemId: found.id,
      })
    else if (found.of === 'edge') add('duplicateId', 'error', `Two edges share the id ${id}.`, { edgeId: found.id })
    else add('duplicateId', 'error', `Two events share the id ${id}.`, { eventId: found.id })
  }
  const variableIds = new Set<string>()
  for (const variable of bot.variables)
    if (!variableIds.has(variable.id)) variableIds.add(variable.id)
    else
      add('duplicateId', 'warning', `Two variables share the id ${quoted(variable.id)} (${quoted(variable.name)}).`, {
        variableId: variable.id,
      })
}

const optionsOf = (block: GraphBlock) =>
  typeof block.options === 'object' && block.options !== null ? (block.options as Record<string, unknown>) : {}

// Groups reached from the events by the edges the engine follows, by jumps and by links into this bot. A jump to a
// `{{variable}}` may reach any group, so then nothing is reported.
const checkReachable = (bot: CheckableBot, roots: string[], followed: ReadonlyMap<string, Edge>, add: Add, name: Names) => {
  const jumpOf = (block: GraphBlock): Jump => {
    const options = optionsOf(block)
    const jumpsInto =
      block.type === LogicBlockType.JUMP ||
      (block.type === LogicBlockType.TYPEBOT_LINK && (options.typebotId === 'current' || (bot.id && options.typebotId === bot.id)))
    if (!jumpsInto || typeof options.groupId !== 'string') return undefined
    return options.groupId.includes('{{') ? 'anywhere' : { groupId: options.groupId }
  }
  const reached = reachableGroups(bot, roots, followed, jumpOf)
  if (!reached) return
  for (const group of bot.groups)
    if (!reached.has(group.id))
      add('unreachableGroup', 'warning', `${capitalized(name.group(group.id))} cannot be reached from the start or any event.`, { groupId: group.id })
}

// Variable ids sit under keys named `variableId`, `…VariableId` (e.g. `saveUrlInVariableId`) or `variableIds`, at
// any depth of a block (options, items' conditions, mappings) or of an event's options.
const isVariableKey = (key: string) => key === 'variableId' || key.endsWith('VariableId')

/** Deepest nesting walked: real options are a few levels deep; a deeper draft is not looked into further. */
const VARIABLE_DEPTH_MAX = 64

// An explicit stack rather than recursion: a draft from a client may nest arrays deeply enough to overflow the call stack.
const variableIdsIn = (value: unknown): Set<string> => {
  const found = new Set<string>()
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== 'object' || node === null || depth > VARIABLE_DEPTH_MAX) continue
    if (Array.isArray(node)) {
      for (const entry of node) stack.push([entry, depth + 1])
      continue
    }
    for (const [key, entry] of Object.entries(node)) {
      if (isVariableKey(key) && typeof entry === 'string') {
        if (entry) found.add(entry)
      } else if (key === 'variableIds' && Array.isArray(entry)) {
        for (const id of entry) if (typeof id === 'string' && id) found.add(id)
      } else stack.push([entry, depth + 1])
    }
  }
  return found
}

const checkVariables = (bot: CheckableBot, add: Add, name: Names) => {
  const known = new Set(bot.variables.map((variable) => variable.id))
  // The name is built only for a finding: most blocks have none.
  const report = (ids: Set<string>, where: () => string, place: Place) => {
    for (const id of ids)
      if (!known.has(id))
        add('unknownVariable', 'warning', `${capitalized(where())} uses a variable that does not exist (${quoted(id)}).`, {
          ...place,
          variableId: id,
        })
  }
  for (const group of bot.groups)
    for (const block of group.blocks) {
      const { id: _id, type: _type, outgoingEdgeId: _edge, ...rest } = block
      report(variableIdsIn(rest), () => name.block(block.id), { groupId: group.id, blockId: block.id })
    }
  for (const event of bot.events) report(variableIdsIn(event.options), () => name.event(event.id), { eventId: event.id })
}

/** Typebot links to bots that are not among `knownBotIds` (the workspace's bots); `current` is the bot itself. */
export const checkLinkedBots = (bot: CheckableBot, knownBotIds: ReadonlySet<string>): BotCheck[] => {
  const name = namer(bot)
  const missing = linkedBotIds(bot).filter((link) => !knownBotIds.has(link.typebotId))
  const checks = missing.slice(0, MAX_BOT_CHECKS).map(
    (link): BotCheck => ({
      code: 'missingLinkedBot' as const,
      severity: 'error' as const,
      message: `${capitalized(name.block(link.blockId))} links to a bot that does not exist in this workspace (${quoted(link.typebotId)}).`,
      ...placed({ groupId: link.groupId, blockId: link.blockId }),
    }),
  )
  return missing.length > MAX_BOT_CHECKS ? [...checks, moreChecks(missing.length - MAX_BOT_CHECKS)] : checks
}

/** The other bots the bot's Typebot links name. */
export const linkedBotIds = (bot: CheckableBot): { groupId: string; blockId: string; typebotId: string }[] =>
  bot.groups.flatMap((group) =>
    group.blocks.flatMap((block) => {
      const typebotId = block.type === LogicBlockType.TYPEBOT_LINK ? optionsOf(block).typebotId : undefined
      return typeof typebotId === 'string' && typebotId && !typebotId.includes('{{') && typebotId !== 'current' && typebotId !== bot.id
        ? [{ groupId: group.id, blockId: block.id, typebotId }]
        : []
    }),
  )
