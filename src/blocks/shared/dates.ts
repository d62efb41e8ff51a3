// Date and time reading shared by the date and time inputs. Replies are read as wall-clock values in UTC,
// whatever the server's timezone, so "12/03/2025" is saved as typed and "tomorrow" counts from the runtime clock.
import { tz } from '@date-fns/tz'
import { en, type ParsedResult } from 'chrono-node'
import { format } from 'date-fns'
import type { BlockContext } from '../../engine/kinds.js'

const utc = tz('UTC')

/** Parses natural-language dates; `dayFirst` reads 03/04 as the 3rd of April. */
export const parseDates = (text: string, ctx: BlockContext, dayFirst: boolean): ParsedResult[] =>
  (dayFirst ? en.GB : en.casual).parse(text, { instant: ctx.runtime.now(), timezone: 0 })

/** Formats with date-fns tokens; a format date-fns rejects falls back to `fallback` instead of failing the reply. */
export const formatDate = (date: Date, pattern: string, fallback: string): string => {
  const options = { in: utc, useAdditionalDayOfYearTokens: true, useAdditionalWeekYearTokens: true }
  try {
    return format(date, pattern, options)
  } catch {
    return format(date, fallback, options)
  }
}

/** An ISO date, with its minutes when there is a time (seconds and zone are ignored). */
export const ISO_DATE = /\d{4}-[01]\d-[0-3]\d(?:T[0-2]\d:[0-5]\d)?/

/**
 * A date limit as `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm`: ISO texts are cut to that precision, other texts are
 * read as dates (in UTC). Undefined when it is not a date.
 */
export const normalizeLimit = (limit: string | null | undefined): string | undefined => {
  const text = limit?.trim()
  if (!text) return undefined
  const iso = ISO_DATE.exec(text)
  if (iso) return iso[0]
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? undefined : format(date, "yyyy-MM-dd'T'HH:mm", { in: utc })
}

/** Compares a date with a normalized limit at the limit's precision (a date-only limit includes its whole day). */
export const compareToLimit = (date: Date, limit: string): number => {
  const value = format(date, limit.length > 10 ? "yyyy-MM-dd'T'HH:mm" : 'yyyy-MM-dd', { in: utc })
  return value < limit ? -1 : value > limit ? 1 : 0
}
