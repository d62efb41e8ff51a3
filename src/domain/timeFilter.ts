// The results listing's time filters, computed in the caller's time zone.
import { TZDate } from '@date-fns/tz'
import { startOfDay, startOfMonth, startOfYear, subDays, subMonths } from 'date-fns'

import type { TimeFilter } from '../contract/chat.js'

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The window [from, to) as ISO timestamps (either may be absent). */
export const timeWindow = (filter: TimeFilter, timeZone: string, now: Date): { from?: string; to?: string } => {
  const local = new TZDate(now.getTime(), timeZone)
  const today = startOfDay(local)
  const iso = (d: Date) => new Date(d.getTime()).toISOString()
  switch (filter) {
    case 'today':
      return { from: iso(today) }
    case 'last7Days':
      return { from: iso(subDays(today, 6)) }
    case 'last30Days':
      return { from: iso(subDays(today, 29)) }
    case 'monthToDate':
      return { from: iso(startOfMonth(local)) }
    case 'lastMonth':
      return { from: iso(startOfMonth(subMonths(local, 1))), to: iso(startOfMonth(local)) }
    case 'yearToDate':
      return { from: iso(startOfYear(local)) }
    case 'allTime':
      return {}
  }
}
