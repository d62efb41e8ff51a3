// A one-line answer with its send button, in the core's text input box: the shape shared by the number, email, URL and phone inputs. The server
// validates the answer (and sends the bot's retry message), so the form only refuses an empty one.
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { JSX } from 'preact'

export type LineFormProps = {
  kind: string
  placeholder: string
  buttonLabel: string
  initial?: string
  disabled: boolean
  /** Attributes of the field (type, inputMode, autocomplete, min/max...). */
  field: JSX.InputHTMLAttributes<HTMLInputElement>
  /** Shown before the field (the phone input's country picker). */
  before?: ComponentChildren
  onSend(text: string): void
}

export const LineForm = ({ kind, placeholder, buttonLabel, initial, disabled, field, before, onSend }: LineFormProps) => {
  const [value, setValue] = useState(initial ?? '')
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => ref.current?.focus(), [])
  const text = value.trim()
  return (
    <form
      class={`p-input p-text-input p-${kind}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (text && !disabled) onSend(text)
      }}
    >
      {before}
      <input
        {...field}
        ref={ref}
        value={value}
        placeholder={placeholder}
        aria-label={placeholder}
        disabled={disabled}
        onInput={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" class="p-button" disabled={disabled || !text}>
        {buttonLabel}
      </button>
    </form>
  )
}
