// Jump and bot link name a group (and a bot) by id: pickers by title instead of raw ids. A value that names
// nothing known (a deleted group, a bot of another workspace) is shown as such, never silently dropped.
import { Select, Stack, Switch } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../lib/api.js'
import type { BlockFormProps } from '../types.js'

type Options = { groupId?: string | null; blockId?: string | null; typebotId?: string | null; mergeResults?: boolean | null }

const optionsOf = (block: BlockFormProps['block']) => (block.options ?? {}) as Options

/** Sets an option; an emptied one is removed rather than stored as null. */
const withOption = (block: BlockFormProps['block'], key: keyof Options, value: string | boolean | undefined) => {
  const { [key]: _, ...rest } = optionsOf(block)
  return { ...block, options: value === undefined ? rest : { ...rest, [key]: value } }
}

const choices = (list: { value: string; label: string }[], value: string | null | undefined, unknown: string) =>
  value && !list.some((c) => c.value === value) ? [...list, { value, label: `${unknown} (${value})` }] : list

export const JumpForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const { groupId, blockId } = optionsOf(block)
  const group = ctx.groups.find((g) => g.id === groupId)
  return (
    <Stack gap="sm">
      <Select
        label={t('Jump to group')}
        placeholder={t('Pick a group')}
        data={choices(
          ctx.groups.map((g) => ({ value: g.id, label: g.title || t('Untitled group') })),
          groupId,
          t('Unknown group'),
        )}
        value={groupId ?? null}
        searchable
        readOnly={ctx.readOnly}
        onChange={(id) => onChange(withOption(withOption(block, 'blockId', undefined), 'groupId', id ?? undefined))}
      />
      <Select
        label={t('At block (optional)')}
        placeholder={t('Its first block')}
        data={choices(
          (group?.blocks ?? []).map((b, i) => ({ value: b.id, label: `${i + 1}. ${b.type}` })),
          blockId,
          t('Unknown block'),
        )}
        value={blockId ?? null}
        clearable={!ctx.readOnly}
        readOnly={ctx.readOnly}
        disabled={!group}
        onChange={(id) => onChange(withOption(block, 'blockId', id ?? undefined))}
      />
    </Stack>
  )
}

export const BotLinkForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const { typebotId, groupId, mergeResults } = optionsOf(block)
  const current = !typebotId || typebotId === 'current' || typebotId === ctx.botId
  const bots = useQuery({
    queryKey: ['bots', ctx.workspaceId, 'all'],
    queryFn: () => api.get<{ bots: { id: string; name: string }[] }>(`/v1/bots?workspaceId=${ctx.workspaceId}`).then((r) => r.bots),
  })
  const linked = useQuery({
    queryKey: ['bot-groups', typebotId],
    enabled: !current,
    queryFn: () => api.get<{ bot: { groups: { id: string; title: string }[] } }>(`/v1/bots/${typebotId}`).then((r) => r.bot.groups),
  })
  const groups = current ? ctx.groups : (linked.data ?? [])
  return (
    <Stack gap="sm">
      <Select
        label={t('Bot')}
        data={choices(
          [
            { value: 'current', label: t('This bot') },
            ...(bots.data ?? []).filter((b) => b.id !== ctx.botId).map((b) => ({ value: b.id, label: b.name || t('Untitled bot') })),
          ],
          current ? 'current' : typebotId,
          t('Unknown bot'),
        )}
        value={current ? 'current' : (typebotId ?? null)}
        searchable
        readOnly={ctx.readOnly}
        onChange={(id) => onChange(withOption(withOption(block, 'groupId', undefined), 'typebotId', id ?? undefined))}
      />
      <Select
        label={t('Start at group (optional)')}
        placeholder={t('Its start')}
        data={choices(
          groups.map((g) => ({ value: g.id, label: g.title || t('Untitled group') })),
          groupId,
          t('Unknown group'),
        )}
        value={groupId ?? null}
        clearable={!ctx.readOnly}
        readOnly={ctx.readOnly}
        onChange={(id) => onChange(withOption(block, 'groupId', id ?? undefined))}
      />
      <Switch
        label={t("Keep the linked bot's answers in this result")}
        checked={Boolean(mergeResults)}
        disabled={ctx.readOnly}
        onChange={(e) => onChange(withOption(block, 'mergeResults', e.currentTarget.checked))}
      />
    </Stack>
  )
}
