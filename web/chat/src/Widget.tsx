// The three presentations around one Chat: inline, a modal popup with an overlay, a launcher bubble with a panel.
// The built-in texts of all of them are in the chat's language (TextsContext).
import { useEffect, useState } from 'preact/hooks'
import type { Conversation } from './chat/conversation.js'
import { Chat } from './chat/Chat.js'
import { TextsContext, useTexts } from './i18n/context.js'
import { type ChatTexts, chatLanguage, chatTexts } from './i18n/index.js'
import { safeImageUrl } from './urls.js'
import type { Mode, WidgetOptions } from './options.js'

type Props = {
  mode: Mode
  options: WidgetOptions
  isOpen: boolean
  /** Created on first open (popup, bubble) or at once (standard). */
  conversation?: Conversation
  setOpen(open: boolean): void
  setCustomCss(css: string): void
}

const Close = ({ onClick, label }: { onClick(): void; label: string }) => (
  <button type="button" class="p-close" aria-label={label} onClick={onClick}>
    <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  </button>
)

const ChatIcon = ({ color }: { color?: string }) => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" style={{ color }}>
    <path fill="currentColor" d="M12 3C6.5 3 2 6.8 2 11.5c0 2.3 1.1 4.4 2.9 6L4 21l4.2-1.9c1.2.4 2.5.6 3.8.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3z" />
  </svg>
)

const useEscape = (active: boolean, onEscape: () => void) =>
  useEffect(() => {
    if (!active) return
    const handler = (e: KeyboardEvent) => e.key === 'Escape' && onEscape()
    document.addEventListener('keydown', handler)
    return () => document.removeEventListener('keydown', handler)
  }, [active])

/** Keeps Tab and Shift+Tab within a modal dialog, as the page behind it is out of reach. */
const trapFocus = (e: KeyboardEvent) => {
  if (e.key !== 'Tab') return
  const dialog = e.currentTarget as HTMLElement
  const focusable = [
    ...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]):not([hidden]), textarea:not([disabled]), a[href], iframe'),
  ]
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  const active = (dialog.getRootNode() as ShadowRoot).activeElement
  if (e.shiftKey && active === first) {
    e.preventDefault()
    last?.focus()
  } else if (!e.shiftKey && active === last) {
    e.preventDefault()
    first?.focus()
  }
}

const Popup = ({ isOpen, conversation, setOpen, setCustomCss }: Props) => {
  const { t } = useTexts()
  useEscape(isOpen, () => setOpen(false))
  if (!isOpen || !conversation) return null
  return (
    <div class="p-overlay">
      <button type="button" class="p-backdrop" tabIndex={-1} aria-label={t('Close the chat')} onClick={() => setOpen(false)} />
      <div class="p-dialog" role="dialog" aria-modal="true" aria-label={t('Chat')} onKeyDown={trapFocus}>
        <Close label={t('Close the chat')} onClick={() => setOpen(false)} />
        <Chat conversation={conversation} customCss={setCustomCss} />
      </div>
    </div>
  )
}

const Bubble = ({ options, isOpen, conversation, setOpen, setCustomCss }: Props) => {
  const preview = options.previewMessage
  const [showPreview, setShowPreview] = useState(false)
  const { t } = useTexts()
  useEscape(isOpen, () => setOpen(false))
  useEffect(() => {
    if (!preview?.message) return
    const timer = setTimeout(() => setShowPreview(true), preview.autoShowDelay ?? 0)
    return () => clearTimeout(timer)
  }, [preview?.message])
  const avatar = safeImageUrl(preview?.avatarUrl)
  return (
    <>
      {isOpen && conversation && (
        <div class="p-panel" role="dialog" aria-label={t('Chat')}>
          {/* On small screens the panel covers the launcher: it has its own close button there. */}
          <Close label={t('Close the chat')} onClick={() => setOpen(false)} />
          <Chat conversation={conversation} customCss={setCustomCss} />
        </div>
      )}
      {showPreview && !isOpen && preview && (
        <div class="p-preview">
          <button type="button" class="p-preview-message" onClick={() => setOpen(true)}>
            {avatar && <img class="p-avatar" src={avatar} alt="" />}
            <span>{preview.message}</span>
          </button>
          <Close label={t('Dismiss the message')} onClick={() => setShowPreview(false)} />
        </div>
      )}
      <button
        type="button"
        class="p-launcher"
        aria-label={isOpen ? t('Close the chat') : t('Open the chat')}
        aria-expanded={isOpen}
        style={{ background: options.button?.backgroundColor }}
        onClick={() => setOpen(!isOpen)}
      >
        {isOpen ? (
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" style={{ color: options.button?.iconColor }}>
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" />
          </svg>
        ) : (
          <ChatIcon color={options.button?.iconColor} />
        )}
      </button>
    </>
  )
}

/** The chat's texts: the conversation's language (the bot's once its chat has started), the browser's before. */
const useChatTexts = (conversation: Conversation | undefined): ChatTexts => {
  const current = () => conversation?.texts ?? chatTexts(chatLanguage(undefined))
  const [texts, setTexts] = useState(current)
  useEffect(() => {
    setTexts(current())
    return conversation?.subscribe(() => setTexts(current()))
  }, [conversation])
  return texts
}

const Presentation = (props: Props) => {
  if (props.mode === 'popup') return <Popup {...props} />
  if (props.mode === 'bubble') return <Bubble {...props} />
  return props.conversation ? <Chat conversation={props.conversation} customCss={props.setCustomCss} /> : null
}

export const Widget = (props: Props) => (
  <TextsContext.Provider value={useChatTexts(props.conversation)}>
    <Presentation {...props} />
  </TextsContext.Provider>
)
