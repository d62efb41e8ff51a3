// Cards: each card's `paths` are buttons with their own edges (`edge.from.pathId`).
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, displayConditionSchema, itemBaseSchema } from '../../../contract/bot/blocks/shared.js'

export const cardsSaveResponseFields = ['Image URL', 'Title', 'Description', 'Button', 'Internal Value'] as const

export const cardsBlockSchema = blockOf(InputBlockType.CARDS, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        imageUrl: opt(z.string()),
        title: opt(z.string()),
        description: opt(z.string()),
        options: opt(z.looseObject({ displayCondition: opt(displayConditionSchema), internalValue: opt(z.string()) })),
        paths: opt(z.array(z.looseObject({ id: z.string(), text: opt(z.string()), outgoingEdgeId: opt(z.string()) }))),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      saveResponseMapping: opt(z.array(z.looseObject({ field: opt(z.enum(cardsSaveResponseFields)), variableId: opt(z.string()) }))),
    }),
  ),
})
export type CardsBlock = z.infer<typeof cardsBlockSchema>

/** What the chat sends to clients as its `input`: the cards shown (display conditions applied) with the options templated. */
export const cardsPreparedSchema = cardsBlockSchema.extend({})
export type CardsPrepared = z.infer<typeof cardsPreparedSchema>
