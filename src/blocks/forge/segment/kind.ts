// Segment plugin block (`segment`): "Alias", "Identify User", "Page" and "Track" sent one by one to Segment's HTTP
// tracking API (`POST {baseUrl}/v1/<alias|identify|page|track>`, the write key as Basic auth user), at once and
// through the guarded HTTP client, rather than with analytics-node, which batches in the background. Typebot sends
// nothing, silently, when a required field is empty or a call fails; Parley logs both.
import type { z } from 'zod'
import type { identifyUserOptions, trackOptions, pageOptions, aliasOptions } from './schema.js'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind } from '../../../engine/kinds.js'
import {
  blockCredentials,
  callService,
  configError,
  credentialText,
  failureLog,
  keyValues,
  templatedOptions,
  text,
  trimBase,
} from '../../shared/service.js'

export const DEFAULT_SEGMENT_BASE_URL = 'https://api.segment.io'

type Pair = { key?: string; value?: string }
/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof identifyUserOptions> &
  z.infer<typeof trackOptions> &
  z.infer<typeof pageOptions> &
  z.infer<typeof aliasOptions>

/** Properties are sent only when there are some. */
const propertiesOf = (pairs: Pair[] | undefined) => {
  const properties = keyValues(pairs)
  return properties && Object.keys(properties).length ? { properties } : {}
}

/** The API call of each action: its path, its fields, and the fields it cannot go without. */
const calls: Record<string, (o: Options) => { path: string; required: Record<string, string | undefined>; fields: Record<string, unknown> }> = {
  Alias: (o) => ({
    path: 'alias',
    required: { 'user ID': text(o.userId), 'previous ID': text(o.previousId) },
    fields: { userId: text(o.userId), previousId: text(o.previousId) },
  }),
  // The email wins over a trait of the same name, as in Typebot.
  'Identify User': (o) => ({
    path: 'identify',
    required: { 'user ID': text(o.userId), email: text(o.email) },
    fields: { userId: text(o.userId), traits: { ...keyValues(o.traits), email: text(o.email) } },
  }),
  Page: (o) => ({
    path: 'page',
    required: { 'user ID': text(o.userId), name: text(o.name) },
    fields: { userId: text(o.userId), name: text(o.name), category: text(o.category) ?? '', ...propertiesOf(o.properties) },
  }),
  Track: (o) => ({
    path: 'track',
    required: { 'event name': text(o.eventName), 'user ID': text(o.userId) },
    fields: { userId: text(o.userId), event: text(o.eventName), ...propertiesOf(o.properties) },
  }),
}

export const forgedSegment: ActionKind<GenericBlock> = {
  type: 'segment',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    const call = options.action ? calls[options.action] : undefined
    if (!call)
      return { logs: [configError(options.action ? `Segment "${options.action}" is not an action of this block.` : 'segment is not configured')] }
    const found = await blockCredentials('Segment', options.credentialsId, ctx, ['apiKey'])
    if ('log' in found) return { logs: [found.log] }
    const { path, required, fields } = call(options)
    const missing = Object.entries(required).flatMap(([name, value]) => (value ? [] : [name]))
    if (missing.length) return { logs: [configError(`Segment ${options.action}: nothing sent, ${missing.join(' and ')} missing.`)] }
    const writeKey = credentialText(found.credentials, 'apiKey')!
    const baseUrl = trimBase(credentialText(found.credentials, 'baseUrl') ?? DEFAULT_SEGMENT_BASE_URL)
    const answer = await callService(
      ctx,
      {
        url: `${baseUrl}/v1/${path}`,
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}` },
        json: { ...fields, timestamp: ctx.runtime.now().toISOString(), context: { library: { name: 'parley' } } },
      },
      [writeKey],
    )
    if (!answer.ok) return { logs: [failureLog(`Segment ${options.action}`, answer)] }
    return { logs: [{ status: 'success', description: `Segment ${options.action} sent` }] }
  },
}
