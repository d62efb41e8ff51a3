// Dates and numbers as people read them, in the app's language (i18n/index.ts): "28 Nov 2026, 14:05" in English,
// "28 nov. 2026, 14:05" in French; 1,234 / 1.234.
import { i18n, t } from '../i18n/index.js'

const locale = () => i18n.language || 'en'

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

export const timeAgo = (iso: string, now = Date.now()) => {
  const diff = new Date(iso).getTime() - now
  const relative = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' })
  for (const [unit, ms] of units) if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit)
  return t('just now')
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString(locale(), { dateStyle: 'medium', timeStyle: 'short' })

export const percent = (part: number, whole: number) =>
  whole > 0 ? new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(part / whole) : '–'

export const count = (n: number) => n.toLocaleString(locale())
