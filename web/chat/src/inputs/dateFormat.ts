// The answer's label in the block's format, for the user bubble: the common date-fns tokens (the server saves the
// answer with date-fns itself). Values are the wall-clock fields of the browser's date and time fields.

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number }

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm` or `HH:mm` as the fields give them; undefined when empty or malformed. */
export const readWallClock = (value: string): WallClock | undefined => {
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  const time = /(?:^|T)(\d{2}):(\d{2})/.exec(value)
  if (!date && !time) return undefined
  return {
    year: date ? Number(date[1]) : 1970,
    month: date ? Number(date[2]) : 1,
    day: date ? Number(date[3]) : 1,
    hour: time ? Number(time[1]) : 0,
    minute: time ? Number(time[2]) : 0,
  }
}

const TOKENS = /yyyy|yy|MMMM|MMM|MM|M|dd|do|d|EEEE|EEE|HH|H|hh|h|mm|m|aaa|a|'[^']*'/g

export const formatWallClock = (value: WallClock, pattern: string): string => {
  const weekday = new Date(Date.UTC(value.year, value.month - 1, value.day)).getUTCDay()
  const hour12 = value.hour % 12 || 12
  const ordinal = (n: number) => n + (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th')
  const values: Record<string, () => string> = {
    yyyy: () => pad(value.year, 4),
    yy: () => pad(value.year % 100),
    MMMM: () => MONTHS[value.month - 1],
    MMM: () => MONTHS[value.month - 1].slice(0, 3),
    MM: () => pad(value.month),
    M: () => String(value.month),
    dd: () => pad(value.day),
    do: () => ordinal(value.day),
    d: () => String(value.day),
    EEEE: () => DAYS[weekday],
    EEE: () => DAYS[weekday].slice(0, 3),
    HH: () => pad(value.hour),
    H: () => String(value.hour),
    hh: () => pad(hour12),
    h: () => String(hour12),
    mm: () => pad(value.minute),
    m: () => String(value.minute),
    a: () => (value.hour < 12 ? 'AM' : 'PM'),
    aaa: () => (value.hour < 12 ? 'am' : 'pm'),
  }
  return pattern.replace(TOKENS, (token) => (token.startsWith("'") ? token.slice(1, -1) : values[token]()))
}
