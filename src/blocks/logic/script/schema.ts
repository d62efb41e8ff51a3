// Script: runs on the client unless `isExecutedOnClient` is explicitly false.
import { z } from 'zod'
import { LogicBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

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
export type ScriptBlock = z.infer<typeof scriptBlockSchema>
