// Client-side actions sent by the server. Scripts are the bot author's code and run on the embedding page (as
// Typebot's clients do); analytics events call the page's gtag/fbq, which the bot's start props may have installed.
import type { ClientSideAction } from '../../../../src/blocks/wire.js'
import { type Api, type ClientLog, NetworkError, type OutgoingMessage } from '../api.js'
import { safeUrl } from '../urls.js'
import { injectStartProps, pageTrackers } from './startProps.js'

export type ActionContext = {
  api: Api
  sessionId: string
  resultId?: string
  /** Shows streamed text as it arrives. */
  onStreamText(text: string): void
}

/** What an action leads to: a reply for the server (or `{}` when it expects one without content), logs to post. */
export type ActionOutcome = { reply?: OutgoingMessage | 'empty'; logs?: ClientLog[]; blockedUrl?: string }

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<unknown>

type Script = Extract<ClientSideAction, { type: 'scriptToExecute' }>['scriptToExecute']
type Code = Extract<ClientSideAction, { type: 'codeToExecute' }>['codeToExecute']
type HttpRequest = Extract<ClientSideAction, { type: 'httpRequestToExecute' }>['httpRequestToExecute']

/** A script with the bot's variables it names as parameters. */
const run = (script: Script): Promise<unknown> => {
  const fn = new AsyncFunction(...script.args.map((a) => a.id), script.content)
  return fn(...script.args.map((a) => a.value))
}

/** Runs a plugin's function: its `args` object becomes named parameters, plus the extra ones given. */
export const runEmbedFunction = (fn: Code, extra: Record<string, unknown>): Promise<unknown> => {
  const args = { ...fn.args, ...extra }
  return new AsyncFunction(...Object.keys(args), fn.content)(...Object.values(args))
}

const text = (t: string): OutgoingMessage => ({ type: 'text', text: t })
const failure = (context: string, error: unknown): ActionOutcome => ({
  logs: [{ status: 'error', description: error instanceof Error ? error.message : String(error), context }],
})
const attempt = async (context: string, work: () => Promise<unknown> | unknown): Promise<ActionOutcome> => {
  try {
    await work()
    return {}
  } catch (error) {
    return failure(context, error)
  }
}

const httpRequest = async (req: HttpRequest): Promise<string> => {
  try {
    const body = req.body === undefined || req.body === null ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: ['GET', 'HEAD'].includes(req.method.toUpperCase()) ? undefined : body,
      credentials: req.withCredentials ? 'include' : 'same-origin',
    })
    const raw = await res.text()
    let data: unknown = raw
    try {
      data = JSON.parse(raw)
    } catch {}
    return JSON.stringify({ statusCode: res.status, data })
  } catch (error) {
    return JSON.stringify({ statusCode: 500, data: error instanceof Error ? error.message : String(error) })
  }
}

/** Options as the block's author wrote them (templated): only keyed params count. */
const pixelParams = (params: unknown) =>
  Object.fromEntries(
    (Array.isArray(params) ? params : []).flatMap((p: { key?: unknown; value?: unknown } | null) => (p?.key ? [[String(p.key), p.value]] : [])),
  )

const streamed = async (ctx: ActionContext): Promise<ActionOutcome> => {
  try {
    const full = await ctx.api.streamMessage(ctx.sessionId, ctx.onStreamText)
    return full ? { reply: text(full) } : { logs: [{ status: 'error', description: 'Message streaming returned an empty answer' }] }
  } catch (error) {
    const log = error instanceof NetworkError ? error.log : undefined
    return { logs: [log ?? { status: 'error', description: 'Message streaming returned an error', details: String(error) }] }
  }
}

export const runAction = async (action: ClientSideAction, ctx: ActionContext): Promise<ActionOutcome> => {
  switch (action.type) {
    case 'redirect': {
      const url = safeUrl(action.redirect.url)
      if (!url) return { logs: [{ status: 'error', description: 'Redirect skipped: not an http(s) URL', details: String(action.redirect.url) }] }
      if (action.redirect.isNewTab) return window.open(url, '_blank', 'noopener') ? {} : { blockedUrl: url }
      location.href = url
      return {}
    }
    case 'scriptToExecute':
      return attempt('While executing script', () => run(action.scriptToExecute))
    case 'codeToExecute':
      return attempt('While executing script', () => runEmbedFunction(action.codeToExecute, {}))
    case 'setVariable':
      try {
        const value = await run(action.setVariable.scriptToExecute)
        return { reply: text(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')) }
      } catch (error) {
        return { ...failure('While executing set variable script', error), reply: 'empty' }
      }
    case 'wait':
      await new Promise((r) => setTimeout(r, Math.max(0, action.wait.secondsToWaitFor || 0) * 1000))
      return action.expectsDedicatedReply ? { reply: 'empty' } : {}
    case 'httpRequestToExecute':
      return { reply: text(await httpRequest(action.httpRequestToExecute)) }
    case 'stream':
    case 'streamOpenAiChatCompletion':
      return streamed(ctx)
    case 'listenForWebhook': {
      if (!ctx.resultId) return { reply: 'empty' }
      const frame = await ctx.api.listenForWebhook(ctx.resultId)
      return frame === undefined
        ? { reply: 'empty', logs: [{ status: 'error', description: 'Websocket returned an error' }] }
        : { reply: text(frame) }
    }
    case 'googleAnalytics': {
      const o = action.googleAnalytics
      const { gtag } = pageTrackers()
      gtag?.('event', o.action, { event_category: o.category, event_label: o.label, value: o.value, send_to: o.sendTo })
      return {}
    }
    case 'pixel': {
      const o = action.pixel
      const { fbq } = pageTrackers()
      if (o.eventType === 'Custom') fbq?.('trackCustom', o.name, pixelParams(o.params))
      else if (o.eventType) fbq?.('track', o.eventType, pixelParams(o.params))
      return {}
    }
    // Chatwoot's action is a script of the server's making that loads the bot's Chatwoot widget and opens it.
    case 'chatwoot':
      return attempt('While opening Chatwoot', () => run(action.chatwoot.scriptToExecute))
    case 'startPropsToInject':
      return attempt('While injecting start props', () => injectStartProps(action.startPropsToInject))
    default:
      return { logs: [{ status: 'info', description: `Unsupported client-side action: ${String((action as { type?: unknown }).type)}` }] }
  }
}
