// Buttons ("choice input"): single choice follows the clicked item's edge; multiple choice joins the picks.
import type { BlockContext } from '../../engine/types.js'
import { type ChoiceInputBlock, InputBlockType } from '../../schema/blocks/inputs.js'
import { firstFilled, matchMultiple } from './choiceMatching.js'
import { isDisplayed, listValue, replyText, sameText, template, templateOptions } from './helpers.js'
import type { InputKind } from './types.js'

type Item = NonNullable<ChoiceInputBlock['items']>[number]

/** Buttons built from a list variable: one per non-null entry, ids `choice0`, `choice1`… (no per-item edges). */
const dynamicItems = (block: ChoiceInputBlock, ctx: BlockContext): Item[] | undefined =>
  listValue(block.options?.dynamicVariableId, ctx)
    ?.filter((entry): entry is string => entry !== null)
    .map((content, idx) => ({ id: `choice${idx}`, blockId: block.id, content }))

const displayedItems = (block: ChoiceInputBlock, ctx: BlockContext): Item[] =>
  dynamicItems(block, ctx) ??
  template(
    (block.items ?? []).filter((item) => isDisplayed(item.displayCondition, ctx)),
    ctx,
  )

// The saved answer is the internal value when there is one, else the label.
const savedValue = (item: Item) => firstFilled(item, ['value', 'content'])

export const choiceInput: InputKind<ChoiceInputBlock> = {
  type: InputBlockType.CHOICE,
  prepare: (block, ctx) => ({
    ...templateOptions(block, ctx),
    items: displayedItems(block, ctx),
  }),
  parseReply: (reply, input) => {
    const text = replyText(reply)
    if (text === undefined) return { status: 'fail' }
    const items: Item[] = input.items ?? []
    if (input.options?.isMultipleChoice) {
      const picked = matchMultiple(text, items, ['id', 'value', 'content'], false)
      if (picked.length === 0) return { status: 'fail' }
      return { status: 'success', content: picked.map(savedValue).join(', ') }
    }
    // A client may name the clicked button in the metadata; otherwise the text is an id, a value or a label.
    const replyId = reply?.type === 'text' ? reply.metadata?.replyId : undefined
    const byLength = [...items].sort((a, b) => (b.content?.length ?? 0) - (a.content?.length ?? 0))
    const item =
      (replyId ? items.find((i) => i.id === replyId) : undefined) ??
      byLength.find(
        (i) => i.id === text || (!!i.value && sameText(i.value, text)) || (!!i.content && sameText(i.content, text)),
      )
    if (!item) return { status: 'fail' }
    return { status: 'success', content: savedValue(item), ...(item.outgoingEdgeId && { outgoingEdgeId: item.outgoingEdgeId }) }
  },
}
