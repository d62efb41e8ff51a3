// Blocks whose options depend on a chosen action: forged blocks (`options.action`: LLM providers, apps) and the
// legacy OpenAI block (`options.task`). The action's own option schema drives the form; options of other actions
// are kept when switching, so switching back loses nothing.
import { Select, Stack } from '@mantine/core'
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
  const options = optionsOf(block)
  const name = typeof options[actionKey] === 'string' ? (options[actionKey] as string) : undefined
  const action = actions.find((a) => a.name === name)
  const known = actions.map((a) => a.name)
  return (
    <Stack gap="sm">
      <Select
        label={actionKey === 'task' ? 'Task' : 'Action'}
        data={name && !action ? [...known, { value: name, label: `${name} (not run by Parley)` }] : known}
        value={name ?? null}
        onChange={(v) => onChange(withOption(block, actionKey, v ?? undefined))}
        placeholder="Pick what the block does"
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
