// Set variable: `options.type` picks the value source; a missing type behaves as `Custom`.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const setVariableValueTypes = [
  'Custom',
  'Empty',
  'Append value(s)',
  'Environment name',
  'Transcript',
  'User ID',
  'Result ID',
  'Now',
  'Today',
  'Yesterday',
  'Tomorrow',
  'Random ID',
  'Moment of the day',
  'Map item with same index',
  'Pop',
  'Shift',
  'Phone number',
  'Contact name',
  'Referral Click ID',
  'Referral Source ID',
  'Device type',
] as const
export type SetVariableValueType = (typeof setVariableValueTypes)[number]
export const defaultSetVariableOptions = { type: 'Custom', isExecutedOnClient: false, isCode: false } as const

export const setVariableBlockSchema = blockOf(LogicBlockType.SET_VARIABLE, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isExecutedOnClient: opt(z.boolean()),
      type: opt(z.enum(setVariableValueTypes)),
      expressionToEvaluate: opt(z.string()),
      isCode: opt(z.boolean()),
      item: opt(z.string()),
      timeZone: opt(z.string()),
      mapListItemParams: opt(
        z.looseObject({
          baseItemVariableId: opt(z.string()),
          baseListVariableId: opt(z.string()),
          targetListVariableId: opt(z.string()),
        }),
      ),
      saveItemInVariableId: opt(z.string()),
    }),
  ),
})
export type SetVariableBlock = z.infer<typeof setVariableBlockSchema>
