// The settings form of a block: the kind's hand-tuned form where the generic one is poor, else the form derived
// from its schema (or, for forged blocks, from its action's options); a kind Parley does not know is shown as its
// JSON, read-only, never as an empty panel.
import { Alert, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { cardOf } from '../../../../../src/blocks/cards.js'
import { blockSchemaByType } from '../../../../../src/blocks/schemas.js'
import { BubbleBlockType, InputBlockType, IntegrationBlockType, LogicBlockType } from '../../../../../src/contract/bot/blockTypes.js'
import type { BlockFormProps } from '../types.js'
import { ActionForm } from './ActionForm.js'
import { catalogEntry } from './catalog.js'
import { ConditionForm } from './ConditionForm.js'
import { credentialsTypeFor } from './credentialsType.js'
import { GenericForm } from './GenericForm.js'
import { objectFields } from './formModel.js'
import { formHints } from './hints.js'
import { HttpRequestForm } from './HttpRequestForm.js'
import { ItemsForm } from './ItemsForm.js'
import { BotLinkForm, JumpForm } from './LinkForms.js'
import { SetVariableForm } from './SetVariableForm.js'
import { TextBubbleForm } from '../richText/TextBubbleForm.js'

type BlockForm = ComponentType<BlockFormProps>

/** Kinds whose hand-tuned form reads better than the generic one. */
const forms = new Map<string, BlockForm>([
  [BubbleBlockType.TEXT, TextBubbleForm],
  [InputBlockType.CHOICE, ItemsForm],
  [InputBlockType.PICTURE_CHOICE, ItemsForm],
  [LogicBlockType.CONDITION, ConditionForm],
  [LogicBlockType.SET_VARIABLE, SetVariableForm],
  [LogicBlockType.JUMP, JumpForm],
  [LogicBlockType.TYPEBOT_LINK, BotLinkForm],
  [IntegrationBlockType.HTTP_REQUEST, HttpRequestForm],
  [IntegrationBlockType.ZAPIER, HttpRequestForm],
  [IntegrationBlockType.MAKE_COM, HttpRequestForm],
  [IntegrationBlockType.PABBLY_CONNECT, HttpRequestForm],
])

const schemaOf = (type: string): z.ZodType | undefined =>
  Object.hasOwn(blockSchemaByType, type) ? (blockSchemaByType as Record<string, z.ZodType>)[type] : undefined

const SchemaForm = ({ block, onChange, ctx, schema }: BlockFormProps & { schema: z.ZodType }) => {
  const fields = objectFields(schema, formHints(block.type))
  // Sections of the block itself (options, content) are shown flat: the panel is already the block's.
  const flat = fields.flatMap((f) => (f.kind === 'section' && (f.key === 'options' || f.key === 'content') ? [{ ...f, label: '' }] : [f]))
  return (
    <GenericForm
      fields={flat}
      value={block}
      onChange={(next) => onChange(next as typeof block)}
      ctx={ctx}
      credentialsType={(key) => credentialsTypeFor(block.type, key)}
    />
  )
}

const UnknownKind = ({ block }: BlockFormProps) => {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <Alert icon={<IconInfoCircle size={18} aria-hidden />} title={t('This kind of block cannot be edited here')} color="gray">
        {t('Parley does not know blocks of type “{{type}}”. They are kept as they are when the bot is saved; change them in the bot’s JSON.', {
          type: block.type,
        })}
      </Alert>
      <Textarea
        label={t('The block’s JSON')}
        value={JSON.stringify(block, null, 2)}
        readOnly
        autosize
        maxRows={20}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
    </Stack>
  )
}

export const BlockSettings = (props: BlockFormProps) => {
  const { t } = useTranslation()
  const { type } = props.block
  const Form = forms.get(type)
  const actions = cardOf(type)?.actions
  const schema = schemaOf(type)
  const body = Form ? (
    <Form {...props} />
  ) : actions ? (
    <ActionForm {...props} actionKey={actions.key} actions={actions.list} />
  ) : schema ? (
    <SchemaForm {...props} schema={schema} />
  ) : (
    <UnknownKind {...props} />
  )
  const entry = catalogEntry(type)
  const label = entry ? t(entry.label) : type
  return (
    <Stack gap="md" aria-label={t('{{block}} settings', { block: label })} role="region">
      <div>
        <Title order={3} size="h5">
          {label}
        </Title>
        {entry && (
          <Text size="xs" c="dimmed">
            {t(entry.description)}
          </Text>
        )}
      </div>
      {body}
    </Stack>
  )
}
