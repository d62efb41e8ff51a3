// Cards: each card has buttons ("paths") with their own edges. The reply names a path (by id) or a card (by
// title); the chosen card's fields can be saved into variables.
import type { BlockContext } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { singleVariable, toVariableValue } from '../../../engine/variables.js'
import type { CardsBlock, CardsPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { displayedOnly, replyText, sameText, template, templateOptions } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

type Card = NonNullable<CardsBlock['items']>[number]
type Path = NonNullable<Card['paths']>[number]

/**
 * A lone card whose image, title, description or internal value is exactly one list variable is repeated once per
 * entry (the first list among titles, images, descriptions, internal values sets the count; a non-list variable is
 * shared by all; literal text stays). As in Typebot, each generated card's buttons get their own ids,
 * `dynamic-card-{card}-path-{button}`, so a reply names one card's button.
 */
const dynamicCards = (block: CardsBlock, ctx: BlockContext): Card[] | undefined => {
  if (block.items?.length !== 1) return undefined
  const [card] = block.items
  const values = {
    title: singleVariable(card.title, ctx.variables)?.value,
    imageUrl: singleVariable(card.imageUrl, ctx.variables)?.value,
    description: singleVariable(card.description, ctx.variables)?.value,
    internalValue: singleVariable(card.options?.internalValue, ctx.variables)?.value,
  }
  const driver = (['title', 'imageUrl', 'description', 'internalValue'] as const).find((field) => Array.isArray(values[field]))
  if (!driver) return undefined
  const at = (field: keyof typeof values, idx: number, literal: string | null | undefined) => {
    const value = values[field]
    if (Array.isArray(value)) return value[idx]
    return value === undefined ? literal : (value as string | null)
  }
  return (values[driver] as (string | null)[]).map((_, idx) => ({
    ...card,
    title: at('title', idx, card.title),
    imageUrl: at('imageUrl', idx, card.imageUrl),
    description: at('description', idx, card.description),
    options: { ...card.options, internalValue: at('internalValue', idx, card.options?.internalValue) },
    paths: card.paths?.map((path, j) => ({ ...path, id: `dynamic-card-${idx}-path-${j}` })),
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

/**
 * Updates for the "save response" mappings that name an existing variable. As in Typebot, a field the card does
 * not have leaves its variable as it is (an empty internal value too).
 */
const savedFields = (mappings: Mapping[], card: Card, path: Path | undefined, ctx: BlockContext): VariableUpdate[] =>
  mappings.flatMap(({ field, variableId }) => {
    if (!field || !variableId || !ctx.variables.some((v) => v.id === variableId)) return []
    const value = fieldValue(field, card, path)
    if (value === undefined || (field === 'Internal Value' && !value)) return []
    return [{ variableId, value: toVariableValue(value) }]
  })

export const cardsInput: InputKind<CardsBlock, CardsPrepared> = {
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
    // Longest title first, so that a title containing another's is not taken for it.
    const card = [...cards].sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0)).find((c) => pathOf(c) || titled(c))
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
