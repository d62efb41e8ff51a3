// Bot checks: what in a bot's graph will not behave as drawn (edges that lead nowhere or are ignored, groups no path
// reaches, variables that do not exist). Pure and browser-safe: the API answers them and the editor runs them on its
// draft. Links to other bots need the list of bots, so `checkLinkedBots` takes it from the caller.
import { z } from 'zod'
import { LogicBlockType } from './blockTypes.js'
import { type BlockSource, type Edge, type EventSource, isEventSource } from './common.js'
import { type EdgeHolder, edgeHolders, type HolderAt, impliedOutgoingEdges, sourceKey } from './references.js'

export const botCheckCodes = [
  'danglingEdge',
  'edgeWithoutOutgoingId',
  'outgoingIdWithoutEdge',
  'unreachableGroup',
  'startNotConnected',
  'unknownVariable',
  'missingLinkedBot',
  'duplicateId',
] as const

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

type CheckedBlock = EdgeHolder & { type: string; options?: unknown }
/** What the checks read of a bot (a validated bot or the editor's draft). */
export type CheckableBot = {
  id?: string | null
  groups: { id: string; title: string; blocks: CheckedBlock[] }[]
  events: (EdgeHolder & { type: string; options?: unknown })[]
  edges: Edge[]
  variables: { id: string; name: string }[]
}

type Place = Omit<BotCheck, 'code' | 'severity' | 'message'>

/** Readable names of the bot's parts: `block 2 (email input) of group "Contact"`. */
const namer = (bot: CheckableBot) => {
  const groupIndex = new Map<string, number>()
  const blockAt = new Map<string, { group: CheckableBot['groups'][number]; index: number; block: CheckedBlock }>()
  bot.groups.forEach((group, g) => {
    if (!groupIndex.has(group.id)) groupIndex.set(group.id, g)
    group.blocks.forEach((block, index) => {
      if (!blockAt.has(block.id)) blockAt.set(block.id, { group, index, block })
    })
  })
  const group = (id: string) => {
    const title = bot.groups[groupIndex.get(id) ?? -1]?.title
    return title ? `group "${title}"` : `group ${(groupIndex.get(id) ?? 0) + 1}`
  }
  const block = (id: string) => {
    const at = blockAt.get(id)
    return at ? `block ${at.index + 1} (${at.block.type}) of ${group(at.group.id)}` : `block "${id}"`
  }
  const event = (id: string) => {
    const found = bot.events.find((e) => e.id === id)
    if (!found) return `event "${id}"`
    const command = found.type === 'command' ? (found.options as { command?: unknown } | undefined)?.command : undefined
    return typeof command === 'string' && command ? `the command event "${command}"` : `the ${found.type} event`
  }
  const labelOf = (holder: Record<string, unknown>, fallback: string) => {
    for (const key of ['content', 'title', 'text', 'path']) if (typeof holder[key] === 'string' && holder[key]) return `"${holder[key]}"`
    return fallback
  }
  /** The holder an edge leaves from, or the holder itself when found. */
  const holder = (at: HolderAt) => {
    if (at.eventId !== undefined) return event(at.eventId)
    const item = at.pathId !== undefined ? labelOf(at.holder, `a path`) : labelOf(at.holder, `item "${at.itemId}"`)
    if (at.pathId !== undefined) return `the button ${item} of a card in ${block(at.blockId!)}`
    if (at.itemId !== undefined) return `the item ${item} of ${block(at.blockId!)}`
    return block(at.blockId!)
  }
  const source = (from: BlockSource | EventSource) => {
    if (isEventSource(from)) return event(from.eventId)
    const item = from.pathId ?? from.itemId
    return item === undefined ? block(from.blockId) : `${block(from.blockId)} (item "${item}")`
  }
  return { group, block, event, holder, source, blockAt }
}

const placeOf = (at: HolderAt): Place => {
  const { holder: _holder, ...place } = at
  return place
}
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Every check on the bot's own graph and variables (links to other bots: `checkLinkedBots`). */
export const checkBot = (bot: CheckableBot): BotCheck[] => {
  const checks: BotCheck[] = []
  const add = (code: BotCheck['code'], severity: BotCheck['severity'], message: string, place: Place) =>
    checks.push({ code, severity, message, ...place })
  const name = namer(bot)
  const holders = edgeHolders(bot)
  const implied = impliedOutgoingEdges(bot, holders)
  const edgeById = new Map(bot.edges.map((edge) => [edge.id, edge]))
  const groupById = new Map(bot.groups.map((group) => [group.id, group]))

  checkDuplicates(bot, add, name)

  const leaving = new Map<string, number>()
  for (const edge of bot.edges) leaving.set(sourceKey(edge.from), (leaving.get(sourceKey(edge.from)) ?? 0) + 1)
  const targetProblem = (edge: Edge) => {
    const group = groupById.get(edge.to.groupId)
    if (!group) return `leads to a group that does not exist ("${edge.to.groupId}")`
    if (edge.to.blockId !== undefined && !group.blocks.some((block) => block.id === edge.to.blockId))
      return `leads to a block that is not in ${name.group(group.id)} ("${edge.to.blockId}")`
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
        `${capitalized(name.holder(at))} does not name its edge (outgoingEdgeId): it is followed as the only edge leaving it.`,
        edgePlace,
      )
    else if (!named)
      add(
        'edgeWithoutOutgoingId',
        'error',
        `${capitalized(name.holder(at))} has ${leaving.get(key)} edges and names none of them (outgoingEdgeId): they are ignored.`,
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
        `${capitalized(name.holder(at))} names an edge that does not exist ("${named}"): the path ends there.`,
        {
          ...placeOf(at),
          edgeId: named,
        },
      )
  }

  /** The edge the engine follows from a holder, when it leads to a group that exists. */
  const followed = (key: string): Edge | undefined => {
    const edgeId = holders.get(key)?.holder.outgoingEdgeId || implied.get(key)
    const edge = edgeId ? edgeById.get(edgeId) : undefined
    return edge && groupById.has(edge.to.groupId) ? edge : undefined
  }

  const start = bot.events.find((event) => event.type === 'start')
  if (!start) add('startNotConnected', 'error', 'The bot has no start event: it cannot start.', {})
  else if (!followed(`e:${start.id}`))
    add('startNotConnected', 'error', 'The start event is not connected to any group: the bot says nothing.', { eventId: start.id })

  const roots = bot.events.flatMap((event) => followed(`e:${event.id}`)?.to.groupId ?? [])
  if (roots.length > 0) checkReachable(bot, roots, followed, add, name)

  checkVariables(bot, add, name)
  return checks
}

type Add = (code: BotCheck['code'], severity: BotCheck['severity'], message: string, place: Place) => void
type Names = ReturnType<typeof namer>

// Group, block, edge and event ids must be unique, or edges and the engine pick one of them; duplicate items and
// variables are rarer in effect (real exports hold cards whose items share an id) and only warned about.
const checkDuplicates = (bot: CheckableBot, add: Add, name: Names) => {
  const seen = new Set<string>()
  const once = (kind: string, id: string, severity: BotCheck['severity'], message: string, place: Place) => {
    if (!seen.has(`${kind}:${id}`)) seen.add(`${kind}:${id}`)
    else add('duplicateId', severity, message, place)
  }
  bot.groups.forEach((group, g) => {
    once('group', group.id, 'error', `Group ${g + 1} ("${group.title}") has the id "${group.id}" of another group.`, { groupId: group.id })
    group.blocks.forEach((block, b) => {
      once('block', block.id, 'error', `Block ${b + 1} (${block.type}) of ${name.group(group.id)} has the id "${block.id}" of another block.`, {
        groupId: group.id,
        blockId: block.id,
      })
      const items = 'items' in block && Array.isArray(block.items) ? block.items : []
      for (const item of items)
        if (typeof item?.id === 'string')
          once(`item:${block.id}`, item.id, 'warning', `Two items of ${name.block(block.id)} share the id "${item.id}".`, {
            groupId: group.id,
            blockId: block.id,
            itemId: item.id,
          })
    })
  })
  for (const edge of bot.edges) once('edge', edge.id, 'error', `Two edges share the id "${edge.id}".`, { edgeId: edge.id })
  for (const event of bot.events) once('event', event.id, 'error', `Two events share the id "${event.id}".`, { eventId: event.id })
  for (const variable of bot.variables)
    once('variable', variable.id, 'warning', `Two variables share the id "${variable.id}" ("${variable.name}").`, { variableId: variable.id })
}

const optionsOf = (block: CheckedBlock) =>
  typeof block.options === 'object' && block.options !== null ? (block.options as Record<string, unknown>) : {}

// Groups reached from the events by the edges the engine follows, by jumps and by links into this bot. A jump to a
// `{{variable}}` may reach any group, so then nothing is reported.
const checkReachable = (bot: CheckableBot, roots: string[], followed: (key: string) => Edge | undefined, add: Add, name: Names) => {
  const groupById = new Map(bot.groups.map((group) => [group.id, group]))
  const reached = new Set<string>()
  const queue = [...roots]
  const visit = (groupId: unknown) => {
    if (typeof groupId === 'string' && groupById.has(groupId) && !reached.has(groupId)) queue.push(groupId)
  }
  while (queue.length > 0) {
    const groupId = queue.pop()!
    if (reached.has(groupId)) continue
    reached.add(groupId)
    for (const block of groupById.get(groupId)!.blocks) {
      visit(followed(`b:${block.id}`)?.to.groupId)
      const items = 'items' in block && Array.isArray(block.items) ? block.items : []
      for (const item of items) {
        if (typeof item?.id === 'string') visit(followed(`i:${block.id}:${item.id}`)?.to.groupId)
        for (const path of Array.isArray(item?.paths) ? item.paths : []) visit(followed(`p:${block.id}:${path?.id}`)?.to.groupId)
      }
      const options = optionsOf(block)
      const jumpsInto =
        block.type === LogicBlockType.JUMP ||
        (block.type === LogicBlockType.TYPEBOT_LINK && (options.typebotId === 'current' || (bot.id && options.typebotId === bot.id)))
      if (!jumpsInto) continue
      if (typeof options.groupId === 'string' && options.groupId.includes('{{')) return
      visit(options.groupId)
    }
  }
  for (const group of bot.groups)
    if (!reached.has(group.id))
      add('unreachableGroup', 'warning', `${capitalized(name.group(group.id))} cannot be reached from the start or any event.`, { groupId: group.id })
}

// Variable ids sit under keys named `variableId`, `…VariableId` (e.g. `saveUrlInVariableId`) or `variableIds`, at
// any depth of a block (options, items' conditions, mappings) or of an event's options.
const isVariableKey = (key: string) => key === 'variableId' || key.endsWith('VariableId')

const variableIdsIn = (value: unknown, found: Set<string>): Set<string> => {
  if (Array.isArray(value)) for (const entry of value) variableIdsIn(entry, found)
  else if (typeof value === 'object' && value !== null)
    for (const [key, entry] of Object.entries(value)) {
      if (isVariableKey(key) && typeof entry === 'string') {
        if (entry) found.add(entry)
      } else if (key === 'variableIds' && Array.isArray(entry)) {
        for (const id of entry) if (typeof id === 'string' && id) found.add(id)
      } else variableIdsIn(entry, found)
    }
  return found
}

const checkVariables = (bot: CheckableBot, add: Add, name: Names) => {
  const known = new Set(bot.variables.map((variable) => variable.id))
  const report = (ids: Set<string>, where: string, place: Place) => {
    for (const id of ids)
      if (!known.has(id))
        add('unknownVariable', 'warning', `${capitalized(where)} uses a variable that does not exist ("${id}").`, { ...place, variableId: id })
  }
  for (const group of bot.groups)
    for (const block of group.blocks) {
      const { id: _id, type: _type, outgoingEdgeId: _edge, ...rest } = block
      report(variableIdsIn(rest, new Set()), name.block(block.id), { groupId: group.id, blockId: block.id })
    }
  for (const event of bot.events) report(variableIdsIn(event.options, new Set()), name.event(event.id), { eventId: event.id })
}

/** Typebot links to bots that are not among `knownBotIds` (the workspace's bots); `current` is the bot itself. */
export const checkLinkedBots = (bot: CheckableBot, knownBotIds: ReadonlySet<string>): BotCheck[] => {
  const name = namer(bot)
  return linkedBotIds(bot)
    .filter((link) => !knownBotIds.has(link.typebotId))
    .map((link) => ({
      code: 'missingLinkedBot' as const,
      severity: 'error' as const,
      message: `${capitalized(name.block(link.blockId))} links to a bot that does not exist in this workspace ("${link.typebotId}").`,
      groupId: link.groupId,
      blockId: link.blockId,
    }))
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
