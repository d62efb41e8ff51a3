import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, numberOrVariable } from '../../../contract/bot/blocks/shared.js'

export const ratingButtonTypes = ['Icons', 'Numbers'] as const
export const defaultRatingInputOptions = {
  buttonType: 'Numbers',
  length: 10,
  startsAt: 0,
  labels: { button: defaultButtonLabel },
  customIcon: { isEnabled: false },
  isOneClickSubmitEnabled: false,
} as const

const ratingOptionsSchema = z.looseObject({
  variableId: opt(z.string()),
  buttonType: opt(z.enum(ratingButtonTypes)),
  length: opt(z.number()),
  startsAt: opt(numberOrVariable),
  labels: opt(z.looseObject({ left: opt(z.string()), right: opt(z.string()), button: opt(z.string()) })),
  customIcon: opt(z.looseObject({ isEnabled: opt(z.boolean()), svg: opt(z.string()) })),
  isOneClickSubmitEnabled: opt(z.boolean()),
})

export const ratingInputBlockSchema = blockOf(InputBlockType.RATING, { options: opt(ratingOptionsSchema) })
export type RatingInputBlock = z.infer<typeof ratingInputBlockSchema>

/** What the chat sends to clients as its `input`: options templated, the scale's start as a number. */
export const ratingInputPreparedSchema = ratingInputBlockSchema.extend({
  prefilledValue: z.string().optional(),
  options: opt(ratingOptionsSchema.extend({ startsAt: z.number().optional() })),
})
export type RatingInputPrepared = z.infer<typeof ratingInputPreparedSchema>
