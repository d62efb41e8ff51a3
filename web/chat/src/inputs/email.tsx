// Email input.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useTexts } from '../i18n/context.js'
import { LineForm } from './lineForm.js'
import { type InputProps, orEmpty } from './types.js'

export const EmailInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.EMAIL>) => {
  const { t } = useTexts()
  const labels = orEmpty(input.options?.labels)
  return (
    <LineForm
      kind="email"
      placeholder={labels.placeholder || t('Type your email...')}
      buttonLabel={labels.button || t('Send')}
      initial={input.prefilledValue}
      disabled={disabled}
      field={{ type: 'email', autoComplete: 'email', spellcheck: false }}
      onSend={(text) => submit({ message: { type: 'text', text } })}
    />
  )
}
