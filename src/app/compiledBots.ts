// Compiled bots, kept in memory by snapshot. Snapshots are immutable, so a compiled bot never goes stale. The cache
// is bounded by the bots' total size (previews may carry large definitions) and drops the least recently used first.
import { BOT_LIMITS } from '../domain/bots.js'
import { type CompiledBot, compileBot } from '../engine/compile.js'
import type { KindRegistry } from '../engine/kinds.js'
import type { SessionState } from '../engine/state.js'
import { runtimePart } from '../store/botHash.js'
import type { PublishedBot } from '../store/bots.js'
import type { Store } from '../store/index.js'

/**
 * Compiled bots kept in memory, measured by the size of their JSON (typical bots weigh 10–50 kB); in memory a
 * compiled bot with its flow (engine/flow.ts) takes about four times its JSON, so this is ~64 MB at most. Every bot
 * Parley accepts (at most 5 MB, see BOT_LIMITS) fits, so none is recompiled on every turn.
 */
const CACHE_BYTES = 16 * 1024 * 1024

export const compiledBotsOf = ({
  store,
  kinds,
  unstored,
}: {
  store: Pick<Store, 'bots'>
  kinds: KindRegistry
  /** Snapshots that live in memory, not in the store (templates' previews). */
  unstored?: (snapshotId: string) => PublishedBot | undefined
}) => {
  const compiled = new Map<string, { bot: CompiledBot; size: number }>()
  let cachedBytes = 0

  const compile = (snapshot: PublishedBot): CompiledBot => {
    const hit = compiled.get(snapshot.id)
    if (hit) {
      compiled.delete(snapshot.id)
      compiled.set(snapshot.id, hit)
      return hit.bot
    }
    const doc = snapshot.doc as Record<string, any>
    const bot = compileBot(
      {
        botId: snapshot.botId,
        snapshotId: snapshot.id,
        version: doc.version,
        groups: doc.groups ?? [],
        events: doc.events ?? [],
        edges: doc.edges ?? [],
        variables: doc.variables ?? [],
        theme: doc.theme ?? {},
        settings: doc.settings ?? {},
        publishedAt: snapshot.id.startsWith('preview-') ? undefined : snapshot.updatedAt,
      },
      kinds,
    )
    if (snapshot.size <= BOT_LIMITS.bytes) {
      compiled.set(snapshot.id, { bot, size: snapshot.size })
      cachedBytes += snapshot.size
      for (const [id, entry] of compiled) {
        if (cachedBytes <= CACHE_BYTES) break
        compiled.delete(id)
        cachedBytes -= entry.size
      }
    }
    return bot
  }

  return {
    compile,
    /** The compiled bot of a snapshot when it is in memory (no store read). */
    cached: (snapshotId: string): CompiledBot | undefined => compiled.get(snapshotId)?.bot,
    /** The compiled bot of a snapshot, read from the store when it is not in memory. */
    async get(snapshotId: string): Promise<CompiledBot | undefined> {
      const hit = compiled.get(snapshotId)
      if (hit) return hit.bot
      const snapshot = unstored?.(snapshotId) ?? (await store.bots.publishedSnapshot(snapshotId))
      return snapshot && compile(snapshot)
    },
    /** Linked bots come from the chat's own workspace: the published version live, the draft in preview. */
    async linked(botId: string, state: SessionState): Promise<CompiledBot | undefined> {
      const bot = await store.bots.get(botId)
      if (!bot || bot.workspaceId !== state.workspaceId) return undefined
      if (state.isPreview) return compile(await store.bots.previewSnapshot(bot.id, runtimePart(bot.doc)))
      const snapshot = bot.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
      return snapshot && compile(snapshot)
    },
  }
}

export type CompiledBots = ReturnType<typeof compiledBotsOf>
