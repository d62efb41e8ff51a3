// The chat view: the message log (an ARIA live region), the current input, errors with Retry, and Restart at the end.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Theme } from '../../../../src/contract/bot/common.js'
import { useTexts } from '../i18n/context.js'
import { inputComponent } from '../inputs/index.js'
import type { InputComponent } from '../inputs/types.js'
import { TextInput } from '../inputs/text.js'
import { loadFont, themeVars } from '../theme.js'
import { BotMessage } from './bubbles.js'
import type { Conversation, Entry, State } from './conversation.js'
import { safeImageUrl } from '../urls.js'

const useConversation = (conversation: Conversation): State => {
  const [state, setState] = useState(conversation.state)
  useEffect(() => {
    setState(conversation.state)
    return conversation.subscribe(setState)
  }, [conversation])
  return state
}

type ChatTheme = NonNullable<Theme['chat']>

const Avatar = ({ avatar, who }: { avatar: ChatTheme['hostAvatar']; who: string }) => {
  const src = avatar?.isEnabled !== false ? safeImageUrl(avatar?.url) : undefined
  return src ? <img class="p-avatar" src={src} alt={who} /> : null
}

/** `hidden`: an earlier bubble the theme hides (hidePreviousBubbles), kept mounted so media and embeds keep their state. */
const Row = ({ entry, theme, hidden, onContinue }: { entry: Entry; theme: Theme; hidden: boolean; onContinue(text: string): void }) => {
  const { t } = useTexts()
  if (entry.from === 'notice')
    return (
      <div class="p-row p-notice" role="status" hidden={hidden}>
        <p>{entry.text}</p>
        {entry.link && (
          <a class="p-button" href={entry.link.url} target="_blank" rel="noopener noreferrer">
            {entry.link.label}
          </a>
        )}
      </div>
    )
  if (entry.from === 'user')
    return (
      <div class={`p-row p-guest${entry.retry ? ' p-retry' : ''}`} hidden={hidden}>
        <div class="p-bubble p-guest-bubble">{entry.text}</div>
        <Avatar avatar={theme.chat?.guestAvatar} who={t('You')} />
      </div>
    )
  const media = entry.message.type !== 'text'
  return (
    <div class="p-row p-host" hidden={hidden}>
      <Avatar avatar={theme.chat?.hostAvatar} who={t('Bot')} />
      <div class={`p-bubble p-host-bubble${media ? ' p-media' : ''}`}>
        <BotMessage message={entry.message} onContinue={onContinue} />
      </div>
    </div>
  )
}

const lastIndexOfAnswer = (entries: Entry[]) => {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.from === 'user') return i
  return -1
}

const Progress = ({ value, bar }: { value: number; bar: NonNullable<Theme['general']>['progressBar'] }) => {
  const { t } = useTexts()
  return (
    <div
      class={`p-progress${bar?.placement === 'Bottom' ? ' p-bottom' : ''}`}
      role="progressbar"
      aria-label={t('Progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <div style={{ width: `${Math.min(100, Math.max(0, value))}%` }} />
    </div>
  )
}

export const Chat = ({ conversation, customCss }: { conversation: Conversation; customCss?: (css: string) => void }) => {
  const state = useConversation(conversation)
  const { t } = useTexts()
  const log = useRef<HTMLDivElement>(null)
  const { theme, input } = state
  useEffect(() => loadFont(theme.general?.font), [theme.general?.font])
  useEffect(() => customCss?.(typeof theme.customCss === 'string' ? theme.customCss : ''), [theme.customCss])
  useLayoutEffect(() => {
    const el = log.current
    if (el) el.scrollTop = el.scrollHeight
  }, [state.entries, state.typing, input])
  // A kind without its own component yet still gets a text field: the server validates the answer either way.
  const Input = input ? (inputComponent(input) ?? (TextInput as InputComponent)) : undefined
  // The server always sends the variable's value; the bot decides whether it pre-fills the field (off by default).
  const shownInput = input && state.settings.general?.isInputPrefillEnabled !== true ? { ...input, prefilledValue: undefined } : input
  const bar = theme.general?.progressBar
  const branding = state.settings.general?.isBrandingEnabled === true
  // hidePreviousBubbles: what came before the user's last answer (that answer included) is hidden until asked for.
  const hidesEarlier = theme.chat?.hidePreviousBubbles === true
  const lastAnswer = hidesEarlier ? lastIndexOfAnswer(state.entries) : -1
  const [showsEarlier, setShowsEarlier] = useState(false)
  useEffect(() => setShowsEarlier(false), [lastAnswer])
  return (
    <div class="p-chat" style={themeVars(theme)}>
      {bar?.isEnabled && state.progress !== undefined && <Progress value={state.progress} bar={bar} />}
      <div class="p-log" ref={log}>
        {lastAnswer >= 0 && (
          <button type="button" class="p-earlier" aria-expanded={showsEarlier} onClick={() => setShowsEarlier(!showsEarlier)}>
            {showsEarlier ? t('Hide earlier messages') : t('Show earlier messages')}
          </button>
        )}
        <div class="p-messages" role="log" aria-live="polite" aria-label={t('Conversation')}>
          {state.entries.map((e, i) => (
            <Row
              key={e.key}
              entry={e}
              theme={theme}
              hidden={i <= lastAnswer && !showsEarlier}
              onContinue={(text) => conversation.continueWith(text)}
            />
          ))}
        </div>
        {state.typing && (
          <div class="p-row p-host">
            <Avatar avatar={theme.chat?.hostAvatar} who={t('Bot')} />
            <div class="p-bubble p-host-bubble p-typing" role="status" aria-label={t('The bot is typing')}>
              <span />
              <span />
              <span />
            </div>
          </div>
        )}
        {shownInput && (
          <div class="p-row p-guest p-input-row">
            {Input && (
              <Input
                key={`${shownInput.id}-${state.entries.length}`}
                input={shownInput}
                theme={theme}
                disabled={state.busy}
                submit={(reply) => conversation.answer(reply)}
                skip={(label) => conversation.skip(label)}
                upload={(file, onProgress) => conversation.upload(file, onProgress)}
              />
            )}
          </div>
        )}
        {state.error && (
          <div class="p-error" role="alert">
            <p>{state.error.message}</p>
            <button type="button" class="p-button" onClick={() => state.error?.retry()}>
              {t('Retry')}
            </button>
          </div>
        )}
        {state.ended && (
          <div class="p-end">
            <button type="button" class="p-button p-restart" onClick={() => conversation.restart()}>
              {t('Restart')}
            </button>
          </div>
        )}
      </div>
      {branding && <p class="p-brand">{t('Made with Parley')}</p>}
    </div>
  )
}
