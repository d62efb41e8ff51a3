// Cards: a scrollable row of cards (image, title, description) with their buttons. A button answers with its id,
// which the server resolves to its card and path (its own edge, the "save response" fields); the user bubble shows
// the button's text. A card without buttons answers by its title when clicked.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useEffect, useRef } from 'preact/hooks'
import { useTexts } from '../i18n/context.js'
import { safeImageUrl } from '../urls.js'
import type { InputProps } from './types.js'

export const CardsInput = ({ input, submit, disabled }: InputProps<typeof InputBlockType.CARDS>) => {
  const { t } = useTexts()
  const cards = input.items ?? []
  const root = useRef<HTMLUListElement>(null)
  useEffect(() => root.current?.querySelector<HTMLElement>('button')?.focus(), [])
  return (
    <ul class="p-input p-cards" ref={root} aria-label={t('Cards')}>
      {cards.map((card, idx) => {
        const paths = (card.paths ?? []).filter((p) => p?.id)
        const title: string = card.title || ''
        const image = safeImageUrl(card.imageUrl)
        return (
          <li key={`${card.id}-${idx}`} class="p-card">
            {image && <img class="p-card-image" src={image} alt="" loading="lazy" />}
            <div class="p-card-body">
              {title && <p class="p-card-title">{title}</p>}
              {card.description && <p class="p-card-description">{card.description}</p>}
            </div>
            <div class="p-card-buttons">
              {paths.map((path) => (
                <button
                  key={path.id}
                  type="button"
                  class="p-button"
                  disabled={disabled}
                  onClick={() => submit({ message: { type: 'text', text: path.id }, label: path.text || title })}
                >
                  {path.text || title || t('Choose')}
                </button>
              ))}
              {paths.length === 0 && title && (
                <button type="button" class="p-button" disabled={disabled} onClick={() => submit({ message: { type: 'text', text: title } })}>
                  {title}
                </button>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
