// The logs of a preview chat, newest last: each turn's outcome (an HTTP request that failed, a variable set…).
import { Badge, Box, Code, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLog } from '../../../../../src/contract/chat.js'
import { msg } from '../../i18n/index.js'

export type LoggedEntry = { key: number; log: ChatLog }

const colors = { error: 'red', success: 'green', info: 'blue' } as const
const statuses: Record<string, string | undefined> = { error: msg('error'), success: msg('success'), info: msg('info') }

const LogRow = ({ log }: { log: ChatLog }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const status = statuses[log.status]
  const badge = (
    <Badge size="xs" variant="light" color={colors[log.status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {status ? t(status) : log.status}
    </Badge>
  )
  if (!log.details)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {badge}
        <Text size="sm">{log.description}</Text>
      </Group>
    )
  return (
    <Box>
      <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} w="100%">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {badge}
          <Text size="sm" style={{ flex: 1 }}>
            {log.description}
          </Text>
          <IconChevronRight
            size={16}
            aria-label={open ? t('Hide details') : t('Show details')}
            style={{ transform: open ? 'rotate(90deg)' : undefined, flexShrink: 0 }}
          />
        </Group>
      </UnstyledButton>
      {open && (
        <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {log.details}
        </Code>
      )}
    </Box>
  )
}

export const PreviewLogs = ({ entries }: { entries: LoggedEntry[] }) => {
  const { t } = useTranslation()
  return (
    <Stack gap={4} component="section" aria-label={t('Preview logs')}>
      <Text size="sm" fw={600}>
        {t('Logs')}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Nothing logged yet: blocks that call services or fail write here.')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={200} type="auto">
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((e) => (
              <li key={e.key}>
                <LogRow log={e.log} />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  )
}
