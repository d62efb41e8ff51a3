// The checks the editor shows. The server checks each draft it stores (a save's answer) and the draft as opened
// (GET …/check), links to other bots included: only it knows which bots exist. Between a change and the answer to
// its save, the same checks (contract/bot/checks.ts) run here at once, links judged by what the server last said.
import { useEffect, useMemo, useState } from 'react'
import { type BotCheck, checkBot, checkLinkedBots, linkedBotIds } from '../../../../../src/contract/bot/checks.js'
import { api } from '../../lib/api.js'
import type { EditorBot } from '../types.js'

/** The server's checks of one draft. */
export type ServerChecks = { bot: EditorBot; checks: BotCheck[] }

/** The bots the server found missing among those `server.bot` links to. */
const missingLinkedBots = (server: ServerChecks | undefined): Set<string> => {
  if (!server) return new Set()
  const linkOf = new Map(linkedBotIds(server.bot).map((link) => [link.blockId, link.typebotId]))
  return new Set(server.checks.flatMap((check) => (check.code === 'missingLinkedBot' && check.blockId ? (linkOf.get(check.blockId) ?? []) : [])))
}

/**
 * The checks of `bot`: the server's when it checked this very draft; otherwise computed here, a link counting as
 * missing when the server said so of the same bot (a link it has not seen yet waits for the answer to its save).
 */
export const shownChecks = (bot: EditorBot, server: ServerChecks | undefined): BotCheck[] => {
  if (server?.bot === bot) return server.checks
  const missing = missingLinkedBots(server)
  const found = new Set(linkedBotIds(bot).flatMap((link) => (missing.has(link.typebotId) ? [] : [link.typebotId])))
  return [...checkBot(bot), ...checkLinkedBots(bot, found)]
}

/** The checks to show while `bot` is edited: `saved` is the answer to the latest save, the draft as opened is asked for once. */
export const useChecks = (botId: string, opened: EditorBot, bot: EditorBot, saved: ServerChecks | undefined): BotCheck[] => {
  const [onOpen, setOnOpen] = useState<ServerChecks>()
  useEffect(() => {
    let current = true
    // Without it the checks are computed here alone, as between saves.
    api.get<{ checks: BotCheck[] }>(`/v1/bots/${botId}/check`).then(
      ({ checks }) => current && setOnOpen({ bot: opened, checks }),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [botId, opened])
  const server = saved ?? onOpen
  return useMemo(() => shownChecks(bot, server), [bot, server])
}
