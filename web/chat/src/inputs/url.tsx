// URL input. A text field with the URL keyboard rather than type="url": the server accepts addresses without a
// protocol ("example.com"), which the browser's URL field would call invalid.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useTexts } from '../i18n/context.js'
import { LineForm } from './lineForm.js'
import { type InputProps, orEmpty } from './types.js'

export const UrlInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.URL>) => {
  const { t } = useTexts()
  const labels = orEmpty(input.options?.labels)
  return (
    <LineForm
      kind="url"
      placeholder={labels.placeholder || t('Type a URL...')}
      buttonLabel={labels.button || t('Send')}
      initial={input.prefilledValue}
      disabled={disabled}
      field={{ type: 'text', inputMode: 'url', autoComplete: 'url', spellcheck: false, autoCapitalize: 'off' }}
      onSend={(text) => submit({ message: { type: 'text', text } })}
    />
  )
}
