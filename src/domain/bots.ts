// Rules for bot documents: defaults of new bots, what import and update may change, public ids.
import { randomBytes } from 'node:crypto'
import { newId } from '../lib/ids.js'
import { prepareBot } from '../blocks/schemas.js'
import { resultsTablePreferencesSchema } from '../contract/bot/bot.js'
import { LogicBlockType } from '../contract/bot/blockTypes.js'
import { rightOf } from '../contract/bot/layout.js'
import { BOT_FIELDS_NOT_IMPORTED, BOT_SERVICE_FIELDS, type BotDocument } from '../contract/bot/record.js'
import type { Issue } from '../contract/errors.js'

const withoutServiceFields = (bot: Record<string, unknown>): Record<string, unknown> => {
  const doc = { ...bot }
  for (const key of BOT_SERVICE_FIELDS) delete doc[key]
  return doc
}

export type { Issue }

export type DocResult = { ok: true; doc: BotDocument } | { ok: false; issues: Issue[]; tooLarge?: true }

/**
 * The largest bot Parley takes (drafts, imports, previews): far beyond any real one (Typebot's templates have at
 * most a few dozen groups), small enough that compiling, storing and running it stays cheap. Checked before the
 * bot is validated, so an oversized bot costs one count.
 */
export const BOT_LIMITS = { bytes: 5_000_000, groups: 2_000, blocks: 20_000, edges: 30_000, events: 2_000, variables: 5_000 } as const

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0)

const oversize = (bot: Record<string, unknown>, prefix: string): Issue[] => {
  const groups = Array.isArray(bot.groups) ? bot.groups : []
  const blocks = groups.reduce((sum: number, group) => sum + count((group as { blocks?: unknown })?.blocks), 0)
  const counts = { groups: groups.length, blocks, edges: count(bot.edges), events: count(bot.events), variables: count(bot.variables) }
  const issues = (Object.keys(counts) as (keyof typeof counts)[])
    .filter((key) => counts[key] > BOT_LIMITS[key])
    .map((key) => ({ path: [prefix, key].filter(Boolean).join('.'), message: `At most ${BOT_LIMITS[key]} ${key} (this bot has ${counts[key]}).` }))
  if (issues.length === 0 && JSON.stringify(bot).length > BOT_LIMITS.bytes) {
    issues.push({ path: prefix, message: `A bot takes at most ${BOT_LIMITS.bytes} characters of JSON.` })
  }
  return issues
}

const validate = (bot: Record<string, unknown>, prefix: string): DocResult => {
  const tooLarge = oversize(bot, prefix)
  if (tooLarge.length) return { ok: false, issues: tooLarge, tooLarge: true }
  const res = prepareBot(bot)
  if (!res.ok) return { ok: false, issues: res.issues.map((i) => ({ path: [prefix, i.path].filter(Boolean).join('.'), message: i.message })) }
  return { ok: true, doc: withoutServiceFields(res.bot) as BotDocument }
}

/** A new bot from the create body: defaults for what is missing, then validated as a v6 bot. */
export const newBotDoc = (input: Record<string, unknown>): DocResult => {
  const bot: Record<string, unknown> = {
    name: 'My bot',
    groups: [],
    events: [{ id: newId(), type: 'start', graphCoordinates: { x: 0, y: 0 } }],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
    ...input,
    version: '6',
  }
  return validate(isEmptyGraph(bot.groups) ? withWelcomeGroup(bot) : bot, 'bot')
}

const isEmptyGraph = (groups: unknown) => groups === undefined || (Array.isArray(groups) && groups.length === 0)

export const WELCOME_MESSAGE = 'Hello! 👋 Welcome. How can I help you today?'

/**
 * A bot without groups would say nothing: it gets a "Welcome" group with one text bubble, right of the start event,
 * and the start event is connected to it unless its edge exists. A bot without a start event gets one.
 */
const withWelcomeGroup = (bot: Record<string, unknown>): Record<string, unknown> => {
  const given = Array.isArray(bot.events) ? bot.events : []
  const found = given.find((event) => event?.type === 'start')
  const start = found && typeof found === 'object' ? found : { id: newId(), type: 'start', graphCoordinates: { x: 0, y: 0 } }
  const events = found ? given : [start, ...given]
  const edges = Array.isArray(bot.edges) ? bot.edges : []
  const group = {
    id: newId(),
    title: 'Welcome',
    graphCoordinates: rightOf(start.graphCoordinates),
    blocks: [{ id: newId(), type: 'text', content: { richText: [{ type: 'p', children: [{ text: WELCOME_MESSAGE }] }] } }],
  }
  if (start.outgoingEdgeId && edges.some((edge) => edge?.id === start.outgoingEdgeId)) return { ...bot, events, groups: [group] }
  const edge = { id: newId(), from: { eventId: start.id }, to: { groupId: group.id } }
  return {
    ...bot,
    groups: [group],
    events: events.map((event) => (event === start ? { ...start, outgoingEdgeId: edge.id } : event)),
    edges: [...edges, edge],
  }
}

/**
 * Fields of an export that import replaces or resets whatever they hold, so their values are never checked (Typebot
 * drops the same before validating): those the record does not import (ids, workspace, flags, the folder chosen by
 * the importer, timestamps; custom domain, risk level, WhatsApp credentials) and Typebot's space (Parley has none).
 */
const REPLACED_ON_IMPORT = [...BOT_FIELDS_NOT_IMPORTED, 'spaceId']

/** The export without what import replaces; preferences Typebot keeps are kept when well-formed, dropped otherwise. */
const withoutReplacedFields = (input: Record<string, unknown>): Record<string, unknown> => {
  const bot = { ...input }
  for (const key of REPLACED_ON_IMPORT) delete bot[key]
  if (!resultsTablePreferencesSchema.safeParse(bot.resultsTablePreferences).success) delete bot.resultsTablePreferences
  if (bot.selectedThemeTemplateId !== null && typeof bot.selectedThemeTemplateId !== 'string') delete bot.selectedThemeTemplateId
  if (bot.name === null) delete bot.name
  return bot
}

/** An imported Typebot export of any supported schema version, migrated to v6. */
export const importedBotDoc = (input: Record<string, unknown>): DocResult => {
  const res = validate(withoutReplacedFields(input), 'bot')
  if (res.ok && typeof res.doc.name !== 'string') res.doc.name = 'Imported bot'
  return res
}

/** The document after a PATCH: given fields replace stored ones; the result must still be a valid v6 bot. */
export const patchedBotDoc = (current: BotDocument, patch: Record<string, unknown>): DocResult => {
  if (patch.version !== undefined && patch.version !== '6' && patch.version !== '6.1') {
    return { ok: false, issues: [{ path: 'bot.version', message: 'Updates take v6 bots ("6" or "6.1"); import older bots instead.' }] }
  }
  const { updatedAt: _u, ...fields } = patch
  return validate({ ...current, ...withoutServiceFields(fields) }, 'bot')
}

/** The name in lower-case ASCII words joined by "-" (empty when nothing is left), for ids and file names. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 40)
    .replace(/^-|-$/g, '')

/** A readable, unique-enough public id: the name's slug plus random characters. */
export const generatePublicId = (name: string): string => {
  const slug = slugOf(name)
  const suffix = randomBytes(6).toString('hex').slice(0, 8)
  return slug ? `${slug}-${suffix}` : `bot-${suffix}`
}

/**
 * Points the Typebot links of bots imported together at each other's new ids: every link whose `typebotId` is the
 * original id of one of them (`ids`: original → new) is rewritten; links to other bots, and `current`, stay.
 */
export const relink = (doc: BotDocument, ids: ReadonlyMap<string, string>): BotDocument => {
  for (const group of doc.groups)
    for (const block of group.blocks) {
      const options = block.options
      if (block.type !== LogicBlockType.TYPEBOT_LINK || !options || typeof options.typebotId !== 'string') continue
      const target = ids.get(options.typebotId)
      if (target) options.typebotId = target
    }
  return doc
}
