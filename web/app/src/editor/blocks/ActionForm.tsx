// Blocks whose options depend on a chosen action: forged blocks (`options.action`: LLM providers, apps) and the
// legacy OpenAI block (`options.task`). The action's own option schema drives the form; options of other actions
// are kept when switching, so switching back loses nothing.
import { Select, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { BlockAction } from '../../../../../src/contract/bot/card.js'
import type { BlockFormProps } from '../types.js'
import { credentialsTypeFor } from './credentialsType.js'
import { GenericForm } from './GenericForm.js'
import { objectFields } from './formModel.js'
import { formHints } from './hints.js'
import { optionsOf, withOption } from './blockParts.js'

export type ActionFormProps = BlockFormProps & { actionKey: 'action' | 'task'; actions: readonly BlockAction[] }

export const ActionForm = ({ block, onChange, ctx, actionKey, actions }: ActionFormProps) => {
  const { t } = useTranslation()
  const options = optionsOf(block)
  const name = typeof options[actionKey] === 'string' ? (options[actionKey] as string) : undefined
  const action = actions.find((a) => a.name === name)
  const known = actions.map((a) => a.name)
  return (
    <Stack gap="sm">
      <Select
        label={actionKey === 'task' ? t('Task') : t('Action')}
        data={name && !action ? [...known, { value: name, label: t('{{action}} (not run by Parley)', { action: name }) }] : known}
        value={name ?? null}
        onChange={(v) => onChange(withOption(block, actionKey, v ?? undefined))}
        placeholder={t('Pick what the block does')}
        readOnly={ctx.readOnly}
        allowDeselect={false}
      />
      {action && (
        <GenericForm
          fields={objectFields(z.object({ options: action.options }), formHints(block.type)).flatMap((f) => (f.kind === 'section' ? f.fields : []))}
          value={options}
          onChange={(next) => onChange({ ...block, options: next })}
          ctx={ctx}
          credentialsType={(key) => credentialsTypeFor(block.type, key)}
        />
      )}
    </Stack>
  )
}
