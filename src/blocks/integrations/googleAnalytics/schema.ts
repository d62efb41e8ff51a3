import { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, numberOrVariable } from '../../../contract/bot/blocks/shared.js'

export const googleAnalyticsBlockSchema = blockOf(IntegrationBlockType.GOOGLE_ANALYTICS, {
  options: opt(
    z.looseObject({
      trackingId: opt(z.string()),
      category: opt(z.string()),
      action: opt(z.string()),
      label: opt(z.string()),
      value: opt(numberOrVariable),
      sendTo: opt(z.string()),
    }),
  ),
})
export type GoogleAnalyticsBlock = z.infer<typeof googleAnalyticsBlockSchema>
