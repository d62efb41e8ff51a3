// Buttons.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, displayConditionSchema, itemBaseSchema } from '../../../contract/bot/blocks/shared.js'

// The defaults are in contract/ because the picture choice input extends them.
export { defaultChoiceInputOptions } from '../../../contract/bot/blocks/shared.js'

export const choiceInputBlockSchema = blockOf(InputBlockType.CHOICE, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        content: opt(z.string()),
        // Internal value saved instead of the displayed content (newest builds).
        value: opt(z.string()),
        displayCondition: opt(displayConditionSchema),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isMultipleChoice: opt(z.boolean()),
      buttonLabel: opt(z.string()),
      // Builds the buttons from a list variable instead of `items`.
      dynamicVariableId: opt(z.string()),
      isSearchable: opt(z.boolean()),
      searchInputPlaceholder: opt(z.string()),
    }),
  ),
})
export type ChoiceInputBlock = z.infer<typeof choiceInputBlockSchema>

/** What the chat sends to clients as its `input`: the buttons shown (display conditions applied, or made from the list variable) with the options templated. */
export const choiceInputPreparedSchema = choiceInputBlockSchema.extend({})
export type ChoiceInputPrepared = z.infer<typeof choiceInputPreparedSchema>
