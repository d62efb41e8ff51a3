// Redirect: asks the client to open a URL (templated; `https://` added when the protocol is missing).
import type { RedirectBlock } from './schema.js'
import { parseVariables } from '../../../engine/variables.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const sanitizeUrl = (url: string): string => (url && !/^[a-z][a-z0-9+.-]*:/i.test(url) ? `https://${url}` : url)

export const redirect: ActionKind<RedirectBlock> = {
  type: 'Redirect',
  category: 'logic',
  execute(block, ctx) {
    const url = parseVariables(block.options?.url, ctx.variables).trim()
    if (!url) return {}
    return { clientSideActions: [{ type: 'redirect', redirect: { url: sanitizeUrl(url), isNewTab: block.options?.isNewTab ?? false } }] }
  },
}
