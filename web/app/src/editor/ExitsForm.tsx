// Where a block's exits (or an event) lead and which group a block is in, as selects: the keyboard's way to draw
// and remove edges and to move blocks between groups, and a list of a block's connections by group title.
import { Fieldset, Select, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { isEventSource } from '../../../../src/contract/bot/common.js'
import { type EdgeSource, groupOfBlock, outgoingOf, sourceKey } from '../../../../src/contract/bot/graph.js'
import { exitLabel, itemExits, showsBlockHandle } from './canvas/flowModel.js'
import type { Update } from './doc/history.js'
import { connect, moveBlock, removeEdges } from './doc/ops.js'
import type { Block, EditorBot } from './types.js'

type Props = { bot: EditorBot; change: (update: Update, key?: string) => void; readOnly: boolean }

const ExitSelect = ({ bot, change, readOnly, from, label }: Props & { from: EdgeSource; label: string }) => {
  const edgeId = outgoingOf(bot, from)
  const target = bot.edges.find((e) => e.id === edgeId)?.to.groupId
  const ownGroup = isEventSource(from) ? undefined : groupOfBlock(bot, from.blockId)?.id
  const { t } = useTranslation()
  return (
    <Select
      label={label}
      placeholder={t('Nowhere (the chat ends or goes on)')}
      data={bot.groups.filter((g) => g.id !== ownGroup).map((g) => ({ value: g.id, label: g.title || t('Untitled group') }))}
      value={target ?? null}
      clearable={!readOnly}
      searchable
      readOnly={readOnly}
      onChange={(groupId) =>
        change((b) => {
          if (groupId) return connect(b, from, { groupId }).bot
          const current = outgoingOf(b, from)
          return current ? removeEdges(b, [current]) : b
        })
      }
    />
  )
}

/** The exits a block offers on the canvas, plus any it already uses. */
export const BlockExits = (props: Props & { block: Block; isLast: boolean }) => {
  const { bot, block } = props
  const { t } = useTranslation()
  const variableName = (id: string) => bot.variables.find((v) => v.id === id)?.name ?? id
  const exits: { key: string; source: EdgeSource; label: string }[] = itemExits(block).map((exit) => ({
    key: exit.key,
    source: exit.source,
    label: t('“{{exit}}” goes to', { exit: exitLabel(block, exit, variableName) }),
  }))
  if (showsBlockHandle(block, props.isLast))
    exits.push({ key: sourceKey({ blockId: block.id }), source: { blockId: block.id }, label: t('Then go to') })
  if (exits.length === 0) return null
  return (
    <Fieldset legend={t('Connections')} variant="filled">
      <Stack gap="xs">
        {exits.map((exit) => (
          <ExitSelect key={exit.key} {...props} from={exit.source} label={exit.label} />
        ))}
      </Stack>
    </Fieldset>
  )
}

export const EventExit = (props: Props & { eventId: string }) => {
  const { t } = useTranslation()
  return <ExitSelect {...props} from={{ eventId: props.eventId }} label={t('Then go to')} />
}

/** Which group a block is in, as a select: the keyboard's way to move a block to another group (at its end). */
export const BlockGroup = ({ bot, change, readOnly, blockId }: Props & { blockId: string }) => {
  const current = bot.groups.find((g) => g.blocks.some((b) => b.id === blockId))
  const { t } = useTranslation()
  return (
    <Select
      label={t('In group')}
      data={bot.groups.map((g) => ({ value: g.id, label: g.title || t('Untitled group') }))}
      value={current?.id ?? null}
      searchable
      allowDeselect={false}
      readOnly={readOnly}
      onChange={(groupId) => {
        const target = bot.groups.find((g) => g.id === groupId)
        if (target && target.id !== current?.id) change((b) => moveBlock(b, blockId, { groupId: target.id, index: target.blocks.length }))
      }}
    />
  )
}
