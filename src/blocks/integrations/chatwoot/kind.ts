// Chatwoot: a `chatwoot` client action whose script opens the Chatwoot live-chat widget (loading the SDK from the
// instance first, identifying the user when an id or email is given, tagging the conversation with the result) or
// closes it. Values are templated on the server and embedded as JSON literals, so the script needs no args.
import { withTemplating } from '../../shared/inputs.js'
import { type ChatwootBlock, defaultChatwootOptions } from './schema.js'
import type { ActionKind, BlockContext } from '../../../engine/kinds.js'

type Options = NonNullable<ChatwootBlock['options']>

const closeScript = `if (window.$chatwoot) {
  window.$chatwoot.toggle("close");
  window.$chatwoot.toggleBubbleVisibility("hide");
}`

/** Identifies the visitor when the block gives an id or an email (the id, else the email, is Chatwoot's identifier). */
const identifyUser = (user: Options['user'], value: (text: string | null | undefined) => string): string => {
  const [id, email] = [value(user?.id), value(user?.email)]
  if (!id && !email) return ''
  const literal = (text: string) => (text ? JSON.stringify(text) : 'undefined')
  const fields = `email: ${literal(email)}, name: ${literal(value(user?.name))}, avatar_url: ${literal(value(user?.avatarUrl))}, phone_number: ${literal(value(user?.phoneNumber))}`
  return `window.$chatwoot.setUser(${JSON.stringify(id || email)}, { ${fields} });\n  `
}

const openScript = (options: Options, ctx: BlockContext, text: (value: string | null | undefined) => string): string => {
  const value = (source: string | null | undefined) => text(source).trim()
  const attributes = JSON.stringify({ parley_bot_id: ctx.bot.botId, parley_result_id: ctx.entry.resultId })
  return `var open = function () {
  ${identifyUser(options.user, value)}if (window.Typebot && window.Typebot.unmount) window.Typebot.unmount();
  window.$chatwoot.setCustomAttributes(${attributes});
  window.$chatwoot.toggle("open");
};
window.addEventListener("chatwoot:error", function (error) { console.log(error); });
if (window.$chatwoot) open();
else {
  var baseUrl = ${JSON.stringify(value(options.baseUrl) || defaultChatwootOptions.baseUrl)};
  var sdk = document.createElement("script");
  sdk.src = baseUrl + "/packs/js/sdk.js";
  sdk.defer = true;
  sdk.async = true;
  sdk.onload = function () {
    window.chatwootSDK.run({ websiteToken: ${JSON.stringify(value(options.websiteToken))}, baseUrl: baseUrl });
    window.addEventListener("chatwoot:ready", open);
  };
  document.head.appendChild(sdk);
}`
}

export const chatwoot: ActionKind<ChatwootBlock> = {
  type: 'Chatwoot',
  category: 'integration',
  async execute(block, ctx) {
    const options = block.options ?? {}
    const isClose = options.task === 'Close widget'
    // Opening the widget ties the conversation to a result, which previews do not have.
    if (!isClose && ctx.isPreview) return { logs: [{ status: 'info', description: 'Chatwoot block is not supported in preview' }] }
    const content = isClose ? closeScript : await withTemplating(options, ctx, (text) => openScript(options, ctx, text))
    return { clientSideActions: [{ type: 'chatwoot', chatwoot: { scriptToExecute: { content, args: [] } } }] }
  },
}
