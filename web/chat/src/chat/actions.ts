// Client-side actions sent by the server. Scripts are the bot author's code and run on the embedding page (as
// Typebot's clients do); analytics only call a gtag/fbq the page already has: the widget never loads scripts.
import type { Api, ClientLog, OutgoingMessage } from '../api.js'
import { safeUrl } from './richText.js'

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

const text = (t: string): OutgoingMessage => ({ type: 'text', text: t })
const failure = (description: string, error: unknown): ActionOutcome => ({
  logs: [{ status: 'error', description, details: error instanceof Error ? error.message : String(error) }],
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
      return failure('Script failed to execute', error)
    }
  }
  if (action.setVariable) {
    try {
      const value = await run(action.setVariable.scriptToExecute)
      return { reply: text(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')) }
    } catch (error) {
      return { ...failure('Set variable script failed', error), reply: 'empty' }
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
    const frame = await ctx.api.listenForWebhook(ctx.resultId).reply
    return frame === undefined ? { reply: 'empty', logs: [{ status: 'error', description: 'Websocket returned an error' }] } : { reply: text(frame) }
  }
  if (action.googleAnalytics || action.pixel) {
    track(action)
    return {}
  }
  if (action.chatwoot) return { logs: [{ status: 'info', description: 'Chatwoot is not supported by the Parley widget' }] }
  if (action.startPropsToInject)
    return { logs: [{ status: 'info', description: 'Start props (analytics, head code) are not injected by the Parley widget' }] }
  return { logs: [{ status: 'info', description: `Unsupported client-side action: ${String(action.type)}` }] }
}
