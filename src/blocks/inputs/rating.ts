// Rating: a number among the displayed buttons. With number buttons they run from `startsAt` to `length`
// (so 0–10 by default); with icons from 1 to `length`.
import type { BlockContext } from '../../engine/types.js'
import { defaultRatingInputOptions, InputBlockType, type RatingInputBlock } from '../../schema/blocks/inputs.js'
import { prepareWithPrefill, replyText, toNumberOption } from './helpers.js'
import type { InputKind } from './types.js'

const prepare = (block: RatingInputBlock, ctx: BlockContext) => {
  const input = prepareWithPrefill(block, ctx)
  if (!block.options) return input
  return { ...input, options: { ...input.options, startsAt: toNumberOption(block.options.startsAt, ctx) } }
}

export const ratingInput: InputKind<RatingInputBlock> = {
  type: InputBlockType.RATING,
  prepare,
  parseReply: (reply, input) => {
    const text = replyText(reply)?.trim()
    if (!text) return { status: 'fail' }
    const value = Number(text)
    const options = input.options ?? {}
    // `||` on purpose: a length of 0 is not a usable scale.
    const max: number = options.length || defaultRatingInputOptions.length
    const isNumbers = (options.buttonType ?? defaultRatingInputOptions.buttonType) === 'Numbers'
    const min: number = isNumbers ? (options.startsAt ?? defaultRatingInputOptions.startsAt) : 1
    if (!Number.isFinite(value) || value < min || value > max) return { status: 'fail' }
    return { status: 'success', content: text }
  },
}
