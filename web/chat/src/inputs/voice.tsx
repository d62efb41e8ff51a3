// Voice clip for the text input: records with the microphone (MediaRecorder), uploads the clip, answers with its URL.
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import type { InputProps } from './types.js'

type Recording = { recorder: MediaRecorder; chunks: Blob[]; startedAt: number }

const clipType = () => ['audio/webm', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t)) ?? ''

export const canRecord = () => typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia)

export const VoiceRecorder = ({
  input,
  submit,
  upload,
  disabled,
  onActive,
}: Pick<InputProps, 'input' | 'submit' | 'upload' | 'disabled'> & { onActive(active: boolean): void }) => {
  const { t } = useTexts()
  const [recording, setRecording] = useState<Recording>()
  const [seconds, setSeconds] = useState(0)
  const [status, setStatus] = useState<string>()
  const stopButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!recording) return
    stopButton.current?.focus()
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - recording.startedAt) / 1000)), 500)
    return () => clearInterval(timer)
  }, [recording])
  useEffect(() => onActive(Boolean(recording)), [recording])

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const type = clipType()
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined)
      const chunks: Blob[] = []
      recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data)
      recorder.start()
      setSeconds(0)
      setStatus(undefined)
      setRecording({ recorder, chunks, startedAt: Date.now() })
    } catch {
      setStatus(t('The microphone is not available.'))
    }
  }
  const finish = (send: boolean) => {
    if (!recording) return
    const { recorder, chunks } = recording
    recorder.onstop = async () => {
      recorder.stream.getTracks().forEach((track) => track.stop())
      setRecording(undefined)
      if (!send) return setStatus(undefined)
      const type = recorder.mimeType || 'audio/webm'
      const file = new File(chunks, `rec-${input.id}-${Date.now()}.${type.includes('mp4') ? 'mp4' : 'webm'}`, { type })
      setStatus(t('Sending the voice message…'))
      try {
        const url = await upload(file, () => undefined)
        submit({ message: { type: 'audio', url }, label: `🎤 ${t('Voice message')}` })
      } catch (error) {
        setStatus((error as Error).message || t('The voice message could not be sent.'))
      }
    }
    recorder.stop()
  }

  if (recording)
    return (
      <div class="p-recording" role="status">
        <span class="p-dot" aria-hidden="true" />
        <span>{t('Recording {{time}}', { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` })}</span>
        <button type="button" class="p-attach" onClick={() => finish(false)}>
          {t('Cancel')}
        </button>
        <button ref={stopButton} type="button" class="p-button" onClick={() => finish(true)}>
          {t('Send')}
        </button>
      </div>
    )
  return (
    <>
      {status && (
        <span class="p-voice-status" role="status">
          {status}
        </span>
      )}
      <button type="button" class="p-attach" aria-label={t('Record a voice message')} disabled={disabled} onClick={start}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM5 11a7 7 0 0014 0M12 18v3"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
          />
        </svg>
      </button>
    </>
  )
}
