// Buttons ("choice input"): single choice follows the clicked item's edge; multiple choice joins the picks.
import type { BlockContext } from '../../../engine/kinds.js'
import type { ChoiceInputBlock, ChoiceInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { firstFilled, matchMultiple } from '../../shared/choiceMatching.js'
import { displayedOnly, listValue, replyText, sameText, template, templateOptions } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

type Item = NonNullable<ChoiceInputBlock['items']>[number]

/** Buttons built from a list variable: one per non-null entry, ids `choice0`, `choice1`… (no per-item edges). */
const dynamicItems = (block: ChoiceInputBlock, ctx: BlockContext): Item[] | undefined =>
  listValue(block.options?.dynamicVariableId, ctx)
    ?.filter((entry): entry is string => entry !== null)
    .map((content, idx) => ({ id: `choice${idx}`, blockId: block.id, content }))

const displayedItems = async (block: ChoiceInputBlock, ctx: BlockContext): Promise<Item[]> =>
  dynamicItems(block, ctx) ?? template(await displayedOnly(block.items ?? [], (item) => item.displayCondition, ctx), ctx)

// The saved answer is the internal value when there is one, else the label.
const savedValue = (item: Item) => firstFilled(item, ['value', 'content'])
/** In a multiple choice, as in Typebot: the internal value as it is, else the label trimmed. */
const pickedValue = (item: Item) => item.value ?? item.content?.trim() ?? ''

export const choiceInput: InputKind<ChoiceInputBlock, ChoiceInputPrepared> = {
  type: InputBlockType.CHOICE,
  category: 'input',
  prepare: async (block, ctx) => {
    // Buttons from a list variable that has no value yet: the block as written (a `{{list}}` label stays one), as Typebot.
    if (block.options?.dynamicVariableId && listValue(block.options.dynamicVariableId, ctx) === undefined) return block
    return { ...(await templateOptions(block, ctx)), items: await displayedItems(block, ctx) }
  },
  parseReply: (reply, input) => {
    const text = replyText(reply)
    if (text === undefined) return { status: 'fail' }
    const items: Item[] = input.items ?? []
    if (input.options?.isMultipleChoice) {
      const picked = matchMultiple(text, items, ['id', 'value', 'content'], false)
      if (picked.length === 0) return { status: 'fail' }
      return { status: 'success', content: picked.map(pickedValue).join(', ') }
    }
    // A client may name the clicked button in the metadata; otherwise the text is an id, a value or a label.
    const replyId = reply?.type === 'text' ? reply.metadata?.replyId : undefined
    const byLength = [...items].sort((a, b) => (b.content?.length ?? 0) - (a.content?.length ?? 0))
    const item =
      (replyId ? items.find((i) => i.id === replyId) : undefined) ??
      byLength.find((i) => i.id === text || (!!i.value && sameText(i.value, text)) || (!!i.content && sameText(i.content, text)))
    if (!item) return { status: 'fail' }
    return { status: 'success', content: savedValue(item), ...(item.outgoingEdgeId && { outgoingEdgeId: item.outgoingEdgeId }) }
  },
}
