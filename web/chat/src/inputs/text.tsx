// Text input: one line, or a textarea when the block asks for long text (Enter sends, Shift+Enter breaks a line).
import { useEffect, useRef, useState } from 'preact/hooks'
import type { InputProps } from './types.js'

export const TextInput = ({ input, submit, disabled }: InputProps) => {
  const options = input.options ?? {}
  const [value, setValue] = useState<string>(input.prefilledValue ?? '')
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  useEffect(() => field.current?.focus(), [])
  const send = () => {
    const text = value.trim()
    if (text && !disabled) submit({ message: { type: 'text', text } })
  }
  const placeholder = options.labels?.placeholder ?? 'Type your answer...'
  const common = {
    ref: field,
    value,
    placeholder,
    'aria-label': placeholder,
    disabled,
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
      {options.isLong ? (
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
      <button type="submit" class="p-button" disabled={disabled || !value.trim()}>
        {options.labels?.button ?? 'Send'}
      </button>
    </form>
  )
}
