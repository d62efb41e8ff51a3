// A messaging channel's card on the Share tab: its credentials (picked or made in place), what the channel needs
// set on its side (the panel's `connection`), and the bot's settings there — on or off, the start condition and when
// a quiet chat starts over — saved on the bot as the other Share settings are, effective once it is published.
import { Badge, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Condition } from '../../../../../../src/contract/bot/common.js'
import { api } from '../../../lib/api.js'
import type { Bot } from '../../../lib/bots.js'
import { useSubmit } from '../../../lib/forms.js'
import { ChannelCredentials } from './ChannelCredentials.js'
import { type Channel, type ChannelSettings, channelFields, EXPIRY } from './channels.js'
import { StartConditionEditor } from './StartConditionEditor.js'

export type ChannelPanelProps = { bot: Bot; canWrite: boolean; onSaved: () => Promise<unknown> }

type Props = ChannelPanelProps & {
  channel: Channel
  title: string
  intro: ReactNode
  /** The numbered set-up steps and the guide's mention. */
  steps: ReactNode
  /** What to set on the channel's side for the chosen credentials (webhook address, tokens). */
  connection: (credentialsId: string) => ReactNode
  enabledDescription: string
  saveLabel: string
}

/** The settings as saved: a start condition without comparisons is no condition. */
const settingsOf = (base: ChannelSettings | undefined, isEnabled: boolean, condition: Condition | undefined, expiry: number): ChannelSettings => {
  const { startCondition: _, ...rest } = base ?? {}
  return {
    ...rest,
    isEnabled,
    ...(condition?.comparisons?.length ? { startCondition: condition } : {}),
    sessionExpiryTimeout: expiry,
  }
}

export const ChannelPanel = ({ bot, canWrite, onSaved, channel, title, intro, steps, connection, enabledDescription, saveLabel }: Props) => {
  const { t } = useTranslation()
  const titleId = useId()
  const fields = channelFields[channel]
  const saved = bot.settings[channel] as ChannelSettings | undefined
  const savedCredentials = (bot[fields.credentialsId] as string | null | undefined) ?? null
  const [credentialsId, setCredentialsId] = useState<string | null>(savedCredentials)
  const [isEnabled, setEnabled] = useState(saved?.isEnabled === true)
  const [condition, setCondition] = useState<Condition | undefined>(saved?.startCondition)
  const [expiry, setExpiry] = useState<number | string>(saved?.sessionExpiryTimeout ?? EXPIRY.default)
  const expiryHours = typeof expiry === 'number' ? expiry : Number.parseFloat(expiry)
  const expiryError =
    Number.isFinite(expiryHours) && expiryHours >= EXPIRY.min && expiryHours <= EXPIRY.max
      ? null
      : t('Between {{min}} and {{max}} hours.', { min: EXPIRY.min, max: EXPIRY.max })
  const next = settingsOf(saved, isEnabled, condition, expiryHours)
  const dirty =
    credentialsId !== savedCredentials ||
    JSON.stringify(next) !==
      JSON.stringify(settingsOf(saved, saved?.isEnabled === true, saved?.startCondition, saved?.sessionExpiryTimeout ?? EXPIRY.default))
  const save = useSubmit(async () => {
    if (expiryError) throw new Error(t('The session expiry must be between {{min}} and {{max}} hours.', { min: EXPIRY.min, max: EXPIRY.max }))
    if (isEnabled && !credentialsId) throw new Error(t('Pick or create credentials before turning the channel on.'))
    await api.patch(`/v1/bots/${bot.id}`, { bot: { [fields.credentialsId]: credentialsId, settings: { ...bot.settings, [channel]: next } } })
    await onSaved()
    notifications.show({ color: 'green', message: t('Saved. Publish for the change to take effect.') })
  })
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack>
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Badge variant="light" color={saved?.isEnabled && savedCredentials ? 'green' : 'gray'}>
            {saved?.isEnabled && savedCredentials ? t('On') : t('Off')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {steps}
        <ChannelCredentials
          workspaceId={bot.workspaceId}
          type={fields.credentialsType}
          value={credentialsId}
          onChange={setCredentialsId}
          canWrite={canWrite}
        />
        {credentialsId && connection(credentialsId)}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save.submit()
          }}
        >
          <Stack>
            <Switch
              label={t('Enabled')}
              description={enabledDescription}
              checked={isEnabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
              disabled={!canWrite}
            />
            <StartConditionEditor value={condition} onChange={setCondition} readOnly={!canWrite} />
            <NumberInput
              label={t('Session expiry (hours)')}
              description={t('A chat quiet for longer starts over with the contact’s next message. From {{min}} to {{max}} hours.', {
                min: EXPIRY.min,
                max: EXPIRY.max,
              })}
              value={expiry}
              onChange={setExpiry}
              min={EXPIRY.min}
              max={EXPIRY.max}
              step={0.5}
              decimalScale={2}
              error={expiryError}
              readOnly={!canWrite}
              inputContainer={(input) => <div style={{ maxWidth: 240 }}>{input}</div>}
            />
            <Text size="xs" c="dimmed">
              {t('Contacts chat with the published bot: changes take effect once it is published.')}{' '}
              {canWrite ? t('Use “Publish” above.') : t('Ask a member of the workspace to publish it.')}
            </Text>
            {canWrite && (
              <Group>
                <Button type="submit" loading={save.busy}>
                  {saveLabel}
                </Button>
                {dirty && !save.error && (
                  <Text c="dimmed" size="sm">
                    {t('Unsaved changes')}
                  </Text>
                )}
                {save.error && (
                  <Text c="red" size="sm" role="alert">
                    {save.error}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        </form>
      </Stack>
    </Card>
  )
}
