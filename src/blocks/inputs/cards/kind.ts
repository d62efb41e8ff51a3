// Cards: each card has buttons ("paths") with their own edges. The reply names a path (by id) or a card (by
// title); the chosen card's fields can be saved into variables.
import type { BlockContext } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { singleVariable, toVariableValue } from '../../../engine/variables.js'
import type { CardsBlock } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { displayedOnly, replyText, sameText, template, templateOptions } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

type Card = NonNullable<CardsBlock['items']>[number]
type Path = NonNullable<Card['paths']>[number]

/**
 * A lone card whose image, title or description is exactly one list variable is repeated once per entry
 * (the first list among titles, images, descriptions sets the count; a non-list field is shared by all).
 */
const dynamicCards = (block: CardsBlock, ctx: BlockContext): Card[] | undefined => {
  if (block.items?.length !== 1) return undefined
  const [card] = block.items
  const values = {
    title: singleVariable(card.title, ctx.variables)?.value,
    imageUrl: singleVariable(card.imageUrl, ctx.variables)?.value,
    description: singleVariable(card.description, ctx.variables)?.value,
  }
  const driver = (['title', 'imageUrl', 'description'] as const).find((field) => Array.isArray(values[field]))
  if (!driver) return undefined
  const at = (field: keyof typeof values, idx: number) => {
    const value = values[field]
    return Array.isArray(value) ? value[idx] : value
  }
  return (values[driver] as (string | null)[]).map((_, idx) => ({
    ...card,
    title: at('title', idx),
    imageUrl: at('imageUrl', idx),
    description: at('description', idx),
  }))
}

const displayedCards = async (block: CardsBlock, ctx: BlockContext): Promise<Card[]> =>
  template(dynamicCards(block, ctx) ?? (await displayedOnly(block.items ?? [], (card) => card.options?.displayCondition, ctx)), ctx)

/** The value a "save response" mapping takes from the chosen card and button. */
const fieldValue = (field: string, card: Card, path: Path | undefined): string | null | undefined => {
  switch (field) {
    case 'Image URL':
      return card.imageUrl
    case 'Title':
      return card.title
    case 'Description':
      return card.description
    case 'Button':
      return path?.text
    case 'Internal Value':
      return card.options?.internalValue
  }
}

type Mapping = { field?: string | null; variableId?: string | null }

/** Updates for the "save response" mappings that name an existing variable. */
const savedFields = (mappings: Mapping[], card: Card, path: Path | undefined, ctx: BlockContext): VariableUpdate[] =>
  mappings.flatMap(({ field, variableId }) =>
    field && variableId && ctx.variables.some((v) => v.id === variableId)
      ? [{ variableId, value: toVariableValue(fieldValue(field, card, path)) }]
      : [],
  )

export const cardsInput: InputKind<CardsBlock> = {
  type: InputBlockType.CARDS,
  category: 'input',
  prepare: async (block, ctx) => ({
    ...(await templateOptions(block, ctx)),
    items: await displayedCards(block, ctx),
  }),
  parseReply: (reply, input, ctx) => {
    const text = replyText(reply)
    if (text === undefined) return { status: 'fail' }
    const replyId = reply?.type === 'text' ? reply.metadata?.replyId : undefined
    const cards: Card[] = input.items ?? []
    const pathOf = (card: Card) => card.paths?.find((p) => p.id === text || (!!replyId && p.id === replyId))
    const titled = (card: Card) => !!card.title && sameText(card.title, text, true)
    // Repeated (dynamic) cards share path ids, so a card both titled and holding the path wins.
    const card =
      cards.find((c) => pathOf(c) && titled(c)) ??
      cards.find((c) => pathOf(c)) ??
      [...cards].sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0)).find(titled)
    if (!card) return { status: 'fail' }
    // A card named by its title goes through its first button.
    const path = pathOf(card) ?? card.paths?.[0]
    const content = card.title || card.imageUrl
    if (!content) return { status: 'fail' }
    const variableUpdates = savedFields(input.options?.saveResponseMapping ?? [], card, path, ctx)
    return {
      status: 'success',
      content,
      ...(path?.outgoingEdgeId && { outgoingEdgeId: path.outgoingEdgeId }),
      ...(variableUpdates.length > 0 && { variableUpdates }),
    }
  },
}
