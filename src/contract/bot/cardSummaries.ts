// Pieces of the summaries that cards show on the canvas (card.ts `summary`): what a block asks, where it saves the
// answer, what it sends. Kept short: the canvas cuts a summary at two lines. Texts are said through the context's
// `t` with a literal key, `t('No image yet')`, where the key reader finds them: a card hands these pieces its texts
// as functions of `t` (`(t) => t('Type a URL...')`), never as ready strings.
import type { CardBlock, CardContext, Translate } from './card.js'

type Options = Record<string, unknown>
const optionsOf = (block: CardBlock) => (block.options ?? {}) as Options
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '')

/** A card's text in the reader's language: `(t) => t('No audio yet')`. */
export type Say = (t: Translate) => string

/** A value cut to fit a line. */
export const short = (value: string, max = 40) => (value.length > max ? `${value.slice(0, max - 1)}…` : value)

/** Summary lines without the empty ones. */
export const lines = (...parts: string[]) => parts.filter(Boolean).join('\n')

/** "Saves in Name": where an input keeps its answer; empty when it keeps it nowhere. */
export const savesIn = (block: CardBlock, { variableName, t }: CardContext) => {
  const variableId = optionsOf(block).variableId
  return typeof variableId === 'string' && variableId ? t('Saves in {{variable}}', { variable: variableName(variableId) }) : ''
}

/** An input's summary: what the visitor sees (a placeholder, a range), then where the answer goes. */
export const inputSummary =
  (detail: (options: Options, t: Translate) => string = () => '') =>
  (block: CardBlock, ctx: CardContext) =>
    lines(detail(optionsOf(block), ctx.t), savesIn(block, ctx))

/** The placeholder of a text-like input, else its kind's default. */
export const placeholder = (fallback: Say) => (options: Options, t: Translate) =>
  short(text((options.labels as Options | undefined)?.placeholder) || fallback(t))

/** A summary made of one option's value with words around it ("Redirect to {url}"), or a text when unset. */
export const optionSummary =
  (read: (options: Options) => unknown, say: (value: string, t: Translate) => string, unset: Say = () => '') =>
  (block: CardBlock, { t }: CardContext) => {
    const value = text(read(optionsOf(block)))
    return value ? say(short(value), t) : unset(t)
  }

/** A bubble's media by its URL ("cat.gif", "youtube.com/watch…"). */
export const mediaSummary =
  (unset: Say) =>
  (block: CardBlock, { t }: CardContext) => {
    const url = text((block.content as Options | undefined)?.url)
    return url ? short(url.replace(/^https?:\/\//, ''), 48) : unset(t)
  }

/** Forged blocks: the action chosen. */
export const actionSummary = (block: CardBlock) => text(optionsOf(block).action)
