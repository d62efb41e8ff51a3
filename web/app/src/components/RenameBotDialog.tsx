// Renaming a bot from its page or the dashboard: a name dialog saving through PATCH /v1/bots/{id}.
import { useTranslation } from 'react-i18next'
import { api } from '../lib/api.js'
import { NameDialog } from './NameDialog.js'

export const RenameBotDialog = ({
  bot,
  opened,
  onClose,
  onRenamed,
}: {
  bot: { id: string; name: string }
  opened: boolean
  onClose: () => void
  onRenamed: () => Promise<unknown>
}) => {
  const { t } = useTranslation()
  return (
    <NameDialog
      opened={opened}
      onClose={onClose}
      title={t('Rename the bot')}
      initial={bot.name}
      submitLabel={t('Rename')}
      onSubmit={async (name) => {
        await api.patch(`/v1/bots/${bot.id}`, { bot: { name } })
        await onRenamed()
      }}
    />
  )
}
