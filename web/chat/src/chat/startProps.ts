// `startPropsToInject`: what the bot's settings and blocks install on the embedding page before a live chat starts
// (its custom head code, Google Tag Manager, Google Analytics, Meta pixels), as Typebot's clients do. The server
// sends it for live chats only; the bot's owner configured each of them, like a Script block's code.

type StartProps = { customHeadCode?: string; gtmId?: string; googleAnalyticsId?: string; pixelIds?: string[] }

const w = window as any

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

export const injectStartProps = (props: StartProps) => {
  if (props.customHeadCode) injectHeadCode(props.customHeadCode)
  if (props.gtmId) {
    w.dataLayer = w.dataLayer ?? []
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(props.gtmId)}`)
  }
  if (props.googleAnalyticsId) {
    w.dataLayer = w.dataLayer ?? []
    w.gtag = w.gtag ?? ((...args: unknown[]) => w.dataLayer.push(args))
    w.gtag('js', new Date())
    w.gtag('config', props.googleAnalyticsId)
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(props.googleAnalyticsId)}`)
  }
  if (props.pixelIds?.length) {
    if (typeof w.fbq !== 'function') {
      // Meta's loader protocol: calls queue until fbevents.js takes over.
      const fbq: any = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue.push(args))
      Object.assign(fbq, { queue: [], loaded: true, version: '2.0', push: fbq })
      w.fbq = w._fbq = fbq
      addScript('https://connect.facebook.net/en_US/fbevents.js')
    }
    for (const id of props.pixelIds) w.fbq('init', id)
    w.fbq('track', 'PageView')
  }
}
