// Parley's chat widget inside the builder: the same script bot pages embed, loaded from this origin (`/chat.js`,
// which the app's CSP allows as 'self'), so the preview runs exactly the widget visitors get.
import type { ChatLog } from '../../../../../src/contract/chat.js'

export type PreviewStartFrom = { type: 'group'; groupId: string }

/** The options of `<parley-standard>` the preview uses (the widget's WidgetOptions, in part). */
export type PreviewWidgetOptions = {
  bot: string
  preview: { bot?: unknown; startFrom?: PreviewStartFrom }
  headers: Record<string, string>
  onNewInputBlock(input: { id: string; type: string }): void
  onNewLogs(logs: ChatLog[]): void
  onEnd(): void
}

export type PreviewWidgetElement = HTMLElement & { options: PreviewWidgetOptions; setTheme(theme: unknown): void }

let loading: Promise<void> | undefined

/** Loads the widget once per page; a failed load is tried again on the next call. */
export const loadWidget = (): Promise<void> => {
  loading ??= new Promise<void>((resolve, reject) => {
    if (customElements.get('parley-standard')) return resolve()
    const script = Object.assign(document.createElement('script'), { src: '/chat.js', async: true })
    script.onload = () => customElements.whenDefined('parley-standard').then(() => resolve())
    script.onerror = () => {
      script.remove()
      loading = undefined
      reject(new Error('The chat widget could not be loaded (/chat.js). Is this server serving chats?'))
    }
    document.head.append(script)
  })
  return loading
}
