// The HTML pages Parley serves to browsers: a published bot full-page (`/{publicId}`), the page saying why a bot
// cannot be chatted with, and the home page (`/`). Built as strings: every bot or visitor value is escaped (html.ts).
import type { HostedBot } from '../../app/hostedPages.js'
import { builtInTextsOf } from '../../contract/bot/builtInTexts.js'
import { cssColor, cssUrl, escapeHtml, httpUrl, jsonForScript } from './html.js'

type LiveBot = Extract<HostedBot, { status: 'live' }>

/** A speech bubble, the favicon of pages whose bot names none. */
const DEFAULT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="4" width="28" height="19" rx="6" fill="#2563eb"/><path d="M9 23v6l7-6z" fill="#2563eb"/><circle cx="10" cy="13.5" r="2" fill="#fff"/><circle cx="16" cy="13.5" r="2" fill="#fff"/><circle cx="22" cy="13.5" r="2" fill="#fff"/></svg>',
)}`

/**
 * Metadata texts with `{{variable}}` filled from the values the bot itself sets for its variables (never a
 * visitor's: the page is the same for everyone); variables without one are left out.
 */
const fillVariables = (text: unknown, variables: LiveBot['variables']): string => {
  if (typeof text !== 'string') return ''
  return text
    .replace(/\{\{([^{}]+)\}\}/g, (_, name: string) => {
      const variable = variables.find((v) => v.name === name.trim())
      return typeof variable?.value === 'string' || typeof variable?.value === 'number' ? String(variable.value) : ''
    })
    .trim()
}

/** The page background: the theme's colour or image (templated ones, set while chatting, are the widget's job). */
const backgroundCss = (theme: LiveBot['theme']) => {
  const background = theme.general?.background
  if (background?.type === 'Image') {
    const url = httpUrl(background.content)
    if (url) return `background: #fff ${cssUrl(url)} center / cover no-repeat fixed;`
  }
  if (background?.type === 'None') return 'background: #fff;'
  return `background: ${cssColor(background?.content) ?? '#fff'};`
}

export type BotPageOptions = {
  bot: LiveBot
  /** The query string's parameters, given to the chat as prefilled variables. */
  prefilledVariables: Record<string, string>
  /** The nonce of the inline script and style (the CSP names it). */
  nonce: string
  /** The author's customHeadCode, when the operator allows it (HOSTED_PAGE_CUSTOM_HEAD). */
  customHeadCode?: string
}

export const botPage = ({ bot, prefilledVariables, nonce, customHeadCode }: BotPageOptions) => {
  const metadata = bot.settings.metadata ?? {}
  const title = fillVariables(metadata.title, bot.variables) || bot.name || 'Chat'
  const description = fillVariables(metadata.description, bot.variables) || `Chat with ${title}.`
  const image = httpUrl(fillVariables(metadata.imageUrl, bot.variables))
  const icon = httpUrl(fillVariables(metadata.favIconUrl, bot.variables)) ?? DEFAULT_ICON
  const hideQuery = bot.settings.general?.isHideQueryParamsEnabled ?? true
  // The page's own lines, in the bot's language.
  const texts = builtInTextsOf(bot.settings)
  const hasQuery = Object.keys(prefilledVariables).length > 0
  const meta = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:image', image],
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', image],
  ]
    .filter(([, content]) => content)
    .map(([name, content]) => `<meta ${name!.startsWith('og:') ? 'property' : 'name'}="${name}" content="${escapeHtml(content!)}">`)
  // The widget starts once it has the bot and the variables together (initStandard on the page's element); the
  // query string, read by the server, can leave the address bar first.
  const init = jsonForScript({ bot: bot.publicId, ...(hasQuery && { prefilledVariables }) })
  const bootstrap = [
    hideQuery && hasQuery && "if (location.search) history.replaceState(history.state, '', location.pathname + location.hash)",
    "const element = document.querySelector('parley-standard')",
    `if (window.Parley) Parley.initStandard(Object.assign(${init}, { element }))`,
    // No widget (the script is not built, or did not load): say so instead of an empty page.
    "else element.remove(), (document.querySelector('.parley-message[hidden]').hidden = false)",
  ]
    .filter(Boolean)
    .join('\n')
  return `<!doctype html>
<html lang="${escapeHtml(bot.settings.general?.language ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
${metadata.allowIndexing === true ? '' : '<meta name="robots" content="noindex">\n'}<link rel="icon" href="${escapeHtml(icon)}">
${meta.join('\n')}
<style nonce="${nonce}">
html, body { margin: 0; height: 100%; }
body { ${backgroundCss(bot.theme)} }
parley-standard { display: block; width: 100%; height: 100%; height: 100dvh; }
.parley-message { font: 16px/1.5 system-ui, sans-serif; padding: 2rem; text-align: center; }
.parley-message[hidden] { display: none; }
</style>
${customHeadCode ?? ''}
</head>
<body>
<noscript><p class="parley-message">${escapeHtml(texts.needsJavaScript)}</p></noscript>
<p class="parley-message" hidden>${escapeHtml(texts.chatNotLoaded)}</p>
<parley-standard></parley-standard>
<script src="/chat.js"></script>
<script nonce="${nonce}">
${bootstrap}
</script>
</body>
</html>
`
}

const STATUS_STYLE = `
:root { color-scheme: light dark; --fg: #1f2937; --muted: #6b7280; --bg: #f3f4f6; --card: #fff; --accent: #2563eb; }
@media (prefers-color-scheme: dark) { :root { --fg: #f3f4f6; --muted: #9ca3af; --bg: #111827; --card: #1f2937; --accent: #60a5fa; } }
html, body { margin: 0; min-height: 100%; }
body { display: grid; place-items: center; min-height: 100vh; background: var(--bg); color: var(--fg);
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { box-sizing: border-box; width: min(36rem, calc(100% - 2rem)); margin: 1rem; padding: 2rem 2.25rem;
  background: var(--card); border-radius: 16px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.08); }
h1 { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 1.3; }
p { margin: 0.5rem 0; } .muted { color: var(--muted); font-size: 0.9rem; }
a { color: var(--accent); } code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, monospace; }
ul { padding-left: 1.25rem; } li { margin: 0.25rem 0; }
@media (max-width: 480px) { main { padding: 1.25rem 1.25rem; } }
`

/** A plain page (home, errors): a heading and paragraphs of trusted HTML, built by the callers below. */
const simplePage = (title: string, body: string, nonce: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${escapeHtml(DEFAULT_ICON)}">
<style nonce="${nonce}">${STATUS_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

/** Why a bot cannot be chatted with: unknown or unpublished (`missing`), or closed by its author. */
export const unavailablePage = (bot: Exclude<HostedBot, LiveBot>, nonce: string) =>
  bot.status === 'closed'
    ? simplePage(
        bot.name || 'Closed',
        `<h1>${escapeHtml(bot.message || 'This bot is now closed')}</h1>
<p>${bot.name ? `<strong>${escapeHtml(bot.name)}</strong> no longer takes` : 'It no longer takes'} new conversations.</p>`,
        nonce,
      )
    : simplePage(
        'Bot not found',
        `<h1>There is no bot here</h1>
<p>No published bot has this address. Check the link you were given: the bot may have been renamed, unpublished or removed.</p>`,
        nonce,
      )

export const homePage = (nonce: string) =>
  simplePage(
    'Parley',
    `<h1>Parley</h1>
<p>This is a Parley server: a self-hosted chatbot runtime that runs bots in Typebot's format.</p>
<ul>
<li><a href="/docs">API reference</a> (the <a href="/v1/openapi.json">OpenAPI document</a>): the management API under <code>/v1</code>,
and Typebot's chat API under <code>/api</code>.</li>
<li>To publish a bot: import or create it (<code>POST /v1/bots/import</code>), then <code>POST /v1/bots/{botId}/publish</code>.
It can then be chatted with at <code>/{publicId}</code> on this server, or embedded in any site with the script at
<a href="/chat.js"><code>/chat.js</code></a>.</li>
<li><a href="/health">Service health</a>.</li>
</ul>
<p class="muted">Bots are not listed here: open the address of the bot you were given.</p>`,
    nonce,
  )
