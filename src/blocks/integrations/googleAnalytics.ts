// Google Analytics: a `googleAnalytics` client action carrying the event with its options templated. The client
// loads the tracker from `startPropsToInject`. Live chats only, as in Typebot.
import type { GoogleAnalyticsBlock } from '../../schema/blocks/integrations.js'
import type { ActionKind } from '../actions/types.js'
import { trackerOptions } from './trackerOptions.js'

export const googleAnalytics: ActionKind<GoogleAnalyticsBlock> = {
  type: 'Google Analytics',
  execute(block, ctx) {
    if (ctx.isPreview || !block.options) return {}
    return { clientSideActions: [{ type: 'googleAnalytics', googleAnalytics: trackerOptions(block.options, ctx) }] }
  },
}
