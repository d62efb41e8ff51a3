// How the bot performs over a period: views, starts, completions, and for each input how many visitors reached it
// and how many left there, drawn on the flow.
import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FlowView } from '../../components/FlowView.js'
import { ErrorState, LoadingState } from '../../components/states.js'
import { api, qs } from '../../lib/api.js'
import { isInputBlock } from '../../lib/blockLabels.js'
import type { Bot } from '../../lib/bots.js'
import { count, percent } from '../../lib/format.js'
import { type TimeFilter, timeFilters, timeZone } from '../../lib/results.js'
import type { Analytics } from '../../lib/types.js'

const Stat = ({ label, value, hint }: { label: string; value: string; hint: string }) => (
  <Card withBorder padding="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz={28} fw={700} aria-label={`${label}: ${value}`}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {hint}
    </Text>
  </Card>
)

export const AnalyticsTab = ({ bot }: { bot: Bot }) => {
  const { t } = useTranslation()
  const [timeFilter, setTimeFilter] = useState<TimeFilter>('allTime')
  const analytics = useQuery({
    queryKey: ['analytics', bot.id, timeFilter],
    queryFn: () => api.get<Analytics>(`/v1/bots/${bot.id}/analytics${qs({ timeFilter, timeZone: timeZone() })}`),
  })
  const byBlock = new Map(analytics.data?.blocks.map((b) => [b.blockId, b]))
  return (
    <Stack gap="md">
      <Group>
        <Select
          aria-label={t('Time period')}
          data={timeFilters.map((f) => ({ value: f.value, label: t(f.label) }))}
          value={timeFilter}
          onChange={(v) => v && setTimeFilter(v as TimeFilter)}
          allowDeselect={false}
          w={170}
        />
      </Group>
      {analytics.error ? (
        <ErrorState title={t('Analytics could not be loaded')} error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : !analytics.data ? (
        <LoadingState label={t('Loading analytics')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Stat label={t('Views')} value={count(analytics.data.views)} hint={t('Chats opened')} />
            <Stat label={t('Starts')} value={count(analytics.data.starts)} hint={t('Visitors who answered at least once')} />
            <Stat label={t('Completed')} value={count(analytics.data.completed)} hint={t('Chats that reached the end')} />
            <Stat label={t('Completion rate')} value={percent(analytics.data.completed, analytics.data.views)} hint={t('Completed ÷ views')} />
          </SimpleGrid>
          <Title order={2} size="h4" mt="sm">
            {t('Drop-off per question')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('Under each input: how many visitors reached it, and how many left the chat there.')}
          </Text>
          <FlowView
            // The bot the API answers is a validated v6 bot; `Bot` types only what the other tabs read of it.
            bot={bot}
            annotate={(block) => {
              if (!isInputBlock(block.type)) return null
              const figures = byBlock.get(block.id) ?? { reached: 0, droppedOff: 0 }
              return (
                <Group gap={4} mt={4}>
                  <Badge size="xs" variant="light" color="indigo">
                    {t('{{number}} reached', { number: count(figures.reached) })}
                  </Badge>
                  <Badge size="xs" variant="light" color={figures.droppedOff > 0 ? 'red' : 'gray'}>
                    {t('{{number}} left ({{percent}})', {
                      number: count(figures.droppedOff),
                      percent: percent(figures.droppedOff, figures.reached),
                    })}
                  </Badge>
                </Group>
              )
            }}
          />
        </>
      )}
    </Stack>
  )
}
