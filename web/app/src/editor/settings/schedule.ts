// The opening and closing times of a scheduled bot as the editor shows them: wall-clock times ("2026-12-01T09:00",
// what a datetime-local input holds) in the bot's time zone, stored as moments with their offset
// ("2026-12-01T09:00:00+01:00"), which the server compares with its clock (src/domain/availability.ts).
import { TZDate } from '@date-fns/tz'

/** The zone of this browser: the default until the author picks one. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** Every IANA zone the browser knows (the bot's own first when the browser does not know it). */
export const timeZones = (current?: string): string[] => {
  const known = Intl.supportedValuesOf('timeZone')
  return current && !known.includes(current) ? [current, ...known] : known
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The wall-clock time of a stored moment in `zone` ("YYYY-MM-DDTHH:mm"), '' for none or an unreadable one. */
export const wallTimeOf = (moment: unknown, zone: string): string => {
  const at = typeof moment === 'string' ? Date.parse(moment) : Number.NaN
  if (Number.isNaN(at)) return ''
  const d = new TZDate(at, zone)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * The moment a wall-clock time of `zone` is, with the zone's offset then ("…T09:00:00+01:00"); undefined for an
 * empty or incomplete time. A time the clocks skip (a spring-forward gap) moves on by the gap, as clocks do.
 */
export const momentOf = (wallTime: string, zone: string): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime)
  if (!m) return undefined
  const [year, month, day, hours, minutes] = m.slice(1).map(Number) as [number, number, number, number, number]
  const d = new TZDate(year, month - 1, day, hours, minutes, zone)
  if (Number.isNaN(d.getTime())) return undefined
  // TZDate writes milliseconds; a minute's precision is all the editor sets.
  return d.toISOString().replace(/\.000(?=[+Z-])/, '')
}

/** Whether the closing moment comes after the opening one (either absent: nothing to compare). */
export const closesAfterOpening = (opensAt: string | undefined, closesAt: string | undefined) =>
  !opensAt || !closesAt || Date.parse(closesAt) > Date.parse(opensAt)
