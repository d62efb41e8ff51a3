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

export const ratingInputBlockSchema = blockOf(InputBlockType.RATING, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      buttonType: opt(z.enum(ratingButtonTypes)),
      length: opt(z.number()),
      startsAt: opt(numberOrVariable),
      labels: opt(z.looseObject({ left: opt(z.string()), right: opt(z.string()), button: opt(z.string()) })),
      customIcon: opt(z.looseObject({ isEnabled: opt(z.boolean()), svg: opt(z.string()) })),
      isOneClickSubmitEnabled: opt(z.boolean()),
    }),
  ),
})
export type RatingInputBlock = z.infer<typeof ratingInputBlockSchema>
