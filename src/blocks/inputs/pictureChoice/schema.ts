import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultChoiceInputOptions, displayConditionSchema, itemBaseSchema } from '../../../contract/bot/blocks/shared.js'

export const defaultPictureChoiceOptions = {
  ...defaultChoiceInputOptions,
  dynamicItems: { isEnabled: false },
} as const

export const pictureChoiceBlockSchema = blockOf(InputBlockType.PICTURE_CHOICE, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        pictureSrc: opt(z.string()),
        title: opt(z.string()),
        description: opt(z.string()),
        value: opt(z.string()),
        displayCondition: opt(displayConditionSchema),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isMultipleChoice: opt(z.boolean()),
      isSearchable: opt(z.boolean()),
      buttonLabel: opt(z.string()),
      searchInputPlaceholder: opt(z.string()),
      // Builds the pictures from parallel list variables.
      dynamicItems: opt(
        z.looseObject({
          isEnabled: opt(z.boolean()),
          titlesVariableId: opt(z.string()),
          descriptionsVariableId: opt(z.string()),
          pictureSrcsVariableId: opt(z.string()),
        }),
      ),
    }),
  ),
})
export type PictureChoiceBlock = z.infer<typeof pictureChoiceBlockSchema>

/** What the chat sends to clients as its `input`: the pictures shown (display conditions applied, or made from the list variables) with the options templated. */
export const pictureChoicePreparedSchema = pictureChoiceBlockSchema.extend({})
export type PictureChoicePrepared = z.infer<typeof pictureChoicePreparedSchema>
