// The custom elements <parley-standard>, <parley-popup>, <parley-bubble>: a shadow root with the widget's styles,
// the bot's custom CSS, and the Widget. Attributes mirror the basic options; init* sets `options` directly.
import type { Theme } from '../../../src/contract/bot/common.js'
import { render } from 'preact'
import { Conversation } from './chat/conversation.js'
import type { Mode, WidgetOptions } from './options.js'
import inputsCss from './inputs/inputs.css'
import css from './styles.css'
import { Widget } from './Widget.js'

/** Where the script came from: the default API host (captured while the script runs). */
const scriptOrigin = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src
  try {
    return src ? new URL(src).origin : location.origin
  } catch {
    return location.origin
  }
})()

export const mounted = new Set<ParleyElement>()

export abstract class ParleyElement extends HTMLElement {
  static observedAttributes = ['bot', 'api-host', 'auto-show-delay', 'trigger']
  abstract readonly mode: Mode
  private _options?: WidgetOptions
  private root?: ShadowRoot
  private customStyle?: HTMLStyleElement
  /** Where Preact renders, after the two style elements. */
  private container?: HTMLDivElement
  private conversation?: Conversation
  private isOpen = false
  /** What had the focus before the chat opened: it gets it back when the chat closes. */
  private opener?: Element | null
  private timer?: ReturnType<typeof setTimeout>
  /** The page's elements that open this chat (the `trigger` option), marked while they are. */
  private triggers: HTMLElement[] = []

  get options(): WidgetOptions {
    const delay = this.getAttribute('auto-show-delay')
    const trigger = this.getAttribute('trigger')
    return {
      bot: this.getAttribute('bot') ?? '',
      apiHost: this.getAttribute('api-host') ?? undefined,
      ...(delay !== null && { autoShowDelay: Number(delay) }),
      ...(trigger !== null && { trigger }),
      ...this._options,
    }
  }

  /** The name commands reach this chat by: the `id` option, else the element's own id. */
  get instanceId(): string | undefined {
    return this._options?.id ?? (this.id || undefined)
  }

  set options(options: WidgetOptions) {
    this._options = options
    this.update()
  }

  connectedCallback() {
    if (!this.root) {
      this.root = this.attachShadow({ mode: 'open' })
      const style = document.createElement('style')
      style.textContent = css + inputsCss
      this.customStyle = document.createElement('style')
      this.container = document.createElement('div')
      this.container.className = `p-root p-${this.mode}`
      this.root.append(style, this.customStyle, this.container)
    }
    mounted.add(this)
    document.addEventListener('click', this.onPageClick)
    const delay = this.options.autoShowDelay
    if (this.mode !== 'standard' && typeof delay === 'number' && delay >= 0) this.timer = setTimeout(() => this.open(), delay)
    this.update()
  }

  disconnectedCallback() {
    clearTimeout(this.timer)
    mounted.delete(this)
    document.removeEventListener('click', this.onPageClick)
    this.markTriggers([])
    if (this.container) render(null, this.container)
    this.conversation?.close()
    this.conversation = undefined
  }

  attributeChangedCallback() {
    this.update()
  }

  private ensureConversation() {
    if (this.conversation) return this.conversation
    const o = this.options
    if (!o.bot) return undefined
    const options = () => this.options
    this.conversation = new Conversation({
      bot: o.bot,
      apiHost: o.apiHost || scriptOrigin,
      headers: o.headers,
      // Read at each (re)start: the builder's preview hands over the draft as it is edited.
      get preview() {
        return options().preview
      },
      prefilledVariables: o.prefilledVariables,
      resultId: o.resultId,
      onAnswer: (a) => this.options.onAnswer?.(a),
      onEnd: () => this.options.onEnd?.(),
      onNewInputBlock: (i) => this.options.onNewInputBlock?.(i),
      onNewLogs: (l) => this.options.onNewLogs?.(l),
      onRestart: this.options.onRestart && (() => this.options.onRestart?.()),
    })
    this.conversation.start()
    return this.conversation
  }

  /** The elements the `trigger` option names now (a selector matches elements added since, too). */
  private triggerElements(): HTMLElement[] {
    const trigger = this.options.trigger
    if (this.mode === 'standard' || !trigger) return []
    if (typeof trigger !== 'string') return Array.isArray(trigger) ? trigger : [trigger]
    try {
      return [...document.querySelectorAll<HTMLElement>(trigger)]
    } catch {
      return []
    }
  }

  /** A click on (or inside) a trigger toggles this chat; delegated, so triggers added later work too. */
  private onPageClick = (event: MouseEvent) => {
    const path = event.composedPath()
    if (!this.triggerElements().some((el) => path.includes(el))) return
    event.preventDefault()
    this.toggle()
  }

  /** Tells assistive technology what the triggers do and whether this chat is open. */
  private markTriggers(triggers: HTMLElement[]) {
    for (const el of this.triggers) {
      if (triggers.includes(el)) continue
      el.removeAttribute('aria-haspopup')
      el.removeAttribute('aria-expanded')
    }
    for (const el of triggers) {
      el.setAttribute('aria-haspopup', 'dialog')
      el.setAttribute('aria-expanded', String(this.isOpen))
    }
    this.triggers = triggers
  }

  private update() {
    if (!this.container) return
    this.markTriggers(this.triggerElements())
    // Inline chats start as soon as they know their bot (from an attribute or from initStandard).
    if (this.mode === 'standard') this.ensureConversation()
    render(
      <Widget
        mode={this.mode}
        options={this.options}
        isOpen={this.isOpen}
        conversation={this.conversation}
        setOpen={(open) => (open ? this.open() : this.close())}
        setCustomCss={(text) => {
          if (this.customStyle) this.customStyle.textContent = text
        }}
      />,
      this.container,
    )
  }

  open() {
    if (this.mode === 'standard' || this.isOpen) return
    clearTimeout(this.timer)
    // One modal at a time: another open popup closes first (each keeps its own chat for when it opens again).
    if (this.mode === 'popup') for (const other of mounted) if (other !== this && other.mode === 'popup') other.close()
    // Our own launcher when it was clicked, else the page's focused element.
    this.opener = this.root?.activeElement ?? document.activeElement
    this.isOpen = true
    this.ensureConversation()
    this.update()
  }

  close() {
    if (!this.isOpen) return
    this.isOpen = false
    this.update()
    if (this.opener instanceof HTMLElement && this.opener !== document.body && this.opener !== this) this.opener.focus()
  }

  toggle() {
    if (this.isOpen) this.close()
    else this.open()
  }

  setPrefilledVariables(variables: Record<string, unknown>) {
    const o = this.options
    this._options = { ...o, prefilledVariables: { ...o.prefilledVariables, ...variables } }
  }

  /** Fills the current input's text field, as if the user had typed it. */
  setInputValue(value: string) {
    const field = this.root?.querySelector<HTMLInputElement | HTMLTextAreaElement>('.p-input input:not([type=file]), .p-input textarea')
    if (!field) return
    field.value = value
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }

  sendCommand(command: string) {
    this.conversation?.command(command)
  }

  /** Restyles the running chat with another theme (the builder's preview follows the theme editor with it). */
  setTheme(theme: Theme | undefined) {
    this.conversation?.setTheme(theme)
  }
}

export class ParleyStandard extends ParleyElement {
  readonly mode = 'standard'
}
export class ParleyPopup extends ParleyElement {
  readonly mode = 'popup'
}
export class ParleyBubble extends ParleyElement {
  readonly mode = 'bubble'
}

export const defineElements = () => {
  for (const [name, ctor] of [
    ['parley-standard', ParleyStandard],
    ['parley-popup', ParleyPopup],
    ['parley-bubble', ParleyBubble],
  ] as const)
    if (!customElements.get(name)) customElements.define(name, ctor)
}
