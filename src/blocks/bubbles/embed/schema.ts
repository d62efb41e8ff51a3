import { z } from 'zod'
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'

export const defaultEmbedBubbleContent = { height: 400 } as const

export const embedBubbleBlockSchema = blockOf(BubbleBlockType.EMBED, {
  content: opt(
    z.looseObject({
      url: opt(z.string()),
      height: opt(numberOrVariable),
      // When enabled, the flow pauses after the embed until the client posts the awaited event's payload.
      waitForEvent: opt(z.looseObject({ isEnabled: opt(z.boolean()), name: opt(z.string()), saveDataInVariableId: opt(z.string()) })),
    }),
  ),
})
export type EmbedBubbleBlock = z.infer<typeof embedBubbleBlockSchema>
