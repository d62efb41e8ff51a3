// Results of a bot as the results table and analytics read them.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { TimeFilter } from '../../../../src/contract/chat.js'
import { msg } from '../i18n/index.js'
import { api, qs } from './api.js'
import type { Column, ResultDetail, ResultRow } from './types.js'

export type { TimeFilter }

/** The contract's time windows, labelled (English, translated where shown), "All time" first. */
export const timeFilters: { value: TimeFilter; label: string }[] = [
  { value: 'allTime', label: msg('All time') },
  { value: 'today', label: msg('Today') },
  { value: 'last7Days', label: msg('Last 7 days') },
  { value: 'last30Days', label: msg('Last 30 days') },
  { value: 'monthToDate', label: msg('This month') },
  { value: 'lastMonth', label: msg('Last month') },
  { value: 'yearToDate', label: msg('This year') },
]

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export const useColumns = (botId: string) =>
  useQuery({
    queryKey: ['columns', botId],
    queryFn: () => api.get<{ columns: Column[] }>(`/v1/bots/${botId}/results/columns`).then((r) => r.columns),
  })

export const useResultPages = (botId: string, timeFilter: TimeFilter) =>
  useInfiniteQuery({
    queryKey: ['results', botId, timeFilter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api.get<{ rows: ResultRow[]; nextCursor?: number }>(
        `/v1/bots/${botId}/results/rows${qs({ limit: 50, cursor: pageParam, timeFilter, timeZone: timeZone() })}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const useResult = (botId: string, resultId: string | null) =>
  useQuery({
    queryKey: ['result', botId, resultId],
    enabled: resultId !== null,
    queryFn: () => api.get<{ result: ResultDetail }>(`/v1/bots/${botId}/results/${resultId}/detail`).then((r) => r.result),
  })
