// Time input: the browser's time field; sent as HH:mm, shown in the block's format.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { formatWallClock, readWallClock } from './dateFormat.js'
import { type InputProps, orEmpty } from './types.js'

export const TimeInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.TIME>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const [value, setValue] = useState('')
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <form
      class="p-input p-time"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        const time = readWallClock(value)
        if (!time || disabled) return
        submit({ message: { type: 'text', text: value }, label: formatWallClock(time, options.format || 'HH:mm') })
      }}
    >
      <label class="p-date-field">
        <span class="p-date-label">{t('Time')}</span>
        <input ref={ref} class="p-field" type="time" value={value} disabled={disabled} required onInput={(e) => setValue(e.currentTarget.value)} />
      </label>
      <button type="submit" class="p-button" disabled={disabled || !value}>
        {options.labels?.button || t('Send')}
      </button>
    </form>
  )
}
