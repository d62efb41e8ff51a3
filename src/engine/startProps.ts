// `startPropsToInject` (reference 3.2 step 7): what the web client installs on the page before a live chat starts:
// the bot's custom head code, Google Tag Manager, and the trackers blocks ask for (Google Analytics, Meta pixels, see
// `BlockKind.startProps`). Computed once per compiled bot; in preview it is not sent and an info log names the tools instead.
import type { ChatLog } from './types.js'

export type StartPropsToInject = { customHeadCode?: string; gtmId?: string; googleAnalyticsId?: string; pixelIds?: string[] }
/** What a block kind adds to `startPropsToInject` (trackers the client loads before a live chat starts). */
export type StartPropsPart = { googleAnalyticsId?: string; pixelId?: string }

export type StartProps = { action: { type: 'startPropsToInject'; startPropsToInject: StartPropsToInject }; previewLog: ChatLog }

// Rules styling the "Made with" badge: bots may not hide it through their head code.
const LITE_BADGE_RULE = /[^{}\n>]*#lite-badge[^{]*\{[^}]*\}/g
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'title'])
const OPEN_TAG = /<([a-zA-Z][\w:-]*)(?:"[^"]*"|'[^']*'|[^'">])*>/y
const ANY_TAG = /<(\/?)([a-zA-Z][\w:-]*)(?:"[^"]*"|'[^']*'|[^'">])*>/g

/** Where the top-level node starting at `start` (a `<`) ends; undefined when it is neither an element nor a comment. */
const nodeEnd = (html: string, start: number): number | undefined => {
  if (html.startsWith('<!--', start)) {
    const end = html.indexOf('-->', start + 4)
    return end === -1 ? html.length : end + 3
  }
  OPEN_TAG.lastIndex = start
  const open = OPEN_TAG.exec(html)
  if (!open) return undefined
  const name = open[1].toLowerCase()
  const afterOpen = start + open[0].length
  if (VOID_ELEMENTS.has(name) || open[0].endsWith('/>')) return afterOpen
  if (RAW_TEXT_ELEMENTS.has(name)) {
    const close = html.toLowerCase().indexOf(`</${name}`, afterOpen)
    const end = close === -1 ? -1 : html.indexOf('>', close)
    return end === -1 ? html.length : end + 1
  }
  let depth = 1
  ANY_TAG.lastIndex = afterOpen
  for (let tag = ANY_TAG.exec(html); tag; tag = ANY_TAG.exec(html)) {
    if (tag[2].toLowerCase() !== name) continue
    depth += tag[1] ? -1 : 1
    if (depth === 0) return tag.index + tag[0].length
  }
  return html.length
}

/** Head code as injected: badge rules removed, then only its top-level elements and comments (loose text dropped). */
export const sanitizeHeadCode = (code: string): string => {
  const html = code.replace(LITE_BADGE_RULE, '')
  const nodes: string[] = []
  for (let at = html.indexOf('<'); at !== -1; ) {
    const end = nodeEnd(html, at)
    if (end === undefined) {
      at = html.indexOf('<', at + 1)
      continue
    }
    nodes.push(html.slice(at, end))
    at = html.indexOf('<', end)
  }
  return nodes.join('\n')
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

/** The page set-up of a bot: from its settings, and the parts its blocks' kinds ask for (in block order). */
export const buildStartProps = (settings: Record<string, any>, parts: StartPropsPart[]): StartProps | undefined => {
  const headCode = text(settings?.metadata?.customHeadCode)
  const pixelIds = parts.flatMap((part) => (part.pixelId ? [part.pixelId] : []))
  const props: StartPropsToInject = {
    customHeadCode: headCode && (sanitizeHeadCode(headCode) || undefined),
    gtmId: text(settings?.metadata?.googleTagManagerId),
    googleAnalyticsId: parts.find((part) => part.googleAnalyticsId)?.googleAnalyticsId,
    pixelIds: pixelIds.length ? pixelIds : undefined,
  }
  const tools = [
    props.customHeadCode && 'Custom head code',
    props.googleAnalyticsId && 'Google Analytics',
    props.pixelIds && 'Pixel',
    props.gtmId && 'Google Tag Manager',
  ].filter(Boolean)
  if (!tools.length) return undefined
  const startPropsToInject = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined)) as StartPropsToInject
  return {
    action: { type: 'startPropsToInject', startPropsToInject },
    previewLog: { status: 'info', description: `${tools.join(', ')} ${tools.length > 1 ? 'are' : 'is'} not enabled in Preview mode` },
  }
}
