// Rating: a row of numbers (from startsAt, 0 by default, to length) or icons (1 to length, stars unless the block
// has its own SVG icon), with the left and right labels under it. A click picks; with one-click submit it answers.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { type IconImages, iconImages } from './iconImage.js'
import { type InputProps, orEmpty } from './types.js'

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'

// The block's own icon is the bot author's markup: drawn as an image (see iconImage.ts), never inserted as HTML.
const Icon = ({ custom }: { custom?: IconImages }) =>
  custom ? (
    <span class="p-rating-icon p-rating-image" aria-hidden="true" />
  ) : (
    <svg class="p-rating-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={STAR} />
    </svg>
  )

export const RatingInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.RATING>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const labels = orEmpty(options.labels)
  const icons = options.buttonType === 'Icons'
  const length = Number(options.length) > 0 ? Number(options.length) : 10
  const start = icons ? 1 : Number.isFinite(Number(options.startsAt ?? 0)) ? Number(options.startsAt ?? 0) : 0
  const values = Array.from({ length: Math.max(0, length - start + 1) }, (_, i) => start + i)
  const [picked, setPicked] = useState<number>()
  const root = useRef<HTMLFormElement>(null)
  useEffect(() => root.current?.querySelector<HTMLElement>('button')?.focus(), [])
  const svg = options.customIcon?.isEnabled ? options.customIcon.svg : undefined
  const custom = useMemo(() => (icons ? iconImages(svg) : undefined), [icons, svg])
  const send = (value: number | undefined) => value !== undefined && !disabled && submit({ message: { type: 'text', text: String(value) } })

  return (
    <form
      ref={root}
      class={`p-input p-rating${icons ? ' p-rating-icons' : ''}`}
      onSubmit={(e) => {
        e.preventDefault()
        send(picked)
      }}
    >
      <fieldset class="p-rating-scale" style={custom && { '--p-icon-hollow': custom.hollow, '--p-icon-solid': custom.solid }}>
        <legend class="p-visually-hidden">{[labels.left, labels.right].filter(Boolean).join(' … ') || t('Rating')}</legend>
        {values.map((value) => {
          const on = picked !== undefined && (icons ? value <= picked : value === picked)
          return (
            <button
              key={value}
              type="button"
              class={`p-rating-item${on ? ' p-on' : ''}`}
              aria-pressed={picked === value}
              aria-label={icons ? t('{{value}} of {{length}}', { value, length }) : undefined}
              disabled={disabled}
              onClick={() => (options.isOneClickSubmitEnabled ? send(value) : setPicked(value))}
            >
              {icons ? <Icon custom={custom} /> : value}
            </button>
          )
        })}
      </fieldset>
      {(labels.left || labels.right) && (
        <div class="p-rating-labels" aria-hidden="true">
          <span>{labels.left}</span>
          <span>{labels.right}</span>
        </div>
      )}
      {!options.isOneClickSubmitEnabled && (
        <button type="submit" class="p-button p-send" disabled={disabled || picked === undefined}>
          {labels.button || t('Send')}
        </button>
      )}
    </form>
  )
}
