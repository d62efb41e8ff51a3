// Pieces of the summaries that cards show on the canvas (card.ts `summary`): what a block asks, where it saves the
// answer, what it sends. Kept short: the canvas cuts a summary at two lines.
import type { CardBlock, CardContext } from './card.js'

type Options = Record<string, unknown>
const optionsOf = (block: CardBlock) => (block.options ?? {}) as Options
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '')

/** A value cut to fit a line. */
export const short = (value: string, max = 40) => (value.length > max ? `${value.slice(0, max - 1)}…` : value)

/** Summary lines without the empty ones. */
export const lines = (...parts: string[]) => parts.filter(Boolean).join('\n')

/** "Saves in Name": where an input keeps its answer; empty when it keeps it nowhere. */
export const savesIn = (block: CardBlock, { variableName }: CardContext) => {
  const variableId = optionsOf(block).variableId
  return typeof variableId === 'string' && variableId ? `Saves in ${variableName(variableId)}` : ''
}

/** An input's summary: what the visitor sees (a placeholder, a range), then where the answer goes. */
export const inputSummary =
  (detail: (options: Options) => string = () => '') =>
  (block: CardBlock, ctx: CardContext) =>
    lines(detail(optionsOf(block)), savesIn(block, ctx))

/** The placeholder of a text-like input, else its kind's default. */
export const placeholder = (fallback: string) => (options: Options) => short(text((options.labels as Options | undefined)?.placeholder) || fallback)

/** A summary made of one option's value with words around it ("Redirect to {url}"), or a fallback when unset. */
export const optionSummary =
  (read: (options: Options) => unknown, say: (value: string) => string, unset = '') =>
  (block: CardBlock) => {
    const value = text(read(optionsOf(block)))
    return value ? say(short(value)) : unset
  }

/** A bubble's media by its URL ("cat.gif", "youtube.com/watch…"). */
export const mediaSummary = (unset: string) => (block: CardBlock) => {
  const url = text((block.content as Options | undefined)?.url)
  return url ? short(url.replace(/^https?:\/\//, ''), 48) : unset
}

/** Forged blocks: the action chosen. */
export const actionSummary = (block: CardBlock) => text(optionsOf(block).action)
