// Dates and numbers as people read them, in the browser's language.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

export const timeAgo = (iso: string, now = Date.now()) => {
  const diff = new Date(iso).getTime() - now
  for (const [unit, ms] of units) if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit)
  return 'just now'
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : '–')

export const count = (n: number) => n.toLocaleString()
