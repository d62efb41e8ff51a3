// `startPropsToInject`: what the bot's settings and blocks install on the embedding page before a live chat starts
// (its custom head code, Google Tag Manager, Google Analytics, Meta pixels), as Typebot's clients do. The server
// sends it for live chats only; the bot's owner configured each of them, like a Script block's code.

import type { StartPropsToInject } from '../../../../src/contract/chatWire.js'

type Call = (...args: unknown[]) => void
/** Meta's pixel function: calls queue until its loader takes over. */
type Fbq = Call & { callMethod?: Call; queue: unknown[][]; loaded?: boolean; version?: string; push?: Fbq }
/** The trackers' globals on the page (Google's data layer and gtag, Meta's fbq), whoever installed them. */
type Trackers = { dataLayer?: unknown[]; gtag?: Call; fbq?: Fbq; _fbq?: Fbq }

const w = window as Window & Trackers

/** The page's trackers, when installed (by the start props or by the page itself). */
export const pageTrackers = (): Trackers => ({
  gtag: typeof w.gtag === 'function' ? w.gtag : undefined,
  fbq: typeof w.fbq === 'function' ? w.fbq : undefined,
})

const addScript = (src: string) => {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.append(script)
}

/** Head code as elements: scripts parsed with innerHTML do not run, so each is re-created. */
const injectHeadCode = (code: string) => {
  const template = document.createElement('template')
  template.innerHTML = code
  for (const node of [...template.content.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement('script')
      for (const { name, value } of [...node.attributes]) script.setAttribute(name, value)
      script.textContent = node.textContent
      document.head.append(script)
    } else document.head.append(node)
  }
}

export const injectStartProps = (props: StartPropsToInject) => {
  if (props.customHeadCode) injectHeadCode(props.customHeadCode)
  if (props.gtmId) {
    w.dataLayer = w.dataLayer ?? []
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(props.gtmId)}`)
  }
  if (props.googleAnalyticsId) {
    const dataLayer = (w.dataLayer = w.dataLayer ?? [])
    const gtag = (w.gtag = w.gtag ?? ((...args: unknown[]) => dataLayer.push(args)))
    gtag('js', new Date())
    gtag('config', props.googleAnalyticsId)
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(props.googleAnalyticsId)}`)
  }
  if (props.pixelIds?.length) {
    let fbq = pageTrackers().fbq
    if (!fbq) {
      // Meta's loader protocol: calls queue until fbevents.js takes over.
      const queued: Fbq = Object.assign((...args: unknown[]) => (queued.callMethod ? queued.callMethod(...args) : queued.queue.push(args)), {
        queue: [],
        loaded: true,
        version: '2.0',
      })
      queued.push = queued
      fbq = w.fbq = w._fbq = queued
      addScript('https://connect.facebook.net/en_US/fbevents.js')
    }
    for (const id of props.pixelIds) fbq('init', id)
    fbq('track', 'PageView')
  }
}
