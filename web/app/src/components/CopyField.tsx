// A read-only value with a copy button (links, snippets, tokens shown once).
import { ActionIcon, CopyButton, Group, Textarea, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { midSentence } from '../i18n/index.js'

export const CopyField = ({ label, value, multiline, description }: { label: string; value: string; multiline?: boolean; description?: string }) => {
  const { t } = useTranslation()
  const copy = (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('Copied') : t('Copy')} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? t('Copied') : t('Copy {{label}}', { label: midSentence(label) })}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  )
  return multiline ? (
    <Group align="flex-start" gap={4} wrap="nowrap">
      <Textarea
        label={label}
        description={description}
        value={value}
        readOnly
        autosize
        minRows={2}
        maxRows={10}
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      />
      <div style={{ paddingTop: 26 }}>{copy}</div>
    </Group>
  ) : (
    <TextInput label={label} description={description} value={value} readOnly rightSection={copy} onFocus={(e) => e.currentTarget.select()} />
  )
}
