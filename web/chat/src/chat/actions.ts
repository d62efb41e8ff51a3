// Client-side actions sent by the server. Scripts are the bot author's code and run on the embedding page (as
// Typebot's clients do); analytics events call the page's gtag/fbq, which the bot's start props may have installed.
import type { Api, ClientLog, OutgoingMessage } from '../api.js'
import { safeUrl } from '../urls.js'
import { injectStartProps } from './startProps.js'

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

const run = (script: any): Promise<unknown> => {
  const args: { id: string; value: unknown }[] = script?.args ?? []
  const fn = new AsyncFunction(...args.map((a) => a.id), String(script?.content ?? ''))
  return fn(...args.map((a) => a.value))
}

/** Runs a custom embed's function: its `args` object becomes named parameters, plus the extra ones given. */
export const runEmbedFunction = (fn: any, extra: Record<string, unknown>): Promise<unknown> => {
  const args = { ...(fn?.args ?? {}), ...extra }
  return new AsyncFunction(...Object.keys(args), String(fn?.content ?? ''))(...Object.values(args))
}

const text = (t: string): OutgoingMessage => ({ type: 'text', text: t })
const failure = (context: string, error: unknown): ActionOutcome => ({
  logs: [{ status: 'error', description: error instanceof Error ? error.message : String(error), context }],
})

const httpRequest = async (req: any): Promise<string> => {
  try {
    const body = req.body === undefined || req.body === null ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
    const res = await fetch(req.url, {
      method: req.method ?? 'GET',
      headers: req.headers ?? undefined,
      body: ['GET', 'HEAD'].includes(String(req.method ?? 'GET').toUpperCase()) ? undefined : body,
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

const track = (action: any) => {
  const w = window as any
  if (action.googleAnalytics && typeof w.gtag === 'function') {
    const o = action.googleAnalytics
    w.gtag('event', o.action, { event_category: o.category, event_label: o.label, value: o.value, send_to: o.sendTo })
  }
  if (action.pixel && typeof w.fbq === 'function') {
    const o = action.pixel
    const params = Object.fromEntries((o.params ?? []).filter((p: any) => p?.key).map((p: any) => [p.key, p.value]))
    if (o.eventType === 'Custom') w.fbq('trackCustom', o.name, params)
    else if (o.eventType) w.fbq('track', o.eventType, params)
  }
}

export const runAction = async (action: any, ctx: ActionContext): Promise<ActionOutcome> => {
  if (action.redirect) {
    const url = safeUrl(action.redirect.url)
    if (!url) return { logs: [{ status: 'error', description: 'Redirect skipped: not an http(s) URL', details: String(action.redirect.url) }] }
    if (action.redirect.isNewTab) return window.open(url, '_blank', 'noopener') ? {} : { blockedUrl: url }
    location.href = url
    return {}
  }
  const script = action.scriptToExecute ?? action.codeToExecute
  if (script) {
    try {
      await run(script)
      return {}
    } catch (error) {
      return failure('While executing script', error)
    }
  }
  if (action.setVariable) {
    try {
      const value = await run(action.setVariable.scriptToExecute)
      return { reply: text(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')) }
    } catch (error) {
      return { ...failure('While executing set variable script', error), reply: 'empty' }
    }
  }
  if (action.wait) {
    await new Promise((r) => setTimeout(r, Math.max(0, Number(action.wait.secondsToWaitFor) || 0) * 1000))
    return action.expectsDedicatedReply ? { reply: 'empty' } : {}
  }
  if (action.httpRequestToExecute) return { reply: text(await httpRequest(action.httpRequestToExecute)) }
  if (action.stream || action.type === 'stream') {
    try {
      const full = await ctx.api.streamMessage(ctx.sessionId, ctx.onStreamText)
      return full ? { reply: text(full) } : { logs: [{ status: 'error', description: 'Message streaming returned an empty answer' }] }
    } catch (error) {
      return { logs: [(error as any).log ?? { status: 'error', description: 'Message streaming returned an error', details: String(error) }] }
    }
  }
  if (action.type === 'listenForWebhook') {
    if (!ctx.resultId) return { reply: 'empty' }
    const frame = await ctx.api.listenForWebhook(ctx.resultId)
    return frame === undefined ? { reply: 'empty', logs: [{ status: 'error', description: 'Websocket returned an error' }] } : { reply: text(frame) }
  }
  if (action.googleAnalytics || action.pixel) {
    track(action)
    return {}
  }
  // Chatwoot's action is a script of the server's making that loads the bot's Chatwoot widget and opens it.
  if (action.chatwoot?.scriptToExecute) {
    try {
      await run(action.chatwoot.scriptToExecute)
      return {}
    } catch (error) {
      return failure('While opening Chatwoot', error)
    }
  }
  if (action.startPropsToInject) {
    try {
      injectStartProps(action.startPropsToInject)
      return {}
    } catch (error) {
      return failure('While injecting start props', error)
    }
  }
  return { logs: [{ status: 'info', description: `Unsupported client-side action: ${String(action.type)}` }] }
}
