// A chat session's stored state as the application reads it.
import { type SessionState, StateVersionError, parseState as parseStoredState } from '../engine/state.js'
import { AppError, conflict } from './errors.js'

/** A stored session state; one written by a newer Parley (unknown version) cannot go on here. */
export const parseState = (json: string): SessionState => {
  try {
    return parseStoredState(json)
  } catch (err) {
    if (err instanceof StateVersionError) throw conflict('This chat was saved by a newer version of Parley and cannot continue on this server.')
    throw err
  }
}

/** Live chats may be limited to origins (the bot's security settings): another origin cannot drive them. */
export const checkOrigin = (allowed: string[] | undefined, origin: string | undefined) => {
  if (!allowed?.length || !origin) return
  if (!allowed.some((a) => a.replace(/\/$/, '') === origin)) {
    throw new AppError('origin_not_allowed', `Origin ${origin} is not allowed to chat with this bot.`)
  }
}
