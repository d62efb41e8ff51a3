// The credentials step of using a template: each block that needs credentials gets the workspace's credentials of
// its type, chosen or created in place (the Share tab's picker), so the new bot does not fail on its first chat.
import { Fieldset, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { cardOf } from '../../../../../../src/blocks/cards.js'
import { credentialLabel } from '../../../lib/credentialTypes.js'
import { ChannelCredentials } from '../../bot/share/ChannelCredentials.js'
import type { TemplateSummary } from './types.js'

export const TemplateCredentials = ({
  template,
  workspaceId,
  chosen,
  onChange,
}: {
  template: TemplateSummary
  workspaceId: string
  /** Credentials id by block id. */
  chosen: Record<string, string>
  onChange: (chosen: Record<string, string>) => void
}) => {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('Some blocks of this template call a service: choose the credentials they use, or add new ones. The bot uses them from its first chat.')}
      </Text>
      {template.credentials.map((need) => {
        const card = cardOf(need.blockType)
        return (
          <Fieldset
            key={need.blockId}
            legend={t('{{block}} block: {{kind}} credentials', { block: card ? t(card.label) : need.blockType, kind: credentialLabel(need.type) })}
          >
            <ChannelCredentials
              workspaceId={workspaceId}
              type={need.type}
              value={chosen[need.blockId] ?? null}
              onChange={(id) => {
                const { [need.blockId]: _, ...others } = chosen
                onChange(id ? { ...others, [need.blockId]: id } : others)
              }}
              canWrite
            />
          </Fieldset>
        )
      })}
    </Stack>
  )
}
