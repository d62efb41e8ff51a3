// What a published snapshot holds of a bot, and its hash: a draft whose hash differs from its bot's published hash
// has unpublished changes.
import { createHash } from 'node:crypto'

const RUNTIME_FIELDS = ['version', 'groups', 'events', 'edges', 'variables', 'theme', 'settings'] as const

/** The runtime part of a bot document: what publishing freezes, and what a preview runs. */
export const runtimePart = (doc: Record<string, unknown>) =>
  Object.fromEntries(RUNTIME_FIELDS.map((k) => [k, doc[k]])) as { [K in (typeof RUNTIME_FIELDS)[number]]: any }

export const runtimeHash = (doc: Record<string, unknown>): string =>
  createHash('sha256')
    .update(JSON.stringify(runtimePart(doc)))
    .digest('hex')
