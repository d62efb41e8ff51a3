// Zendesk plugin block (`zendesk`, "Open Web Widget"): like Typebot, a `codeToExecute` client action that loads
// Zendesk's messaging snippet for the block's widget key and opens the messenger, first logging the user in when the
// block names one: the server signs that login JWT (HS256, `kid` = the credentials' conversationsKeyId, signed with
// their conversationsSecretKey, payload as Typebot's: scope "user", external_id, name, and email with
// email_verified "true" when given). The secret never leaves the server; only the signed token reaches the client.
import { createHmac } from 'node:crypto'
import type { z } from 'zod'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind } from '../../../engine/kinds.js'
import { blockCredentials, configError, credentialText, templatedOptions, text } from '../../shared/service.js'
import type { openWebWidgetOptions } from './schema.js'

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof openWebWidgetOptions>

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** A compact HS256 JWT, with `iat` added as jsonwebtoken does. */
export const signJwt = (payload: Record<string, unknown>, secret: string, keyId: string, now: Date): string => {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: keyId }))
  const body = base64url(JSON.stringify({ ...payload, iat: Math.floor(now.getTime() / 1000) }))
  return `${header}.${body}.${base64url(createHmac('sha256', secret).update(`${header}.${body}`).digest())}`
}

/** Run by the embed with the args as parameters; its string result is reported to the host page. */
const openScript = `var open = function () {
  if (isAuthEnabled === "true" && token) zE("messenger", "loginUser", function (callback) { callback(token); zE("messenger", "open"); });
  else zE("messenger", "open");
};
if (window.zE) open();
else {
  var script = document.createElement("script");
  script.id = "ze-snippet";
  script.src = "https://static.zdassets.com/ekr/snippet.js?key=" + encodeURIComponent(key);
  script.defer = true;
  script.async = true;
  script.crossOrigin = "anonymous";
  script.onload = open;
  var first = document.getElementsByTagName("script")[0];
  if (first && first.parentNode) first.parentNode.insertBefore(script, first);
  else document.head.appendChild(script);
}
return "Zendesk Web Widget Opened";`

export const forgedZendesk: ActionKind<GenericBlock> = {
  type: 'zendesk',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    if (options.action !== 'Open Web Widget')
      return { logs: [configError(options.action ? `Zendesk "${options.action}" is not an action of this block.` : 'zendesk is not configured')] }
    // Required even for anonymous visitors, as in Typebot.
    const found = await blockCredentials('Zendesk', options.credentialsId, ctx, [])
    if ('log' in found) return { logs: [found.log] }
    const [userId, email] = [text(options.userId), text(options.email)]
    let token = ''
    if (userId) {
      const [keyId, secret] = [credentialText(found.credentials, 'conversationsKeyId'), credentialText(found.credentials, 'conversationsSecretKey')]
      if (!keyId || !secret)
        return {
          logs: [
            configError(`The Zendesk credentials "${found.credentials.name}" need conversationsKeyId and conversationsSecretKey to log users in.`),
          ],
        }
      const payload = { scope: 'user', external_id: userId, name: text(options.name) ?? '', ...(email && { email, email_verified: 'true' }) }
      token = signJwt(payload, secret, keyId, ctx.runtime.now())
    }
    const args = { isAuthEnabled: userId ? 'true' : 'false', token, key: text(options.webWidgetKey) ?? '' }
    return { clientSideActions: [{ type: 'codeToExecute', codeToExecute: { args, content: openScript } }] }
  },
}
