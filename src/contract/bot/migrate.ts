// Brings any Typebot export (schema versions none/"3", "4", "5") to the v6 shape; v6 bots are left untouched.
// Works on plain JSON before validation, so every access is guarded: malformed parts are left for the v6 schema
// to report.
import { newId } from '../ids.js'
import { ComparisonOperators, edgeSchema } from './common.js'
import { GoogleSheetsAction, InputBlockType, IntegrationBlockType, LogicBlockType } from './blockTypes.js'

type Json = Record<string, any>

/** The v5 migration cannot run (e.g. a legacy bot without a start block). */
export class BotMigrationError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message)
    this.name = 'BotMigrationError'
  }
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const blocksOf = (group: unknown): Json[] => (isRecord(group) && Array.isArray(group.blocks) ? group.blocks.filter(isRecord) : [])

export const isV6Version = (version: unknown): version is '6' | '6.1' => version === '6' || version === '6.1'

/** The schema version a raw bot declares; a missing or null version means "3". */
export const detectBotVersion = (raw: unknown): string => {
  const version = isRecord(raw) ? raw.version : undefined
  return version === undefined || version === null ? '3' : String(version)
}

const httpRequestLikeTypes = new Set<unknown>([
  IntegrationBlockType.HTTP_REQUEST,
  IntegrationBlockType.ZAPIER,
  IntegrationBlockType.MAKE_COM,
  IntegrationBlockType.PABBLY_CONNECT,
])

/**
 * Returns the v6 form of a raw bot. Never mutates `raw`: older bots are cloned first, and v6 bots (or values that
 * are not objects) are returned as they are. Throws `BotMigrationError` when a legacy bot has no start block.
 */
export const migrateBotToV6 = (raw: unknown): unknown => {
  if (!isRecord(raw) || isV6Version(raw.version)) return raw
  let bot = structuredClone(raw)
  if (!(Number(bot.version) >= 5)) bot = preprocessLegacyBot(bot)
  if (bot.version === '3') bot = migrateFromV3ToV4(bot)
  if (bot.version === '4' || bot.version === '5') bot = migrateFromV5ToV6(bot)
  return bot
}

// Legacy exports may lack a version, groups without blocks, or carry half-written edges (dropped, as Typebot does).
const preprocessLegacyBot = (bot: Json): Json => ({
  ...bot,
  version: bot.version ?? '3',
  groups: Array.isArray(bot.groups)
    ? bot.groups.map((group: unknown) => (isRecord(group) ? { ...group, blocks: group.blocks ?? [] } : group))
    : (bot.groups ?? []),
  events: null,
  edges: Array.isArray(bot.edges) ? bot.edges.filter((edge: unknown) => edgeSchema.safeParse(edge).success) : (bot.edges ?? []),
})

// v3 HTTP-like blocks pointed to a row of a separate Webhook table through `webhookId`. We have no such table, so
// the row counts as missing, and like Typebot in that case the block gets the default request `{ method: 'POST' }`
// (its URL lived in the row and is lost). A request already inlined in `options.webhook` is kept.
const migrateFromV3ToV4 = (bot: Json): Json => {
  for (const block of (Array.isArray(bot.groups) ? bot.groups : []).flatMap(blocksOf)) {
    if (!httpRequestLikeTypes.has(block.type) || !('webhookId' in block)) continue
    const options = isRecord(block.options) ? block.options : {}
    if (!isRecord(options.webhook)) block.options = { ...options, webhook: { method: 'POST' } }
    delete block.webhookId
  }
  return { ...bot, version: '4' }
}

const migrateFromV5ToV6 = (bot: Json): Json => {
  const groups: unknown[] = Array.isArray(bot.groups) ? bot.groups : []
  const startGroup = groups.find((group) => blocksOf(group).some((block) => block.type === 'start')) as Json | undefined
  if (!startGroup) throw new BotMigrationError('Legacy bot has no start block to turn into a start event', 'groups')
  const startBlock = blocksOf(startGroup).find((block) => block.type === 'start') as Json

  const startEvent: Json = { id: startGroup.id, type: 'start', graphCoordinates: startGroup.graphCoordinates }
  if (startBlock.outgoingEdgeId !== undefined) startEvent.outgoingEdgeId = startBlock.outgoingEdgeId
  // The start edge is found by id, or by its source in case the start block lost its `outgoingEdgeId`.
  const isStartEdge = (edge: unknown) =>
    isRecord(edge) && ((startBlock.outgoingEdgeId !== undefined && edge.id === startBlock.outgoingEdgeId) || edge.from?.blockId === startBlock.id)
  const edges = (Array.isArray(bot.edges) ? bot.edges : []).map((edge: Json) =>
    isStartEdge(edge) ? { ...edge, from: { eventId: startGroup.id } } : edge,
  )
  // Groups that only held the start block disappear; start blocks are removed wherever they are. Unlike Typebot,
  // empty groups are kept: an edge may still point to them.
  const isStartOnly = (group: unknown) =>
    isRecord(group) &&
    Array.isArray(group.blocks) &&
    group.blocks.length > 0 &&
    group.blocks.every((block: unknown) => isRecord(block) && block.type === 'start')
  const keptGroups = groups
    .filter((group) => !isStartOnly(group))
    .map((group) =>
      isRecord(group) && Array.isArray(group.blocks)
        ? { ...group, blocks: group.blocks.filter((block: unknown) => !isRecord(block) || block.type !== 'start') }
        : group,
    )
  for (const block of keptGroups.flatMap(blocksOf)) migrateBlockToV6(block)
  return { ...bot, version: '6', events: [startEvent], groups: keptGroups, edges }
}

/** Block-level v5 → v6 changes, applied in place on the cloned bot. */
const migrateBlockToV6 = (block: Json): void => {
  if (Array.isArray(block.items)) for (const item of block.items) if (isRecord(item)) delete item.blockId
  const options = isRecord(block.options) ? block.options : undefined
  if (block.type === InputBlockType.FILE && options) delete options.sizeLimit
  if (httpRequestLikeTypes.has(block.type)) {
    delete block.webhookId
    if (isRecord(options?.webhook)) delete options.webhook.id
  }
  if (block.type === IntegrationBlockType.GOOGLE_SHEETS && options) migrateGoogleSheetsOptions(options)
  // v5 merged linked bots' results unless told not to; v6 only when told to. Keep the old behaviour explicit.
  // (A link block without options has no target, so there is nothing to merge.)
  if (block.type === LogicBlockType.TYPEBOT_LINK && options) options.mergeResults ??= true
}

// v5 located the row to read or update with a single `referenceCell`; v6 only knows `filter` comparisons.
const migrateGoogleSheetsOptions = (options: Json): void => {
  const { referenceCell } = options
  delete options.referenceCell
  const usesRow = options.action === GoogleSheetsAction.GET || options.action === GoogleSheetsAction.UPDATE_ROW
  if (!usesRow || options.filter || !isRecord(referenceCell)) return
  options.filter = {
    comparisons: [
      {
        id: newId(),
        ...(referenceCell.column !== undefined && { column: referenceCell.column }),
        comparisonOperator: ComparisonOperators.EQUAL,
        ...(referenceCell.value !== undefined && { value: referenceCell.value }),
      },
    ],
  }
}
