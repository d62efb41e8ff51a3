// Meta Pixel: a `pixel` client action tracking the block's event (options templated; the pixel id as written).
// A block without an event only initialises the pixel, which `startPropsToInject` does. Live chats only.
import type { ActionKind } from '../../../engine/kinds.js'
import type { PixelBlock } from './schema.js'
import { trackerOptions } from '../../shared/trackerOptions.js'

export const pixel: ActionKind<PixelBlock> = {
  type: 'Pixel',
  category: 'integration',
  async execute(block, ctx) {
    const options = block.options
    if (ctx.isPreview || !options?.pixelId || !options.eventType) return {}
    const templated = await trackerOptions(options, ctx)
    return { clientSideActions: [{ type: 'pixel', pixel: { ...templated, pixelId: options.pixelId } }] }
  },
  // The client loads every pixel of the bot before the chat starts, unless the block skips the initialisation.
  startProps: (block) => (block.options?.pixelId && block.options.isInitSkip !== true ? { pixelId: block.options.pixelId } : undefined),
}
