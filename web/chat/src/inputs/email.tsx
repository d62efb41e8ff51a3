// Email input.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { LineForm } from './lineForm.js'
import { type InputProps, orEmpty } from './types.js'

export const EmailInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.EMAIL>) => {
  const labels = orEmpty(input.options?.labels)
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
