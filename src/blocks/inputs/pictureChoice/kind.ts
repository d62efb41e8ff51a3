// Picture choice: like buttons, but items are pictures with a title; matching ignores case.
import type { BlockContext } from '../../../engine/kinds.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { PictureChoiceBlock, PictureChoicePrepared } from './schema.js'
import { firstFilled, matchMultiple } from '../../shared/choiceMatching.js'
import { displayedOnly, listValue, replyText, sameText, template, templateOptions } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

type Item = NonNullable<PictureChoiceBlock['items']>[number]

/** Pictures built from parallel list variables (sources, titles, descriptions), ids `0`, `1`… */
const dynamicItems = (block: PictureChoiceBlock, ctx: BlockContext): Item[] | undefined => {
  const dynamic = block.options?.dynamicItems
  if (!dynamic?.isEnabled) return undefined
  const sources = listValue(dynamic.pictureSrcsVariableId, ctx)
  if (!sources) return undefined
  const titles = listValue(dynamic.titlesVariableId, ctx)
  const descriptions = listValue(dynamic.descriptionsVariableId, ctx)
  return sources
    .filter((src): src is string => src !== null)
    .map((pictureSrc, idx) => ({
      id: String(idx),
      blockId: block.id,
      pictureSrc,
      title: titles?.[idx] ?? '',
      description: descriptions?.[idx] ?? '',
    }))
}

const displayedItems = async (block: PictureChoiceBlock, ctx: BlockContext): Promise<Item[]> =>
  dynamicItems(block, ctx) ?? template(await displayedOnly(block.items ?? [], (item) => item.displayCondition, ctx), ctx)

// Saved: the internal value, else the title, else the picture URL.
const savedValue = (item: Item) => firstFilled(item, ['value', 'title', 'pictureSrc'])
/** In a multiple choice, as in Typebot: the internal value as it is, else the title (or picture URL) trimmed. */
const pickedValue = (item: Item) => item.value ?? (item.title || item.pictureSrc)?.trim() ?? ''

export const pictureChoiceInput: InputKind<PictureChoiceBlock, PictureChoicePrepared> = {
  type: InputBlockType.PICTURE_CHOICE,
  category: 'input',
  prepare: async (block, ctx) => ({
    ...(await templateOptions(block, ctx)),
    items: await displayedItems(block, ctx),
  }),
  parseReply: (reply, input) => {
    const text = replyText(reply)
    if (text === undefined) return { status: 'fail' }
    const items: Item[] = input.items ?? []
    if (input.options?.isMultipleChoice) {
      const picked = matchMultiple(text, items, ['value', 'title'], true)
      if (picked.length === 0) return { status: 'fail' }
      return { status: 'success', content: picked.map(pickedValue).join(', ') }
    }
    const replyId = reply?.type === 'text' ? reply.metadata?.replyId : undefined
    const byLength = [...items].sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0))
    const named = (field: string | null | undefined) => !!field && sameText(field, text, true)
    const item =
      (replyId ? items.find((i) => i.id === replyId) : undefined) ??
      byLength.find((i) => i.id === text || named(i.value) || named(i.title) || named(i.pictureSrc))
    if (!item) return { status: 'fail' }
    return { status: 'success', content: savedValue(item), ...(item.outgoingEdgeId && { outgoingEdgeId: item.outgoingEdgeId }) }
  },
}
