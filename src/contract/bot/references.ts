// Cheap referential checks on a validated bot. Real Typebot exports often hold dangling edges (left behind when a
// block was deleted in the editor), so those are only reported; duplicate group/block ids make the graph
// ambiguous and are rejected by `prepareBot`.
import type { Issue as BotIssue } from '../errors.js'
import { type Edge, type Event, isEventSource } from './common.js'

/** What the checks read of a bot: its graph (so they do not depend on the bot schema that uses them). */
type BotGraph = {
  groups: { id: string; blocks: { id: string; items?: unknown }[] }[]
  edges: Edge[]
  events: Event[]
}

export type { BotIssue }

/** Group ids that are used twice, and block ids used twice anywhere in the bot. */
export const findDuplicateIds = (bot: Pick<BotGraph, 'groups'>): BotIssue[] => {
  const issues: BotIssue[] = []
  const groupIds = new Set<string>()
  const blockIds = new Set<string>()
  bot.groups.forEach((group, g) => {
    if (groupIds.has(group.id)) issues.push({ path: `groups.${g}.id`, message: `Duplicate group id "${group.id}"` })
    groupIds.add(group.id)
    group.blocks.forEach((block, b) => {
      if (blockIds.has(block.id)) issues.push({ path: `groups.${g}.blocks.${b}.id`, message: `Duplicate block id "${block.id}"` })
      blockIds.add(block.id)
    })
  })
  return issues
}

/** Duplicate ids plus edges whose source or target does not exist. */
export const checkBotReferences = (bot: BotGraph): BotIssue[] => {
  const groupOfBlock = new Map<string, string>()
  const itemIdsOfBlock = new Map<string, Set<string>>()
  for (const group of bot.groups)
    for (const block of group.blocks) {
      groupOfBlock.set(block.id, group.id)
      const items = 'items' in block && Array.isArray(block.items) ? block.items : []
      itemIdsOfBlock.set(block.id, new Set(items.map((item: { id: string }) => item.id)))
    }
  const groupIds = new Set(bot.groups.map((group) => group.id))
  const eventIds = new Set(bot.events.map((event) => event.id))

  const issues = findDuplicateIds(bot)
  bot.edges.forEach((edge, e) => {
    const at = (field: string, message: string) => issues.push({ path: `edges.${e}.${field}`, message })
    if (isEventSource(edge.from)) {
      if (!eventIds.has(edge.from.eventId)) at('from.eventId', `Unknown event "${edge.from.eventId}"`)
    } else if (!groupOfBlock.has(edge.from.blockId)) at('from.blockId', `Unknown block "${edge.from.blockId}"`)
    else if (edge.from.itemId !== undefined && !itemIdsOfBlock.get(edge.from.blockId)?.has(edge.from.itemId))
      at('from.itemId', `Unknown item "${edge.from.itemId}" in block "${edge.from.blockId}"`)
    if (!groupIds.has(edge.to.groupId)) at('to.groupId', `Unknown group "${edge.to.groupId}"`)
    else if (edge.to.blockId !== undefined && groupOfBlock.get(edge.to.blockId) !== edge.to.groupId)
      at('to.blockId', `Block "${edge.to.blockId}" is not in group "${edge.to.groupId}"`)
  })
  return issues
}
