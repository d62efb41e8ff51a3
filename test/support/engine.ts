// Runs the engine directly (no server, no database): a fixed clock and seed, bots compiled in memory.
import { kinds } from '../../src/blocks/index.js'
import { compileBot, type CompiledBot } from '../../src/engine/compile.js'
import { continueChat, startChat, type StartOptions, type TurnOutcome } from '../../src/engine/index.js'
import type { EngineDeps } from '../../src/engine/deps.js'
import type { Runtime, UserReply } from '../../src/engine/types.js'
import { prepareBot } from '../../src/blocks/schemas.js'
import { memoryFiles } from './files.js'

/** Unsandboxed evaluation: tests only. */
const evaluate: Runtime['evaluate'] = async (code, globals) => {
  try {
    return { ok: true, value: new Function(...Object.keys(globals), code)(...Object.values(globals)) }
  } catch (err) {
    return { ok: false, error: String(err) }
  }
}

/** Regexes tested in this thread (tests only): the same literal parsing as the server's tester. */
const testRegex: Runtime['testRegex'] = async (source, subject) => {
  try {
    const literal = source.match(/\/(.+)\/([gimuy]*)$/)
    return { verdict: (literal ? new RegExp(literal[1], literal[2]) : new RegExp(source)).test(subject), timedOut: false, elapsedMs: 0 }
  } catch {
    return { verdict: null, timedOut: false, elapsedMs: 0 }
  }
}

export const testRuntime = (overrides: Partial<Runtime> = {}): Runtime => {
  let ids = 0
  return {
    now: () => new Date('2025-06-04T10:00:00.000Z'),
    random: () => 0.25,
    newId: () => `id${++ids}`,
    evaluate,
    testRegex,
    runScript: async (body, globals) => {
      const setVariables: { name: string; value: unknown }[] = []
      try {
        const fn = new Function('setVariable', ...Object.keys(globals), body)
        const value = fn((name: string, value: unknown) => setVariables.push({ name, value }), ...Object.values(globals))
        return { ok: true, value, setVariables }
      } catch (err) {
        return { ok: false, error: String(err), setVariables }
      }
    },
    httpRequest: async () => ({ ok: false, reason: 'network', message: 'no network in engine tests' }),
    sendEmail: async () => ({ ok: false, error: 'no email in engine tests' }),
    ...overrides,
  }
}

/** A bot from a v6-ish literal (or any Typebot export), compiled as a snapshot. */
export const compile = (raw: unknown, botId = 'bot1'): CompiledBot => {
  const prepared = prepareBot(raw)
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues))
  const bot = prepared.bot as any
  return compileBot(
    {
      botId,
      snapshotId: `snap-${botId}`,
      version: bot.version,
      groups: bot.groups,
      events: bot.events,
      edges: bot.edges,
      variables: bot.variables,
      theme: bot.theme,
      settings: bot.settings,
    },
    kinds,
  )
}

/** Chats with a bot through the engine, keeping the state between turns as the server would. */
export const engineChat = (bot: CompiledBot, options: { runtime?: Runtime; others?: CompiledBot[]; limits?: EngineDeps['limits'] } = {}) => {
  const bots = new Map([bot, ...(options.others ?? [])].map((b) => [b.snapshotId, b]))
  const deps: EngineDeps = {
    runtime: options.runtime ?? testRuntime(),
    getBot: async (id) => bots.get(id),
    linkedBot: async (id) => [...bots.values()].find((b) => b.botId === id),
    credentials: async () => undefined,
    files: memoryFiles(),
    limits: options.limits ?? { maxSteps: 1000, maxMillis: 5000 },
  }
  let last: TurnOutcome | undefined
  return {
    async start(start: Partial<StartOptions> = {}) {
      last = await startChat(bot, { workspaceId: 'w1', isPreview: false, resultId: 'r1', textFormat: 'markdown', ...start }, deps)
      return last
    },
    async send(message?: string | UserReply) {
      if (!last) throw new Error('start first')
      const reply: UserReply | undefined = typeof message === 'string' ? { type: 'text', text: message } : message
      last = await continueChat(structuredClone(last.state), reply, 'markdown', deps)
      return last
    },
  }
}

/** Markdown texts of a turn's messages. */
export const texts = (outcome: TurnOutcome): string[] => outcome.response.messages.map((m: any) => m.content.markdown ?? m.content.url ?? m.type)

/** A v6 bot from groups written tersely: each group is [id, blocks]; the start event leads to the first group. */
export const bot = (groups: [string, any[]][], extra: { edges?: any[]; variables?: any[]; events?: any[]; settings?: any; theme?: any } = {}) => ({
  version: '6',
  groups: groups.map(([id, blocks]) => ({ id, title: id, graphCoordinates: { x: 0, y: 0 }, blocks })),
  events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e-start' }, ...(extra.events ?? [])],
  edges: [{ id: 'e-start', from: { eventId: 'start' }, to: { groupId: groups[0][0] } }, ...(extra.edges ?? [])],
  variables: extra.variables ?? [],
  theme: extra.theme ?? {},
  settings: extra.settings ?? {},
})

export const say = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
  ...extra,
})
export const edge = (id: string, from: Record<string, string>, groupId: string, blockId?: string) => ({
  id,
  from,
  to: blockId ? { groupId, blockId } : { groupId },
})
