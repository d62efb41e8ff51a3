// Email input.
import { LineForm } from './lineForm.js'
import type { InputProps } from './types.js'

export const EmailInput = ({ input, submit, disabled }: InputProps) => {
  const labels = input.options?.labels ?? {}
  return (
    <LineForm
      kind="email"
      placeholder={labels.placeholder || 'Type your email...'}
      buttonLabel={labels.button || 'Send'}
      initial={input.prefilledValue}
      disabled={disabled}
      field={{ type: 'email', autoComplete: 'email', spellcheck: false }}
      onSend={(text) => submit({ message: { type: 'text', text } })}
    />
  )
}
