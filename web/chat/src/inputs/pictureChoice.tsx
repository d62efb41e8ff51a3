// Picture choice: a grid of pictures with their title and description. One click answers; with isMultipleChoice
// pictures toggle and a send button answers; isSearchable adds a filter on titles and descriptions. The server
// has already removed items hidden by their display condition.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { safeImageUrl } from '../urls.js'
import { type InputProps, orEmpty } from './types.js'

type Picture = NonNullable<InputProps<typeof InputBlockType.PICTURE_CHOICE>['input']['items']>[number]

const title = (item: Picture): string => item.title || ''

export const PictureChoiceInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.PICTURE_CHOICE>) => {
  const { t } = useTexts()
  const options = orEmpty(input.options)
  const items = input.items ?? []
  const multiple = Boolean(options.isMultipleChoice)
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => root.current?.querySelector<HTMLElement>('input, button')?.focus(), [])

  const needle = filter.trim().toLowerCase()
  const shown = needle ? items.filter((i) => `${title(i)} ${i.description ?? ''}`.toLowerCase().includes(needle)) : items
  // One picture is named by its id (the server matches it first); several by value or title, else by position.
  const pickOne = (item: Picture) => submit({ message: { type: 'text', text: item.id }, label: title(item) || item.value || t('Picture') })
  const sendChosen = () => {
    const picked = items.filter((i) => chosen.includes(i.id))
    if (picked.length === 0 || disabled) return
    const text = picked.map((i) => i.value || title(i) || String(items.indexOf(i) + 1)).join(', ')
    submit({ message: { type: 'text', text }, label: picked.map((i) => title(i) || i.value || t('Picture')).join(', ') })
  }
  const toggle = (id: string) => setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])
  const searchLabel = options.searchInputPlaceholder || t('Filter the options...')

  return (
    <div class="p-input p-pictures-input" ref={root}>
      {options.isSearchable && (
        <input
          class="p-search p-field"
          type="search"
          value={filter}
          placeholder={searchLabel}
          aria-label={searchLabel}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      )}
      <fieldset class="p-pictures">
        <legend class="p-visually-hidden">{t('Pictures')}</legend>
        {shown.map((item) => {
          const position = items.indexOf(item) + 1
          const on = chosen.includes(item.id)
          const picture = safeImageUrl(item.pictureSrc)
          return (
            <button
              key={item.id}
              type="button"
              class={`p-picture${on ? ' p-on' : ''}`}
              aria-pressed={multiple ? on : undefined}
              disabled={disabled}
              onClick={() => (multiple ? toggle(item.id) : pickOne(item))}
            >
              {picture && <img src={picture} alt={title(item) ? '' : t('Picture {{position}}', { position })} loading="lazy" />}
              {(title(item) || item.description) && (
                <span class="p-picture-text">
                  {title(item) && <span class="p-picture-title">{title(item)}</span>}
                  {item.description && <span class="p-picture-description">{item.description}</span>}
                </span>
              )}
            </button>
          )
        })}
        {shown.length === 0 && <p class="p-empty">{t('No match')}</p>}
      </fieldset>
      {multiple && (
        <button type="button" class="p-button p-send" disabled={disabled || chosen.length === 0} onClick={sendChosen}>
          {options.buttonLabel || t('Send')}
        </button>
      )}
    </div>
  )
}
