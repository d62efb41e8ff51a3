// Meta Pixel: a `pixel` client action tracking the block's event (options templated; the pixel id as written).
// A block without an event only initialises the pixel, which `startPropsToInject` already does. Live chats only.
import type { PixelBlock } from '../../schema/blocks/integrations.js'
import type { ActionKind } from '../actions/types.js'
import { trackerOptions } from './trackerOptions.js'

export const pixel: ActionKind<PixelBlock> = {
  type: 'Pixel',
  execute(block, ctx) {
    const options = block.options
    if (ctx.isPreview || !options?.pixelId || !options.eventType) return {}
    const templated = trackerOptions(options, ctx) as Record<string, unknown>
    return { clientSideActions: [{ type: 'pixel', pixel: { ...templated, pixelId: options.pixelId } }] }
  },
}
