// Where a block's exits (or an event) lead and which group a block is in, as selects: the keyboard's way to draw
// and remove edges and to move blocks between groups, and a list of a block's connections by group title.
import { Fieldset, Select, Stack } from '@mantine/core'
import { blockSourceKeys, showsBlockHandle } from './canvas/flowModel.js'
import { itemLabel } from './canvas/itemLabels.js'
import { type Source, sourceFromKey } from './doc/graph.js'
import type { Update } from './doc/history.js'
import { connect, moveBlock, outgoingOf, removeEdges } from './doc/ops.js'
import type { Block, EditorBot } from './types.js'

type Props = { bot: EditorBot; change: (update: Update, key?: string) => void; readOnly: boolean }

const exitName = (bot: EditorBot, block: Block, from: Source) => {
  if ('eventId' in from || !from.itemId) return 'Then go to'
  const item = ((block as { items?: { id: string; paths?: { id: string; text?: string | null }[] | null }[] }).items ?? []).find(
    (i) => i.id === from.itemId,
  )
  if (!item) return 'Then go to'
  if (from.pathId) return `“${item.paths?.find((p) => p.id === from.pathId)?.text || 'Button'}” goes to`
  return `“${itemLabel(block, item, (id) => bot.variables.find((v) => v.id === id)?.name ?? id)}” goes to`
}

const ExitSelect = ({ bot, change, readOnly, from, label }: Props & { from: Source; label: string }) => {
  const edgeId = outgoingOf(bot, from)
  const target = bot.edges.find((e) => e.id === edgeId)?.to.groupId
  const ownGroup = 'blockId' in from ? bot.groups.find((g) => g.blocks.some((b) => b.id === from.blockId))?.id : undefined
  return (
    <Select
      label={label}
      placeholder="Nowhere (the chat ends or goes on)"
      data={bot.groups.filter((g) => g.id !== ownGroup).map((g) => ({ value: g.id, label: g.title || 'Untitled group' }))}
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
  const keys = blockSourceKeys(block).filter((key) => {
    const from = sourceFromKey(key)
    return !('blockId' in from) || from.itemId !== undefined || showsBlockHandle(block, props.isLast)
  })
  if (keys.length === 0) return null
  return (
    <Fieldset legend="Connections" variant="filled">
      <Stack gap="xs">
        {keys.map((key) => {
          const from = sourceFromKey(key)
          return <ExitSelect key={key} {...props} from={from} label={exitName(bot, block, from)} />
        })}
      </Stack>
    </Fieldset>
  )
}

export const EventExit = (props: Props & { eventId: string }) => <ExitSelect {...props} from={{ eventId: props.eventId }} label="Then go to" />

/** Which group a block is in, as a select: the keyboard's way to move a block to another group (at its end). */
export const BlockGroup = ({ bot, change, readOnly, blockId }: Props & { blockId: string }) => {
  const current = bot.groups.find((g) => g.blocks.some((b) => b.id === blockId))
  return (
    <Select
      label="In group"
      data={bot.groups.map((g) => ({ value: g.id, label: g.title || 'Untitled group' }))}
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
