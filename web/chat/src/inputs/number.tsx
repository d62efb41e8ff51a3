// Number input: the browser's number field with the block's min, max and step (the server enforces min and max).
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useTexts } from '../i18n/context.js'
import { LineForm } from './lineForm.js'
import { type InputProps, orEmpty } from './types.js'

const numeric = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

export const NumberInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.NUMBER>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  return (
    <LineForm
      kind="number"
      placeholder={options.labels?.placeholder || t('Type a number...')}
      buttonLabel={options.labels?.button || t('Send')}
      initial={input.prefilledValue}
      disabled={disabled}
      // `any` step: without it the browser rejects decimals when no step is set.
      field={{ type: 'number', inputMode: 'decimal', min: numeric(options.min), max: numeric(options.max), step: numeric(options.step) ?? 'any' }}
      onSend={(text) => submit({ message: { type: 'text', text } })}
    />
  )
}
