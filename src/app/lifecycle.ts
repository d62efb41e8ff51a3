// Session lifecycle: a background job deletes chat sessions nobody continued within their expiry (preview sessions
// sooner), preview snapshots no chat uses any more, the stored files only those held, the rate-limit counts of
// ended windows and the records of expired upload URLs. Results, answers and logs
// are never deleted here, nor published snapshots. Deletes go a chunk at a time with a pause for the event loop
// between chunks, so chats never wait behind a long statement. With several nodes on one database, a lease lets
// one node at a time purge; should two purge at once (a run outlasting its lease), every delete re-checks its
// condition, so nothing is deleted twice or wrongly.
import { randomBytes } from 'node:crypto'
import type { FilesApp } from './files.js'
import type { Store } from '../store/index.js'
import type { StalePreviewSnapshot } from '../store/lifecycle.js'

export type LifecycleSettings = {
  /** A live session not continued for this long is deleted (its result stays). */
  sessionExpiryMs: number
  /** The same for preview sessions, and how long an unused preview snapshot is kept. */
  previewExpiryMs: number
  /** Time between purge runs; 0: no background purge. */
  intervalMs: number
  /** Rows per delete statement. */
  chunkSize: number
}

export type Removed = { sessions: number; snapshots: number; files: number }

type Log = { info: (details: object, message: string) => void; error: (details: object, message: string) => void }

const LEASE = 'session-purge'
/** A preview snapshot's id (bots.previewSnapshot) wherever it appears in a session's state. */
const PREVIEW_SNAPSHOT_ID = /preview-[0-9a-f]{40}/g

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export const createLifecycle = ({
  store,
  files,
  settings,
  log,
  now = Date.now,
  onPurged,
}: {
  store: Pick<Store, 'lifecycle' | 'rateLimits' | 'fileUploads' | 'channels'>
  files: Pick<FilesApp, 'pruneOwned'>
  settings: LifecycleSettings
  log: Log
  now?: () => number
  /** Told the counts of every completed run (metrics). */
  onPurged?: (removed: Removed) => void
}) => {
  const db = store.lifecycle
  const holder = randomBytes(12).toString('base64url')
  const chunk = settings.chunkSize

  /**
   * Files of one owner pruned; a storage failure (a bucket out of reach) is logged and the purge goes on, since the
   * sessions it follows are deleted already (those files then stay, as any file of a result does).
   */
  const pruneFiles = async (...args: Parameters<FilesApp['pruneOwned']>) => {
    try {
      return await files.pruneOwned(...args)
    } catch (err) {
      log.error({ err, botId: args[0].botId }, 'Removing the stored files of expired sessions failed')
      return 0
    }
  }

  /** Deletes idle sessions of a kind, chunk after chunk; `after` is given each chunk's ids. */
  const purgeSessions = async (kind: 'live' | 'preview', before: string, after?: (ids: string[]) => Promise<void>) => {
    let deleted = 0
    for (;;) {
      const ids = await db.deleteIdleSessions(kind, before, chunk)
      deleted += ids.length
      if (ids.length && after) await after(ids)
      if (ids.length < chunk) return deleted
      await yieldToEventLoop()
    }
  }

  /**
   * Uploads of a result whose chat expired that no answer holds (as an attached file or in its text: voice clips,
   * file replies sent as text) and no variable names: files sent to an upload URL and never answered with. Only files older than the expiry go, so a newer chat on the same result (a visitor
   * who came back) keeps the upload it is about to send.
   */
  const pruneUnansweredUploads = async (sessionIds: string[], before: Date) => {
    let deleted = 0
    for (const result of await db.resultsOfSessions(sessionIds)) {
      const keep = (key: string) => result.variables.includes(key) || result.answerTexts.some((text) => text.includes(`/${key}`))
      deleted += await pruneFiles({ workspaceId: result.workspaceId, botId: result.botId, resultId: result.id }, before, keep)
    }
    return deleted
  }

  /** Every preview snapshot a remaining preview session names (any frame of its stack). */
  const snapshotsInUse = async () => {
    const used = new Set<string>()
    for (let afterId = ''; ; ) {
      const page = await db.previewStates(afterId, chunk)
      for (const { state } of page) for (const [id] of state.matchAll(PREVIEW_SNAPSHOT_ID)) used.add(id)
      if (page.length < chunk) return used
      afterId = page[page.length - 1].id
      await yieldToEventLoop()
    }
  }

  /** Preview snapshots unused since `before`, and then the preview files of their bots stored before it (bots with no preview running). */
  const purgePreviewSnapshots = async (before: string) => {
    const used = await snapshotsInUse()
    const bots = new Map<string, { workspaceId: string; botId: string }>()
    let deleted = 0
    for (let after: StalePreviewSnapshot | undefined; ; ) {
      const page = await db.stalePreviewSnapshots(before, after, chunk)
      const unused = page.filter((s) => !used.has(s.id))
      deleted += await db.deletePreviewSnapshots(
        unused.map((s) => s.id),
        before,
      )
      for (const s of unused) bots.set(s.botId, { workspaceId: s.workspaceId, botId: s.botId })
      if (page.length < chunk) break
      after = page[page.length - 1]
      await yieldToEventLoop()
    }
    // A bot with a preview still running keeps its preview files: they may be that chat's uploads.
    const busy = await db.botsOfSnapshots([...used])
    let previewFiles = 0
    for (const owner of bots.values()) if (!busy.has(owner.botId)) previewFiles += await pruneFiles(owner, new Date(before))
    return { snapshots: deleted, files: previewFiles }
  }

  /** One purge, whatever other nodes do (the lease is `purge`'s business). */
  const purgeNow = async (): Promise<Removed> => {
    const started = now()
    const t0 = performance.now()
    const liveBefore = new Date(started - settings.sessionExpiryMs)
    const previewBefore = new Date(started - settings.previewExpiryMs).toISOString()
    let uploads = 0
    const live = await purgeSessions('live', liveBefore.toISOString(), async (ids) => {
      uploads += await pruneUnansweredUploads(ids, liveBefore)
    })
    const previews = await purgeSessions('preview', previewBefore)
    const snapshots = await purgePreviewSnapshots(previewBefore)
    while ((await store.rateLimits.purge(chunk, started)) === chunk) await yieldToEventLoop()
    while ((await store.fileUploads.purge(chunk, started)) === chunk) await yieldToEventLoop()
    while ((await store.channels.purge(chunk, started)) >= chunk) await yieldToEventLoop()
    const removed = { sessions: live + previews, snapshots: snapshots.snapshots, files: uploads + snapshots.files }
    if (removed.sessions || removed.snapshots || removed.files) {
      log.info({ ...removed, previewSessions: previews, durationMs: Math.round(performance.now() - t0) }, 'Purged expired sessions')
    }
    onPurged?.(removed)
    return removed
  }

  let running: Promise<unknown> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /**
   * A purge run if this node gets the lease, undefined otherwise. The lease lasts an interval and its holder renews
   * it on its next run, so one node purges while it lives; another takes over within an interval once it is gone.
   */
  const purge = async (): Promise<Removed | undefined> => {
    const at = now()
    const until = new Date(at + Math.max(settings.intervalMs, 60_000)).toISOString()
    if (!(await db.acquireLease(LEASE, holder, new Date(at).toISOString(), until))) return undefined
    return purgeNow()
  }

  const tick = async () => {
    if (!running) {
      running = purge()
        .catch((err) => log.error({ err }, 'Purging expired sessions failed'))
        .finally(() => (running = undefined))
      await running
    }
    if (!stopped) timer = setTimeout(tick, settings.intervalMs).unref()
  }

  return {
    purge,
    purgeNow,
    /** Starts the background job: a first run soon, then one per interval. */
    start() {
      if (settings.intervalMs > 0) timer = setTimeout(tick, Math.min(settings.intervalMs, 5_000)).unref()
    },
    /** Stops the job after the run under way, and hands the lease on to another node. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      await db.releaseLease(LEASE, holder).catch(() => undefined)
    },
  }
}

export type Lifecycle = ReturnType<typeof createLifecycle>
