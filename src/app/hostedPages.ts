// What the hosted page of a bot (`/{publicId}`) shows: the published version's theme, settings and variables with
// the bot's name, or why there is nothing to chat with. Anyone may ask: it tells no more than startChat would.
import { hasHostedPage, type Settings } from '../contract/bot/common.js'
import { takesNewChats } from '../domain/availability.js'
import type { Store } from '../store/index.js'

export type HostedBot =
  | {
      status: 'live'
      publicId: string
      name: string
      theme: Record<string, any>
      settings: Record<string, any>
      variables: { name?: unknown; value?: unknown }[]
    }
  | { status: 'closed'; name: string; message?: string }
  | { status: 'missing' }

export const createHostedPages = ({ store, now }: { store: Store; now: () => Date }) => ({
  async bot(publicId: string): Promise<HostedBot> {
    const bot = await store.bots.byPublicId(publicId)
    const snapshot = bot?.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
    // Archived bots are on their way out: as absent as unknown ones.
    if (!bot || !snapshot || bot.isArchived) return { status: 'missing' }
    const settings = (snapshot.doc.settings ?? {}) as Record<string, any>
    // An embed-only bot has no page at all, whether it takes chats or not.
    if (!hasHostedPage(settings as Settings)) return { status: 'missing' }
    const name = bot.doc.name
    if (!takesNewChats(bot, settings as Settings, now()))
      return { status: 'closed', name, message: settings.general?.systemMessages?.botClosed ?? undefined }
    return {
      status: 'live',
      publicId,
      name,
      theme: (snapshot.doc.theme ?? {}) as Record<string, any>,
      settings,
      variables: Array.isArray(snapshot.doc.variables) ? snapshot.doc.variables : [],
    }
  },
})
