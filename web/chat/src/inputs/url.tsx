// URL input. A text field with the URL keyboard rather than type="url": the server accepts addresses without a
// protocol ("example.com"), which the browser's URL field would call invalid.
import { LineForm } from './lineForm.js'
import type { InputProps } from './types.js'

export const UrlInput = ({ input, submit, disabled }: InputProps) => {
  const labels = input.options?.labels ?? {}
  return (
    <LineForm
      kind="url"
      placeholder={labels.placeholder || 'Type a URL...'}
      buttonLabel={labels.button || 'Send'}
      initial={input.prefilledValue}
      disabled={disabled}
      field={{ type: 'text', inputMode: 'url', autoComplete: 'url', spellcheck: false, autoCapitalize: 'off' }}
      onSend={(text) => submit({ message: { type: 'text', text } })}
    />
  )
}
