// Google Analytics: a `googleAnalytics` client action carrying the event with its options templated. The client
// loads the tracker from `startPropsToInject`. Live chats only, as in Typebot.
import type { ActionKind } from '../../../engine/kinds.js'
import type { GoogleAnalyticsBlock } from './schema.js'
import { trackerOptions } from '../../shared/trackerOptions.js'

export const googleAnalytics: ActionKind<GoogleAnalyticsBlock> = {
  type: 'Google Analytics',
  category: 'integration',
  async execute(block, ctx) {
    if (ctx.isPreview || !block.options) return {}
    return { clientSideActions: [{ type: 'googleAnalytics', googleAnalytics: await trackerOptions(block.options, ctx) }] }
  },
  // The first block with a tracking id names the tracker the client loads.
  startProps: (block) => (block.options?.trackingId ? { googleAnalyticsId: block.options.trackingId } : undefined),
}
