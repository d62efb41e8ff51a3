// One conversation with a bot: calls the API, paces the bot's messages (typing emulation), runs client-side actions
// in order, and exposes a state the view renders. Independent of the view so commands can drive it.
import type { ChatInput, ChatMessage, ClientSideAction } from '../../../../src/blocks/wire.js'
import { BubbleBlockType } from '../../../../src/contract/bot/blockTypes.js'
import type { Settings, Theme } from '../../../../src/contract/bot/common.js'
import type { Language } from '../../../../src/contract/languages.js'
import { type Api, type ChatResponse, type ClientLog, createApi, NetworkError, type OutgoingMessage } from '../api.js'
import { type ChatTexts, chatLanguage, chatTexts } from '../i18n/index.js'
import type { Reply } from '../inputs/types.js'
import type { WidgetOptions } from '../options.js'
import { type ActionContext, runAction } from './actions.js'
import { plainText } from './richText.js'
import { forget, recall, save } from './storage.js'
import { withDynamicTheme } from '../theme.js'

type NewEntry =
  | { from: 'bot'; message: ChatMessage }
  | { from: 'user'; text: string; retry?: boolean; labelled?: boolean }
  | { from: 'notice'; text: string; link?: { label: string; url: string } }
export type Entry = NewEntry & { key: number }

export type State = {
  entries: Entry[]
  typing: boolean
  input: ChatInput | null
  theme: Theme
  settings: Settings
  progress?: number
  error?: { message: string; retry(): void }
  ended: boolean
  busy: boolean
}

/** What a conversation takes of the widget's options, with where its API is (and the headers its calls send). */
export type ConversationOptions = Pick<
  WidgetOptions,
  'bot' | 'prefilledVariables' | 'resultId' | 'onAnswer' | 'onEnd' | 'onNewInputBlock' | 'onNewLogs' | 'onRestart' | 'preview' | 'headers'
> & {
  apiHost: string
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const defaults = { enabled: true, speed: 400, maxDelay: 3, delayBetweenBubbles: 0, isDisabledOnFirstMessage: true }

/** How long the typing indicator shows before a text bubble: reading speed in words/min, capped by maxDelay (s). */
export const typingDelay = (words: number, emulation: Settings['typingEmulation']): number => {
  const e = { ...defaults, ...emulation }
  if (e.enabled === false) return 0
  return Math.min((words / Math.max(1, Number(e.speed))) * 60_000, Number(e.maxDelay) * 1000)
}

export class Conversation {
  state: State = { entries: [], typing: false, input: null, theme: {}, settings: {}, ended: false, busy: false }
  private listeners = new Set<(s: State) => void>()
  private sessionId?: string
  private resultId?: string
  private publishedAt?: string
  private storage?: 'local' | 'session'
  private baseTheme: Theme = {}
  private nextKey = 1
  private shownBotMessages = 0
  private closed = false
  private readonly api: Api

  constructor(private readonly options: ConversationOptions) {
    this.api = createApi(options.apiHost, () => this.texts.t, options.headers)
  }

  /** The language of the chat's built-in texts: the bot's (once started), else the browser's. */
  get language(): Language {
    return chatLanguage(this.state.settings.general?.language ?? undefined)
  }

  /** The built-in texts in the chat's language. */
  get texts(): ChatTexts {
    return chatTexts(this.language)
  }

  subscribe(listener: (s: State) => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(patch: Partial<State>) {
    if (this.closed) return
    this.state = { ...this.state, ...patch }
    for (const l of this.listeners) l(this.state)
  }

  private push(entry: NewEntry) {
    const e: Entry = { ...entry, key: this.nextKey++ }
    this.set({ entries: [...this.state.entries, e] })
    return e.key
  }

  /** Runs a request; on failure shows the error with a Retry that repeats exactly this step. True when it succeeded. */
  private async attempt(step: () => Promise<void>): Promise<boolean> {
    this.set({ busy: true, error: undefined })
    try {
      await step()
      return true
    } catch (error) {
      const messages = this.state.settings.general?.systemMessages ?? {}
      const message = error instanceof NetworkError ? error.message : String(error)
      const shown = error instanceof NetworkError && error.status === undefined ? (messages.networkErrorMessage ?? message) : message
      this.set({ error: { message: shown, retry: () => this.attempt(step) } })
      if (this.sessionId) this.log([{ status: 'error', description: 'Request failed', details: message }])
      return false
    } finally {
      this.set({ busy: false })
    }
  }

  async start() {
    const { preview, prefilledVariables } = this.options
    const stored = this.options.resultId || preview ? undefined : recall<Entry>(this.options.bot)
    await this.attempt(async () => {
      const res = preview
        ? await this.api.startPreview(this.options.bot, { ...preview, prefilledVariables })
        : await this.api.startChat(this.options.bot, { prefilledVariables, resultId: this.options.resultId ?? stored?.resultId })
      this.resultId = res.resultId
      this.baseTheme = res.typebot?.theme ?? {}
      this.publishedAt = res.typebot?.publishedAt
      this.set({ settings: res.typebot?.settings ?? {}, theme: this.baseTheme })
      const rememberUser = res.typebot?.settings?.general?.rememberUser
      this.storage = rememberUser?.isEnabled && res.resultId ? (rememberUser.storage === 'local' ? 'local' : 'session') : undefined
      if (!this.storage && !preview) forget(this.options.bot)
      // Same result, same published version: carry on in the stored session, where the user left it.
      if (this.storage && stored && stored.resultId === res.resultId && stored.publishedAt === res.typebot?.publishedAt) {
        this.sessionId = stored.sessionId
        this.nextKey = stored.entries.length + 1
        this.shownBotMessages = stored.entries.length
        this.set({ entries: stored.entries, input: stored.input ?? null, progress: stored.progress, ended: stored.ended })
        return
      }
      this.sessionId = res.sessionId
      await this.handle(res)
    })
  }

  /** Keeps what the chat shows for remember-user, once the bot has finished a turn. */
  private persist() {
    const { storage, sessionId, resultId } = this
    if (!storage || !sessionId || !resultId) return
    const { entries, input, progress, ended } = this.state
    save(
      this.options.bot,
      { resultId, sessionId, publishedAt: this.publishedAt, entries: entries.filter((e) => e.from !== 'notice'), input, progress, ended },
      storage,
    )
  }

  /** Shows the chat in another theme from now on (the builder's preview while the theme is edited). */
  setTheme(theme: Theme | undefined) {
    this.baseTheme = theme ?? {}
    this.set({ theme: this.baseTheme })
  }

  restart() {
    if (this.options.onRestart) return this.options.onRestart()
    if (!this.options.preview) forget(this.options.bot)
    this.sessionId = undefined
    this.shownBotMessages = 0
    this.set({ entries: [], input: null, ended: false, progress: undefined, error: undefined })
    return this.start()
  }

  /** The user answered the current input. */
  answer(reply: Reply) {
    const input = this.state.input
    if (!input || this.state.busy) return
    const { t } = this.texts
    const text = reply.label ?? (reply.message.type === 'text' ? reply.message.text : t('Audio message'))
    this.push({ from: 'user', text, labelled: reply.label !== undefined || reply.message.type !== 'text' })
    this.set({ input: null })
    this.options.onAnswer?.({ message: reply.message.type === 'text' ? reply.message.text : reply.message.url, blockId: input.id })
    return this.send(reply.message, input)
  }

  skip(label?: string) {
    const input = this.state.input
    if (!input || this.state.busy) return
    if (label) this.push({ from: 'user', text: label })
    this.set({ input: null })
    return this.send(undefined, input)
  }

  /** What an embed sends back as the reply the flow waits for. */
  continueWith(text: string) {
    return this.send({ type: 'text', text })
  }

  command(command: string) {
    if (this.sessionId) return this.send({ type: 'command', command })
  }

  upload(file: File, onProgress: (f: number) => void) {
    const { t } = this.texts
    if (!this.sessionId || !this.state.input) return Promise.reject(new Error(t('No input is waiting for a file.')))
    return this.api.upload(this.sessionId, this.state.input.id, file, onProgress)
  }

  private send(message: OutgoingMessage | undefined, input?: ChatInput) {
    const sessionId = this.sessionId
    if (!sessionId) return
    return this.attempt(async () => {
      const res = await this.api.continueChat(sessionId, message)
      // The server asks again for the same input: the last answer was refused.
      if (input && res.input?.id === input.id && !res.lastMessageNewFormat) this.markRetry()
      await this.handle(res)
    }).then((ok) => {
      // A failed send gives the input back, so the user can also change the answer instead of retrying.
      if (!ok && input && !this.state.input) this.set({ input })
    })
  }

  private markRetry() {
    const entries = [...this.state.entries]
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!
      if (e.from === 'user') {
        entries[i] = { ...e, retry: true }
        break
      }
    }
    this.set({ entries })
  }

  private log(logs: ClientLog[]) {
    if (this.sessionId && logs.length > 0) this.api.clientLogs(this.sessionId, logs)
  }

  close() {
    this.closed = true
    this.listeners.clear()
  }

  private async handle(res: ChatResponse) {
    if (res.dynamicTheme) this.set({ theme: withDynamicTheme(this.baseTheme, res.dynamicTheme) })
    if (res.progress) this.set({ progress: res.progress })
    if (res.logs?.length) this.options.onNewLogs?.(res.logs)
    if (res.lastMessageNewFormat) this.replaceLastAnswer(res.lastMessageNewFormat)
    const actions = [...(res.clientSideActions ?? [])]
    const messageIds = new Set(res.messages.map((m) => m.id))
    // An action runs right after the bubble it names; one naming none runs first, one naming an absent bubble last.
    if (await this.runActions(actions.filter((a) => !a.lastBubbleBlockId))) return
    const emulation = this.state.settings.typingEmulation
    for (const message of res.messages) {
      await this.pace(message, emulation)
      if (this.closed) return
      this.push({ from: 'bot', message })
      this.shownBotMessages++
      if (await this.runActions(actions.filter((a) => a.lastBubbleBlockId === message.id))) return
    }
    if (await this.runActions(actions.filter((a) => a.lastBubbleBlockId && !messageIds.has(a.lastBubbleBlockId)))) return
    // An embed that waits for an event: the flow goes on with what the embedded page posts under that name. A custom
    // embed's own wait function runs in its bubble, after its init function, and calls `continueWith`.
    const last = res.messages[res.messages.length - 1]
    if (last?.type === BubbleBlockType.EMBED && last.content?.waitForEvent?.isEnabled) {
      this.set({ busy: false })
      const data = await embedEvent(String(last.content.waitForEvent.name ?? ''))
      if (!this.closed) await this.continueWith(typeof data === 'string' ? data : (JSON.stringify(data) ?? ''))
      return
    }
    if (last?.type === 'custom-embed' && last.content?.waitForEventFunction) return

    if (res.input) {
      // Not busy any more: the input must be enabled when it mounts, to take the focus.
      this.set({ input: res.input, busy: false })
      this.options.onNewInputBlock?.(res.input)
    } else if (actions.every((a) => !a.expectsDedicatedReply)) {
      this.set({ ended: true })
      this.options.onEnd?.()
    }
    this.persist()
  }

  private async pace(message: ChatMessage, emulation: Settings['typingEmulation']) {
    const e = { ...defaults, ...emulation }
    const between = e.delayBetweenBubbles ?? 0
    if (this.shownBotMessages > 0 && between > 0) await sleep(between * 1000)
    if (message.type !== BubbleBlockType.TEXT || (this.shownBotMessages === 0 && e.isDisabledOnFirstMessage)) return
    const text = message.content.type === 'markdown' ? message.content.markdown : plainText(message.content.richText)
    const delay = typingDelay(text.split(/\s+/).filter(Boolean).length, e)
    if (delay <= 0) return
    this.set({ typing: true })
    await sleep(delay)
    this.set({ typing: false })
  }

  /** Runs actions in order; true when one sent a reply (whose response then took over the conversation). */
  private async runActions(actions: ClientSideAction[]): Promise<boolean> {
    const { t } = this.texts
    for (const action of actions) {
      let streamKey: number | undefined
      const ctx: ActionContext = {
        api: this.api,
        sessionId: this.sessionId ?? '',
        resultId: this.resultId,
        onStreamText: (text) => {
          const message: ChatMessage = {
            id: 'stream',
            type: BubbleBlockType.TEXT,
            content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
          }
          if (streamKey === undefined) streamKey = this.push({ from: 'bot', message })
          else this.set({ entries: this.state.entries.map((e) => (e.key === streamKey ? { ...e, message } : e)) })
        },
      }
      const outcome = await runAction(action, ctx)
      if (outcome.logs) this.log(outcome.logs)
      if (outcome.blockedUrl) {
        const m = this.state.settings.general?.systemMessages ?? {}
        this.push({
          from: 'notice',
          text: m.popupBlockedDescription ?? t('The bot wants to open a new tab but your browser blocked it.'),
          link: { label: m.popupBlockedButtonLabel ?? t('Continue in new tab'), url: outcome.blockedUrl },
        })
      }
      if (outcome.reply) {
        await this.send(outcome.reply === 'empty' ? undefined : outcome.reply)
        return true
      }
      // The server waits for this action's result (a failed stream): the user can run it again.
      if (action.expectsDedicatedReply) {
        this.set({ error: { message: t('The answer could not be generated.'), retry: () => this.runActions([action]) } })
        return true
      }
    }
    return false
  }

  private replaceLastAnswer(text: string) {
    const entries = [...this.state.entries]
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!
      if (e.from === 'user') {
        // An answer shown with its own label (a button's text, a file name) keeps it.
        if (!e.labelled) entries[i] = { ...e, text }
        break
      }
    }
    this.set({ entries })
  }
}

/** The data of the first message event `{name, data}` with this name, posted to the window (e.g. by an iframe). */
const embedEvent = (name: string) =>
  new Promise<unknown>((resolve) => {
    const listener = (e: MessageEvent) => {
      if (e.data?.name !== name) return
      window.removeEventListener('message', listener)
      resolve(e.data.data)
    }
    window.addEventListener('message', listener)
  })
