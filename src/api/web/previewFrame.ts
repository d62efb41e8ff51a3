// The page that runs the editor's preview, on the user-content origin, in a sandboxed frame of the builder's editor
// (web/app/src/editor/preview/). The bot's own code runs here, so the page holds nothing of the builder's: the
// editor hands it a preview token (app/previewTokens.ts) through postMessage, and it reports back what the editor
// shows — the block the chat waits on, the end, the logs, a restart asked for — to the builder's origin only.
import { jsonForScript } from './html.js'

export const PREVIEW_FRAME_PATH = '/preview/frame'

/**
 * The messages the editor sends: `start` (a run: the bot's id, the token, where to start, whether the author gets the
 * run's emails, or the template of the gallery to run instead), `theme` (the theme as edited now). The frame answers
 * `ready` once it listens, then `input`, `end`, `logs` and `restart`.
 */
const bootstrap = (builderOrigin: string) => `
const builder = ${jsonForScript(builderOrigin)}
let element
const send = (message) => parent.postMessage(message, builder)
addEventListener('message', (event) => {
  if (event.origin !== builder || event.source !== parent || typeof event.data !== 'object' || !event.data) return
  const message = event.data
  if (message.type === 'theme') return element && element.setTheme(message.theme)
  if (message.type !== 'start' || typeof message.token !== 'string' || typeof message.botId !== 'string') return
  if (element) element.remove()
  element = document.createElement('parley-standard')
  element.options = {
    bot: message.botId,
    preview: Object.assign(
      typeof message.template === 'string' ? { template: message.template } : message.startFrom ? { startFrom: message.startFrom } : {},
      message.sendEmailsToMe === true ? { sendEmailsToMe: true } : {},
    ),
    headers: { authorization: 'Bearer ' + message.token },
    onNewInputBlock: (input) => send({ type: 'input', blockId: String(input.id) }),
    onEnd: () => send({ type: 'end' }),
    onNewLogs: (logs) => send({ type: 'logs', logs: JSON.parse(JSON.stringify(logs)) }),
    onRestart: () => send({ type: 'restart' }),
  }
  document.body.replaceChildren(element)
})
if (window.Parley) send({ type: 'ready' })
else send({ type: 'failed', message: 'The chat widget could not be loaded (/chat.js).' })
`

export const previewFramePage = (builderOrigin: string, nonce: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Preview</title>
<style nonce="${nonce}">
html, body { margin: 0; height: 100%; }
parley-standard { display: block; width: 100%; height: 100%; }
</style>
</head>
<body>
<script src="/chat.js"></script>
<script nonce="${nonce}">${bootstrap(builderOrigin)}</script>
</body>
</html>
`
