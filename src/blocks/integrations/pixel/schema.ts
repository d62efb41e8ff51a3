// Meta Pixel. Without `eventType` the block only initialises the pixel.
import { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, keyValueSchema } from '../../../contract/bot/blocks/shared.js'

export const pixelEventTypes = [
  'Lead',
  'Contact',
  'CompleteRegistration',
  'Schedule',
  'SubmitApplication',
  'ViewContent',
  'AddPaymentInfo',
  'AddToCart',
  'AddToWishlist',
  'CustomizeProduct',
  'Donate',
  'FindLocation',
  'InitiateCheckout',
  'Purchase',
  'Search',
  'StartTrial',
  'Subscribe',
  'Custom',
] as const

export const pixelBlockSchema = blockOf(IntegrationBlockType.PIXEL, {
  options: opt(
    z.looseObject({
      pixelId: opt(z.string()),
      isInitSkip: opt(z.boolean()),
      params: opt(z.array(keyValueSchema)),
      eventType: opt(z.enum(pixelEventTypes)),
      // Event name, for `eventType: 'Custom'`.
      name: opt(z.string()),
    }),
  ),
})
export type PixelBlock = z.infer<typeof pixelBlockSchema>
