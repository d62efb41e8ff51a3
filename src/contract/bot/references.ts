// Cheap referential checks on a validated bot. Real Typebot exports often hold dangling edges (left behind when a
// block was deleted in the editor), so those are only reported; duplicate group/block ids make the graph
// ambiguous and are rejected by `prepareBot`.
import type { Issue as BotIssue } from '../errors.js'
import { type Edge, type Event, isEventSource } from './common.js'
import { duplicateIds, type GraphGroup, itemsOf } from './graph.js'

export type { BotIssue }

/** Group ids that are used twice, and block ids used twice anywhere in the bot. */
export const findDuplicateIds = (bot: { groups: GraphGroup[] }): BotIssue[] =>
  duplicateIds({ groups: bot.groups }).flatMap((found): BotIssue[] => {
    if (found.of === 'group') return [{ path: `groups.${found.group}.id`, message: `Duplicate group id "${found.id}"` }]
    if (found.of === 'block') return [{ path: `groups.${found.group}.blocks.${found.block}.id`, message: `Duplicate block id "${found.id}"` }]
    return []
  })

/** Duplicate ids plus edges whose source or target does not exist. */
export const checkBotReferences = (bot: { groups: GraphGroup[]; edges: Edge[]; events: Event[] }): BotIssue[] => {
  const groupOfBlock = new Map<string, string>()
  const itemIdsOfBlock = new Map<string, Set<string>>()
  for (const group of bot.groups)
    for (const block of group.blocks) {
      groupOfBlock.set(block.id, group.id)
      itemIdsOfBlock.set(block.id, new Set(itemsOf(block).map((item) => item.id)))
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
