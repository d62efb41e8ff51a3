import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../components/states.js'

export const NotFoundPage = () => {
  const { t } = useTranslation()
  return (
    <EmptyState
      title={t('This page does not exist')}
      action={
        <Button component={Link} to="/">
          {t('Go to your bots')}
        </Button>
      }
    >
      {t('The link may be old, or the bot or workspace was deleted or is not shared with you.')}
    </EmptyState>
  )
}
