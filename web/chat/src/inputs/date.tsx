// Date input: the browser's date (or date-and-time) field, two of them for a range, limited by the block's min and
// max. The answer is sent in ISO form, which the server reads without ambiguity and saves in the block's format;
// the user bubble shows it in that format already.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { formatWallClock, readWallClock } from './dateFormat.js'
import { type InputProps, orEmpty } from './types.js'

const ISO = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?/

/** A server limit as the field's attribute: cut or completed to the field's precision; dropped when not ISO. */
const limit = (value: unknown, hasTime: boolean) => {
  const iso = typeof value === 'string' ? ISO.exec(value.trim())?.[0] : undefined
  if (!iso) return undefined
  if (!hasTime) return iso.slice(0, 10)
  return iso.length === 10 ? `${iso}T00:00` : iso
}

export const DateInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.DATE>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const hasTime = Boolean(options.hasTime)
  const isRange = Boolean(options.isRange)
  const labels = orEmpty(options.labels)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])

  const pattern: string = options.format || (hasTime ? 'dd/MM/yyyy HH:mm' : 'dd/MM/yyyy')
  const separator = typeof labels.separator === 'string' && labels.separator ? labels.separator : 'to'
  const ready = Boolean(from) && (!isRange || Boolean(to))
  const send = () => {
    if (!ready || disabled) return
    // A range picked backwards is still the same range.
    const dates = isRange ? [from, to].sort() : [from]
    const label = dates.map((d) => formatWallClock(readWallClock(d)!, pattern)).join(` ${separator} `)
    submit({ message: { type: 'text', text: dates.join(' to ') }, label })
  }
  const field = (label: string, value: string, set: (v: string) => void, ref?: typeof first) => (
    <label class="p-date-field">
      <span class="p-date-label">{label}</span>
      <input
        ref={ref}
        class="p-field"
        type={hasTime ? 'datetime-local' : 'date'}
        value={value}
        min={limit(options.min, hasTime)}
        max={limit(options.max, hasTime)}
        disabled={disabled}
        required
        onInput={(e) => set(e.currentTarget.value)}
      />
    </label>
  )
  return (
    <form
      class="p-input p-date"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      <div class="p-date-fields">
        {field(isRange ? labels.from || t('From:') : hasTime ? t('Date and time') : t('Date'), from, setFrom, first)}
        {isRange && field(labels.to || t('To:'), to, setTo)}
      </div>
      <button type="submit" class="p-button" disabled={disabled || !ready}>
        {labels.button || t('Send')}
      </button>
    </form>
  )
}
