// Logic blocks: variables, branching, jumps, links to other bots, pauses.
import { z } from 'zod'
import { conditionSchema, opt } from '../common.js'
import { blockOf, itemBaseSchema, responseVariableMappingSchema } from './shared.js'

export const LogicBlockType = {
  SET_VARIABLE: 'Set variable',
  CONDITION: 'Condition',
  REDIRECT: 'Redirect',
  SCRIPT: 'Code',
  TYPEBOT_LINK: 'Typebot link',
  WAIT: 'Wait',
  AB_TEST: 'AB test',
  WEBHOOK: 'webhook',
  JUMP: 'Jump',
  RETURN: 'Return',
  LOOP: 'Loop',
} as const
export type LogicBlockType = (typeof LogicBlockType)[keyof typeof LogicBlockType]

// Set variable: `options.type` picks the value source; a missing type behaves as `Custom`.
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

// Condition: the first item whose condition holds wins; the block's own `outgoingEdgeId` is the "else" path.
export const conditionBlockSchema = blockOf(LogicBlockType.CONDITION, {
  items: opt(z.array(itemBaseSchema.extend({ content: opt(conditionSchema) }))),
})

export const redirectBlockSchema = blockOf(LogicBlockType.REDIRECT, {
  options: opt(z.looseObject({ url: opt(z.string()), isNewTab: opt(z.boolean()) })),
})

// Script: runs on the client unless `isExecutedOnClient` is explicitly false.
export const defaultScriptOptions = { name: 'Script', isExecutedOnClient: true } as const

export const scriptBlockSchema = blockOf(LogicBlockType.SCRIPT, {
  options: opt(
    z.looseObject({
      name: opt(z.string()),
      content: opt(z.string()),
      isExecutedOnClient: opt(z.boolean()),
      shouldExecuteInParentContext: opt(z.boolean()),
    }),
  ),
})

// Typebot link: `typebotId: 'current'` targets the same bot. v6 merges results only when asked to.
export const defaultTypebotLinkOptions = { mergeResults: false } as const

export const typebotLinkBlockSchema = blockOf(LogicBlockType.TYPEBOT_LINK, {
  options: opt(
    z.looseObject({ typebotId: opt(z.string()), groupId: opt(z.string()), mergeResults: opt(z.boolean()) }),
  ),
})

// Wait: `secondsToWaitFor` may hold `{{variables}}`, it is parsed as a float after templating.
export const defaultWaitOptions = { shouldPause: false } as const

export const waitBlockSchema = blockOf(LogicBlockType.WAIT, {
  options: opt(z.looseObject({ secondsToWaitFor: opt(z.string()), shouldPause: opt(z.boolean()) })),
})

export const defaultAbTestOptions = { aPercent: 50 } as const

export const abTestBlockSchema = blockOf(LogicBlockType.AB_TEST, {
  items: opt(z.array(itemBaseSchema.extend({ path: opt(z.enum(['a', 'b'])) }))),
  options: opt(z.looseObject({ aPercent: opt(z.number()) })),
})

// Jump: `groupId` may also be a single `{{variable}}` holding a group title.
export const jumpBlockSchema = blockOf(LogicBlockType.JUMP, {
  options: opt(z.looseObject({ groupId: opt(z.string()), blockId: opt(z.string()) })),
})

export const returnBlockSchema = blockOf(LogicBlockType.RETURN, {})

// Webhook listener: pauses until an external call posts a payload, mapped like an HTTP response.
export const webhookBlockSchema = blockOf(LogicBlockType.WEBHOOK, {
  options: opt(z.looseObject({ responseVariableMapping: opt(z.array(responseVariableMappingSchema)) })),
})

export const defaultLoopOptions = { iterations: 3 } as const

export const loopBlockSchema = blockOf(LogicBlockType.LOOP, {
  options: opt(z.looseObject({ iterations: opt(z.number()) })),
})

export type SetVariableBlock = z.infer<typeof setVariableBlockSchema>
export type ConditionBlock = z.infer<typeof conditionBlockSchema>
export type RedirectBlock = z.infer<typeof redirectBlockSchema>
export type ScriptBlock = z.infer<typeof scriptBlockSchema>
export type TypebotLinkBlock = z.infer<typeof typebotLinkBlockSchema>
export type WaitBlock = z.infer<typeof waitBlockSchema>
export type AbTestBlock = z.infer<typeof abTestBlockSchema>
export type JumpBlock = z.infer<typeof jumpBlockSchema>
export type ReturnBlock = z.infer<typeof returnBlockSchema>
export type WebhookBlock = z.infer<typeof webhookBlockSchema>
export type LoopBlock = z.infer<typeof loopBlockSchema>
export type LogicBlock =
  | SetVariableBlock
  | ConditionBlock
  | RedirectBlock
  | ScriptBlock
  | TypebotLinkBlock
  | WaitBlock
  | AbTestBlock
  | JumpBlock
  | ReturnBlock
  | WebhookBlock
  | LoopBlock

export const logicBlockSchemas = {
  [LogicBlockType.SET_VARIABLE]: setVariableBlockSchema,
  [LogicBlockType.CONDITION]: conditionBlockSchema,
  [LogicBlockType.REDIRECT]: redirectBlockSchema,
  [LogicBlockType.SCRIPT]: scriptBlockSchema,
  [LogicBlockType.TYPEBOT_LINK]: typebotLinkBlockSchema,
  [LogicBlockType.WAIT]: waitBlockSchema,
  [LogicBlockType.AB_TEST]: abTestBlockSchema,
  [LogicBlockType.JUMP]: jumpBlockSchema,
  [LogicBlockType.RETURN]: returnBlockSchema,
  [LogicBlockType.WEBHOOK]: webhookBlockSchema,
  [LogicBlockType.LOOP]: loopBlockSchema,
} as const
