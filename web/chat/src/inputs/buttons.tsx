// Choice input: one click answers; with isMultipleChoice, toggles then a send button; isSearchable adds a filter.
// Items hidden by their displayCondition are already removed by the server.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { type InputProps, orEmpty } from './types.js'

type Button = NonNullable<InputProps<typeof InputBlockType.CHOICE>['input']['items']>[number]

const label = (item: Button) => String(item.content ?? '')

export const ButtonsInput = ({ input, theme, submit, disabled }: InputProps<typeof InputBlockType.CHOICE>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const items = input.items ?? []
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => root.current?.querySelector<HTMLElement>('input, button')?.focus(), [])
  const shown = filter ? items.filter((i) => label(i).toLowerCase().includes(filter.toLowerCase())) : items
  const multiple = Boolean(options.isMultipleChoice)
  // The label keeps the bubble showing the buttons' text even when the server saves their internal values.
  const send = (texts: string[]) =>
    texts.length > 0 && !disabled && submit({ message: { type: 'text', text: texts.join(', ') }, label: texts.join(', ') })
  return (
    <div class="p-input p-choice" ref={root}>
      {options.isSearchable && (
        <input
          class="p-search"
          type="search"
          value={filter}
          placeholder={options.searchInputPlaceholder ?? t('Filter the options...')}
          aria-label={options.searchInputPlaceholder ?? t('Filter the options')}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      )}
      <fieldset class={`p-choices${theme?.chat?.buttonsInput?.layout === 'vertical' ? ' p-vertical' : ''}`}>
        <legend class="p-sr">{t('Choices')}</legend>
        {shown.map((item) => {
          const text = label(item)
          const on = chosen.includes(text)
          return (
            <button
              key={item.id}
              type="button"
              class={multiple ? `p-choice-item${on ? ' p-on' : ''}` : 'p-button'}
              aria-pressed={multiple ? on : undefined}
              disabled={disabled}
              onClick={() => (multiple ? setChosen(on ? chosen.filter((c) => c !== text) : [...chosen, text]) : send([text]))}
            >
              {text}
            </button>
          )
        })}
      </fieldset>
      {multiple && (
        <button
          type="button"
          class="p-button p-send"
          disabled={disabled || chosen.length === 0}
          onClick={() => send(items.map(label).filter((l) => chosen.includes(l)))}
        >
          {options.buttonLabel ?? t('Send')}
        </button>
      )}
    </div>
  )
}
