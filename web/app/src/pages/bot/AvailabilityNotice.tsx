// What the Share tab says about the bot's availability settings (editor: Settings → Availability): when it is
// scheduled to take chats, and that an embed-only bot's page link answers "not found".
import { Alert, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { hasHostedPage, type Settings } from '../../../../../src/contract/bot/common.js'
import { browserTimeZone } from '../../editor/settings/schedule.js'

export const AvailabilityNotice = ({ settings }: { settings: Settings | undefined }) => {
  const { t, i18n } = useTranslation()
  const { opensAt, closesAt, timeZone } = settings?.general ?? {}
  const zone = timeZone ?? browserTimeZone()
  const format = (moment: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(moment))
  const schedule =
    opensAt && closesAt
      ? t('Takes new chats from {{opens}} until {{closes}} ({{zone}}).', { opens: format(opensAt), closes: format(closesAt), zone })
      : opensAt
        ? t('Takes new chats from {{opens}} ({{zone}}).', { opens: format(opensAt), zone })
        : closesAt
          ? t('Takes new chats until {{closes}} ({{zone}}).', { closes: format(closesAt), zone })
          : undefined
  if (!schedule && hasHostedPage(settings)) return null
  return (
    <Stack gap="sm">
      {schedule && (
        <Alert color="blue" variant="light" title={t('Scheduled')}>
          {schedule}
        </Alert>
      )}
      {!hasHostedPage(settings) && (
        <Alert color="gray" variant="light" title={t('Embed only')}>
          {t('The hosted page is off (Settings → Availability): its link answers “not found”. Embed the bot in a website instead.')}
        </Alert>
      )}
    </Stack>
  )
}
