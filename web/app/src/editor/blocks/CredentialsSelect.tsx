// Picking the workspace credentials a block uses, among those of the type it reads. Secrets never reach the
// browser: the list is names and types only (GET /v1/workspaces/{id}/credentials).
import { Anchor, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { msg } from '../../i18n/index.js'
import { api } from '../../lib/api.js'
import { credentialLabel } from '../../lib/credentialTypes.js'
import type { Credential } from '../../lib/types.js'
import type { EditorContext } from '../types.js'

/** The send-email block's `credentialsId: 'default'` is the server's own SMTP settings. */
const specialChoices: Record<string, { value: string; label: string }[]> = { smtp: [{ value: 'default', label: msg("The server's email settings") }] }

export type CredentialsSelectProps = {
  label: string
  value: string | null | undefined
  onChange: (id: string | undefined) => void
  type: string | undefined
  ctx: EditorContext
  description?: string
}

export const CredentialsSelect = ({ label, value, onChange, type, ctx, description }: CredentialsSelectProps) => {
  const { t } = useTranslation()
  const list = useQuery({
    queryKey: ['credentials', ctx.workspaceId],
    queryFn: () => api.get<{ credentials: Credential[] }>(`/v1/workspaces/${ctx.workspaceId}/credentials`).then((r) => r.credentials),
  })
  const fitting = (list.data ?? []).filter((c) => !type || c.type === type)
  const data = [
    ...(type ? (specialChoices[type] ?? []).map((choice) => ({ ...choice, label: t(choice.label) })) : []),
    ...fitting.map((c) => ({ value: c.id, label: type ? c.name : `${c.name} (${credentialLabel(c.type)})` })),
  ]
  if (value && !data.some((d) => d.value === value))
    data.push({ value, label: list.isPending ? t('Loading…') : t('Not in this workspace ({{id}})', { id: value }) })
  const kind = type ? credentialLabel(type) : t('credentials')
  // The sentence is one text; its link is the part between <link> and </link>.
  const [beforeLink, linkText, afterLink] = t('No {{kind}} credentials yet: add them on the <link>credentials page</link>.', { kind }).split(
    /<\/?link>/,
  )
  return (
    <Select
      label={label}
      description={
        description ??
        (list.error
          ? t('The credentials could not be loaded.')
          : list.data &&
            fitting.length === 0 && (
              <>
                {beforeLink}
                <Anchor component={Link} to={`/w/${ctx.workspaceId}/credentials`} size="xs">
                  {linkText}
                </Anchor>
                {afterLink}
              </>
            ))
      }
      placeholder={t('Pick {{kind}} credentials', { kind })}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable={!ctx.readOnly}
      readOnly={ctx.readOnly}
    />
  )
}
