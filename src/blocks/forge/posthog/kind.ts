// PostHog plugin block (`posthog`): "Capture" and "Identify Group" sent as one-event batches to PostHog's capture
// API (`POST {host}/batch/`, the project key in the body), at once and through the guarded HTTP client, rather
// than with posthog-node, which queues events and sends them in the background. Typebot stays silent when a call
// fails; Parley logs it (owners only).
import type { z } from 'zod'
import type { captureOptions, identifyGroupOptions } from './schema.js'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, BlockContext, BlockLog } from '../../../engine/kinds.js'
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

/** Typebot's default host, used when the credentials store none. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com'

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof captureOptions> & z.infer<typeof identifyGroupOptions>

type PosthogEvent = { event: string; distinct_id: string; properties: Record<string, unknown> }

/** Capture's properties as Typebot builds them: person properties go under `$set`, anonymous events make no profile. */
const captureProperties = (options: Options): Record<string, unknown> => {
  const properties: Record<string, unknown> = { ...keyValues(options.properties) }
  if (options.isAnonymous) properties.$process_person_profile = false
  else if (options.personProperties) properties.$set = keyValues(options.personProperties)
  const groups = Object.fromEntries((options.groups ?? []).flatMap((g) => (text(g.type) && text(g.key) ? [[text(g.type), text(g.key)]] : [])))
  if (options.groups) properties.$groups = groups
  return properties
}

const eventOf = (options: Options, ctx: BlockContext): PosthogEvent | BlockLog => {
  if (options.action === 'Capture') {
    const event = text(options.event)
    // Anonymous events get a fresh distinct id (Typebot asks for one even then, and sends nothing without it).
    const distinctId = options.isAnonymous ? ctx.runtime.newId() : text(options.distinctId)
    if (!event || !distinctId) return configError('PostHog Capture: Missing required fields (event, and a distinct ID unless anonymous).')
    return { event, distinct_id: distinctId, properties: captureProperties(options) }
  }
  const distinctId = text(options.distinctId)
  if (!distinctId) return configError('PostHog Identify Group: Distinct ID is required.')
  const [groupType, groupKey] = [text(options.groupType), text(options.groupKey)]
  if (!groupType || !groupKey) return configError('PostHog Identify Group: Group type and key are required.')
  return {
    event: '$groupidentify',
    distinct_id: distinctId,
    properties: { $group_type: groupType, $group_key: groupKey, $group_set: keyValues(options.properties) ?? {} },
  }
}

export const forgedPosthog: ActionKind<GenericBlock> = {
  type: 'posthog',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    if (options.action !== 'Capture' && options.action !== 'Identify Group')
      return { logs: [configError(options.action ? `PostHog "${options.action}" is not an action of this block.` : 'posthog is not configured')] }
    const found = await blockCredentials('PostHog', options.credentialsId, ctx, ['apiKey'])
    if ('log' in found) return { logs: [found.log] }
    const event = eventOf(options, ctx)
    if ('status' in event) return { logs: [event] }
    const apiKey = credentialText(found.credentials, 'apiKey')!
    const host = trimBase(credentialText(found.credentials, 'host') ?? DEFAULT_POSTHOG_HOST)
    const timestamp = ctx.runtime.now().toISOString()
    const answer = await callService(
      ctx,
      {
        url: `${host}/batch/`,
        method: 'POST',
        json: {
          api_key: apiKey,
          batch: [{ ...event, type: 'capture', timestamp, properties: { ...event.properties, $lib: 'parley' } }],
          sent_at: timestamp,
        },
        timeoutMs: 5000,
      },
      [apiKey],
    )
    if (!answer.ok) return { logs: [failureLog(`PostHog ${options.action}`, answer)] }
    return { logs: [{ status: 'success', description: `PostHog ${options.action}: event "${event.event}" sent` }] }
  },
}
