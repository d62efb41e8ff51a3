// When a published bot takes new chats: closed by hand (POST /v1/bots/{botId}/close), archived, or outside the
// window its settings schedule (settings.general.opensAt / closesAt, moments with their offsets). Chats already
// running are never cut off: only starting one is refused. Previews ignore all of it (authors test any time).
import type { Settings } from '../contract/bot/common.js'

/** Whether a published bot with these flags and settings takes a new chat at `now` (the server's clock). */
export const takesNewChats = (bot: { isClosed: boolean; isArchived: boolean }, settings: Settings | undefined, now: Date): boolean => {
  if (bot.isClosed || bot.isArchived) return false
  const { opensAt, closesAt } = settings?.general ?? {}
  // The window is [opensAt, closesAt): the bot closes at the moment it says.
  if (opensAt && now.getTime() < Date.parse(opensAt)) return false
  return !(closesAt && now.getTime() >= Date.parse(closesAt))
}
