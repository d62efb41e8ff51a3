// Choice input: one click answers; with isMultipleChoice, toggles then a send button; isSearchable adds a filter.
// Items hidden by their displayCondition are already removed by the server.
import { useEffect, useRef, useState } from 'preact/hooks'
import type { InputProps } from './types.js'

const label = (item: any) => String(item.content ?? '')

export const ButtonsInput = ({ input, submit, disabled }: InputProps) => {
  const options = input.options ?? {}
  const items: any[] = input.items ?? []
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => root.current?.querySelector<HTMLElement>('input, button')?.focus(), [])
  const shown = filter ? items.filter((i) => label(i).toLowerCase().includes(filter.toLowerCase())) : items
  const multiple = Boolean(options.isMultipleChoice)
  const send = (texts: string[]) => texts.length > 0 && !disabled && submit({ message: { type: 'text', text: texts.join(', ') } })
  return (
    <div class="p-input p-choice" ref={root}>
      {options.isSearchable && (
        <input
          class="p-search"
          type="search"
          value={filter}
          placeholder={options.searchInputPlaceholder ?? 'Filter the options...'}
          aria-label={options.searchInputPlaceholder ?? 'Filter the options'}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      )}
      <fieldset class="p-choices">
        <legend class="p-sr">Choices</legend>
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
        <button type="button" class="p-button p-send" disabled={disabled || chosen.length === 0} onClick={() => send(chosen)}>
          {options.buttonLabel ?? 'Send'}
        </button>
      )}
    </div>
  )
}
