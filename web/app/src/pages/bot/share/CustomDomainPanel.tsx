// A custom domain for the hosted page: the bot's `customDomain`, the DNS record to add, whether the domain serves the
// bot now and, where the operator requires proof (CUSTOM_DOMAIN_VERIFICATION), its HTTP challenge and a check.
import { Alert, Anchor, Badge, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CustomDomainStatus, normaliseDomain } from '../../../../../../src/contract/customDomains.js'
import { CopyField } from '../../../components/CopyField.js'
import { api } from '../../../lib/api.js'
import type { Bot } from '../../../lib/bots.js'
import { useSubmit } from '../../../lib/forms.js'

export const CustomDomainPanel = ({ bot, canWrite, onSaved }: { bot: Bot; canWrite: boolean; onSaved: () => Promise<unknown> }) => {
  const { t } = useTranslation()
  const saved = typeof bot.customDomain === 'string' ? bot.customDomain : ''
  const [domain, setDomain] = useState(saved)
  useEffect(() => setDomain(saved), [saved])
  const status = useQuery({
    queryKey: ['customDomain', bot.id, saved, bot.publishedAt],
    queryFn: () => api.get<CustomDomainStatus>(`/v1/bots/${bot.id}/customDomain`),
  })
  const [check, setCheck] = useState<CustomDomainStatus['check']>()
  const typed = normaliseDomain(domain)
  const save = useSubmit(async (value: string | null) => {
    await api.patch(`/v1/bots/${bot.id}`, { bot: { customDomain: value } })
    setCheck(undefined)
    await onSaved()
    notifications.show({ color: 'green', message: value ? t('Custom domain saved.') : t('Custom domain removed.') })
  })
  const verify = useSubmit(async () => {
    const answer = await api.post<CustomDomainStatus>(`/v1/bots/${bot.id}/customDomain/verify`)
    setCheck(answer.check)
    await status.refetch()
  })
  const state = status.data
  const titleId = useId()
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {t('Custom domain')}
          </Title>
          {state?.domain && (
            <Badge color={state.served ? 'green' : 'yellow'} variant="light">
              {state.served ? t('Served') : t('Not served yet')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('Serve the hosted page at a domain of your own, such as chat.example.org. Each domain belongs to one bot on this server.')}
        </Text>
        {canWrite && (
          <form
            onSubmit={(e) => {
              e.preventDefault()
              if (typed.ok) void save.submit(typed.domain)
            }}
          >
            <Group align="flex-start" wrap="nowrap">
              <TextInput
                label={t('Domain')}
                description={t('A host name only: no https://, port or path.')}
                placeholder="chat.example.org"
                value={domain}
                onChange={(e) => setDomain(e.currentTarget.value)}
                error={save.error ?? (domain.trim() && !typed.ok ? t('This is not a host name, such as chat.example.org.') : undefined)}
                style={{ flex: 1 }}
                autoComplete="off"
                spellCheck={false}
              />
              <Button type="submit" variant="default" mt={46} loading={save.busy} disabled={!typed.ok || (typed.domain ?? '') === saved}>
                {t('Save domain')}
              </Button>
              {saved && (
                <Button variant="subtle" color="red" mt={46} onClick={() => void save.submit(null)} disabled={save.busy}>
                  {t('Remove domain')}
                </Button>
              )}
            </Group>
          </form>
        )}
        {!canWrite && !saved && <Text size="sm">{t('No custom domain.')}</Text>}
        {state?.domain && (
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {t('To serve the bot at {{domain}}:', { domain: state.domain })}
            </Text>
            <List type="ordered" size="sm" spacing={4}>
              {state.verificationRequired && !state.verifiedAt && (
                <List.Item>{t('First prove the domain is yours: publish the file below on the site it leads to now, then verify it.')}</List.Item>
              )}
              <List.Item>{t('At your DNS provider, add a CNAME record for {{domain}} pointing to {{target}}.', state)}</List.Item>
              <List.Item>
                {t(
                  'This server’s reverse proxy routes the domain here and obtains its TLS certificate: ask its operator if it is not set up for custom domains.',
                )}
              </List.Item>
              <List.Item>{t('Publish the bot.')}</List.Item>
            </List>
            {state.served && (
              <Anchor href={`https://${state.domain}`} target="_blank" rel="noreferrer" size="sm" w="fit-content">
                {t('Open https://{{domain}}', { domain: state.domain })}
              </Anchor>
            )}
            {state.verificationRequired && state.challenge && (
              <Stack gap="xs">
                <Text size="sm">
                  {state.verifiedAt
                    ? t('Verified on {{date}}.', { date: new Date(state.verifiedAt).toLocaleString() })
                    : t(
                        'This server serves a domain once its owner has proved control of it: it fetches the address below through the domain and expects the file to hold exactly this answer.',
                      )}
                </Text>
                <CopyField label={t('Challenge address')} value={state.challenge.url} />
                <CopyField label={t('File content')} value={state.challenge.answer} />
                {canWrite && (
                  <Group>
                    <Button variant="light" onClick={() => void verify.submit()} loading={verify.busy}>
                      {t('Verify now')}
                    </Button>
                  </Group>
                )}
                {verify.error && (
                  <Alert color="red" variant="light" role="alert">
                    {verify.error}
                  </Alert>
                )}
                {check && (
                  <Alert
                    color={check.ok ? 'green' : 'red'}
                    variant="light"
                    role={check.ok ? 'status' : 'alert'}
                    title={check.ok ? t('The domain is verified') : t('The domain could not be verified')}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {check.message}
                  </Alert>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
