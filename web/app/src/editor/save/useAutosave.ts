// Autosave: the draft is sent a moment after the last change, with the `updatedAt` of the copy it was made from.
// The server refuses a copy older than what it holds (409): then nothing is retried on its own — the editor shows
// both versions and the user chooses (conflict dialog), so neither side's work is lost silently — unless what it
// holds is a version this editor sent whose answer was lost: that is no conflict, and the draft is sent again. The
// server answers a save with its checks of what it stored (links to other bots included): kept for the checks panel
// (checks.ts).
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { BotDraftAnswer, CheckedBotAnswer } from '../../../../../src/contract/api.js'
import type { BotRecord } from '../../../../../src/contract/bot/record.js'
import { ApiError, api } from '../../lib/api.js'
import { t } from '../../i18n/index.js'
import type { EditorBot } from '../types.js'
import type { ServerChecks } from './checks.js'
import { diffBots } from './diff.js'

export type SaveState =
  | { status: 'saved' }
  | { status: 'pending' }
  | { status: 'saving' }
  | { status: 'error'; message: string }
  | { status: 'conflict'; theirs: BotRecord }

const delayMs = 800

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** The parts of the document the editor changes (the rest — public id, folder, flags — has its own pages). */
const editable = (bot: EditorBot) => ({
  name: bot.name,
  groups: bot.groups,
  events: bot.events,
  edges: bot.edges,
  variables: bot.variables,
  theme: bot.theme,
  selectedThemeTemplateId: bot.selectedThemeTemplateId ?? null,
  settings: bot.settings,
})

export const useAutosave = (botId: string, bot: EditorBot, initialUpdatedAt: string, enabled: boolean, onSaved: () => void) => {
  const client = useQueryClient()
  const saved = useRef(bot)
  const updatedAt = useRef(initialUpdatedAt)
  const inFlight = useRef<Promise<void> | null>(null)
  // Set by a 409 until the user chooses: no save may go out meanwhile (it would be refused the same way).
  const conflicted = useRef(false)
  // The last version sent whose answer never came (the connection dropped): the server may hold it all the same.
  const unanswered = useRef<EditorBot | null>(null)
  const [state, setState] = useState<SaveState>({ status: 'saved' })
  const [checked, setChecked] = useState<ServerChecks>()
  const latest = useRef(bot)
  latest.current = bot
  const enabledRef = useRef(enabled)
  enabledRef.current = enabled
  const saidSaved = useRef(onSaved)
  saidSaved.current = onSaved

  /** Sends the draft; answers whether what the editor shows is now stored. One save at a time. */
  const save = useCallback(
    async (overwrite = false, force = false): Promise<boolean> => {
      while (inFlight.current) await inFlight.current
      if (conflicted.current && !overwrite) return false
      const sending = latest.current
      if (sending === saved.current && !overwrite && !force) {
        setState({ status: 'saved' })
        return true
      }
      setState({ status: 'saving' })
      let stored = false
      const send = () =>
        api.patch<CheckedBotAnswer>(`/v1/bots/${botId}`, {
          bot: { ...editable(sending), updatedAt: updatedAt.current },
          overwrite: overwrite || undefined,
        })
      const read = () => api.get<BotDraftAnswer>(`/v1/bots/${botId}`).then((r) => r.bot)
      /** Sends the draft; on a 409, answers the stored version when it is not one this editor sent. */
      const attempt = async (again: boolean): Promise<{ answer: CheckedBotAnswer } | { theirs: BotRecord }> => {
        try {
          return { answer: await send() }
        } catch (err) {
          // Its answer lost on the way (status 0), a save may still have been stored: see below.
          if (err instanceof ApiError && err.status === 0) unanswered.current = sending
          if (!(err instanceof ApiError && err.status === 409)) throw err
          const theirs = await read().catch((reading) => {
            // Refused, and the stored version unknown: no save goes out until the user reloads (each would be refused).
            conflicted.current = true
            throw new Error(t('The bot changed elsewhere and could not be read: {{error}}', { error: errorText(reading) }))
          })
          // The stored version is one this editor sent, its answer lost on the way (or the request sent again by the
          // browser after a dropped connection): nobody else changed the bot. The draft is sent on that version.
          const ours = [sending, unanswered.current].some((mine) => mine && diffBots(mine, theirs).length === 0)
          if (!ours || again) return { theirs }
          updatedAt.current = theirs.updatedAt
          return attempt(true)
        }
      }
      const run = (async () => {
        try {
          const outcome = await attempt(false)
          if ('theirs' in outcome) {
            conflicted.current = true
            setState({ status: 'conflict', theirs: outcome.theirs })
            return
          }
          const { answer } = outcome
          unanswered.current = null
          saved.current = sending
          updatedAt.current = answer.bot.updatedAt
          setChecked({ bot: sending, checks: answer.checks })
          conflicted.current = false
          stored = latest.current === sending
          setState(stored ? { status: 'saved' } : { status: 'pending' })
          saidSaved.current()
          void client.invalidateQueries({ queryKey: ['bot', botId] })
        } catch (err) {
          setState({ status: 'error', message: errorText(err) })
        }
      })()
      inFlight.current = run
      try {
        await run
      } finally {
        inFlight.current = null
      }
      return stored
    },
    [botId, client],
  )

  // Debounced save after each change (not while a conflict waits for the user).
  useEffect(() => {
    if (!enabled || state.status === 'conflict') return
    // Back to what is stored (undone to it): nothing to send.
    if (bot === saved.current) return setState((s) => (s.status === 'pending' ? { status: 'saved' } : s))
    setState((s) => (s.status === 'saving' || s.status === 'pending' ? s : { status: 'pending' }))
    const timer = setTimeout(() => void save(), delayMs)
    return () => clearTimeout(timer)
  }, [bot, enabled, save, state.status])

  // Leaving the editor inside the app (back to the bot's page…) sends what is not saved yet.
  useEffect(
    () => () => {
      if (enabledRef.current && latest.current !== saved.current && !conflicted.current) void save()
    },
    [save],
  )

  // Leaving the page with unsaved work asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current !== saved.current) e.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  return {
    state,
    /** The server's checks of the draft it last stored (none before the first save). */
    checked,
    /** Saves now (before publishing). */
    flush: () => save(),
    /** Sends the draft even when nothing changed (Ctrl+S: the user asked for it). */
    saveNow: () => save(false, true),
    /** Keeps the local version over the other one. */
    overwrite: () => save(true),
    /** Takes the stored version: the caller replaces its document with `bot`. */
    adopt: (theirs: BotRecord) => {
      conflicted.current = false
      saved.current = theirs
      updatedAt.current = theirs.updatedAt
      setState({ status: 'saved' })
    },
  }
}
