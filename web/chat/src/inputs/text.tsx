// Text input: one line, or a textarea when the block asks for long text (Enter sends, Shift+Enter breaks a line).
// With attachments enabled, files are uploaded as soon as they are picked and sent with the text.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { type InputProps, orEmpty } from './types.js'
import { canRecord, VoiceRecorder } from './voice.js'

type Attachment = { file: File; progress: number; url?: string; error?: string }

export const TextInput = ({ input, submit, upload, disabled }: InputProps<typeof InputBlockType.TEXT>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const [value, setValue] = useState<string>(input.prefilledValue ?? '')
  const [files, setFiles] = useState<Attachment[]>([])
  const [recordingVoice, setRecordingVoice] = useState(false)
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  useEffect(() => field.current?.focus(), [])

  const update = (file: File, patch: Partial<Attachment>) => setFiles((list) => list.map((a) => (a.file === file ? { ...a, ...patch } : a)))
  const attach = (picked: FileList | null) => {
    for (const file of picked ?? []) {
      setFiles((list) => [...list, { file, progress: 0 }])
      upload(file, (progress) => update(file, { progress }))
        .then((url) => update(file, { url, progress: 1 }))
        .catch((error: Error) => update(file, { error: error.message || t('The upload failed.') }))
    }
  }
  const uploading = files.some((a) => !a.url && !a.error)
  const urls = files.flatMap((a) => (a.url ? [a.url] : []))
  const send = () => {
    const text = value.trim()
    if ((!text && urls.length === 0) || disabled || uploading) return
    const names = files.filter((a) => a.url).map((a) => a.file.name)
    submit(
      urls.length > 0
        ? { message: { type: 'text', text, attachedFileUrls: urls }, label: [text, ...names.map((n) => `📎 ${n}`)].filter(Boolean).join('\n') }
        : { message: { type: 'text', text } },
    )
  }
  const placeholder = options.labels?.placeholder ?? t('Type your answer...')
  const common = {
    ref: field,
    value,
    placeholder,
    'aria-label': placeholder,
    disabled,
    inputMode: options.inputMode ?? undefined,
    onInput: (e: Event) => setValue((e.currentTarget as HTMLInputElement).value),
  }
  return (
    <form
      class="p-input p-text-input"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      {files.length > 0 && (
        <ul class="p-files" aria-label={t('Attached files')}>
          {files.map((a) => (
            <li key={a.file.name + a.file.lastModified} class={a.error ? 'p-file-error' : undefined}>
              <span>{a.file.name}</span>
              {a.error ? (
                <span role="alert">{a.error}</span>
              ) : (
                !a.url && <progress max={1} value={a.progress} aria-label={t('Uploading {{name}}', { name: a.file.name })} />
              )}
              <button
                type="button"
                class="p-remove"
                aria-label={t('Remove {{name}}', { name: a.file.name })}
                onClick={() => setFiles((l) => l.filter((x) => x !== a))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {recordingVoice ? null : options.isLong ? (
        <textarea
          {...common}
          rows={3}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault()
              send()
            }
          }}
        />
      ) : (
        <input {...common} type="text" />
      )}
      {options.attachments?.isEnabled && (
        <>
          <input ref={picker} type="file" multiple hidden onChange={(e) => attach(e.currentTarget.files)} />
          <button type="button" class="p-attach" aria-label={t('Attach files')} disabled={disabled} onClick={() => picker.current?.click()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.6-5.6l-7.8 7.8a6 6 0 008.5 8.5l6.4-6.4"
                fill="none"
                stroke="currentColor"
                stroke-width="2"
                stroke-linecap="round"
              />
            </svg>
          </button>
        </>
      )}
      {/* With nothing typed yet, the voice clip takes the send button's place. */}
      {options.audioClip?.isEnabled && canRecord() && !value.trim() && files.length === 0 && (
        <VoiceRecorder input={input} submit={submit} upload={upload} disabled={disabled} onActive={setRecordingVoice} />
      )}
      {!recordingVoice && (
        <button type="submit" class="p-button" disabled={disabled || uploading || (!value.trim() && urls.length === 0)}>
          {options.labels?.button ?? t('Send')}
        </button>
      )}
    </form>
  )
}
