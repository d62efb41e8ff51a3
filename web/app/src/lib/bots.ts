// Bot requests shared by the dashboard and the bot pages.
import { useQuery } from '@tanstack/react-query'
import type { BotDraftAnswer } from '../../../../src/contract/api.js'
import type { BotRecord } from '../../../../src/contract/bot/record.js'
import { msg } from '../i18n/index.js'
import { api, qs } from './api.js'
import type { BotSummary, Folder } from './types.js'

export const useBots = (workspaceId: string, filter: { folderId?: string | null; q?: string }) =>
  useQuery({
    queryKey: ['bots', workspaceId, filter],
    queryFn: () =>
      api
        .get<{ bots: BotSummary[] }>(`/v1/bots${qs({ workspaceId, folderId: filter.q ? undefined : (filter.folderId ?? 'root'), q: filter.q })}`)
        .then((r) => r.bots),
  })

export const useFolders = (workspaceId: string) =>
  useQuery({
    queryKey: ['folders', workspaceId],
    queryFn: () => api.get<{ folders: Folder[] }>(`/v1/workspaces/${workspaceId}/folders`).then((r) => r.folders),
  })

/** The full bot (draft) with its publishing state, as GET /v1/bots/{id} answers them. */
export type Bot = BotRecord & Pick<BotDraftAnswer, 'publishedAt' | 'hasUnpublishedChanges'>

/** The draft with its publishing state (answered next to it). */
export const useBot = (botId: string) =>
  useQuery({
    queryKey: ['bot', botId],
    queryFn: () =>
      api
        .get<BotDraftAnswer>(`/v1/bots/${botId}`)
        .then(({ bot, publishedAt, hasUnpublishedChanges }): Bot => ({ ...bot, publishedAt, hasUnpublishedChanges })),
  })

/** The bot's state; `label` is English, translated where shown (`t(status.label)`). */
export const botStatus = (bot: Pick<BotSummary, 'isClosed' | 'publishedAt' | 'hasUnpublishedChanges'>) =>
  bot.isClosed
    ? ({ label: msg('Closed'), color: 'gray' } as const)
    : !bot.publishedAt
      ? ({ label: msg('Draft'), color: 'yellow' } as const)
      : bot.hasUnpublishedChanges
        ? ({ label: msg('Unpublished changes'), color: 'orange' } as const)
        : ({ label: msg('Published'), color: 'green' } as const)
