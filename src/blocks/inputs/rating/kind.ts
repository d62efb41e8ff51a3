// Rating: a number among the displayed buttons. With number buttons they run from `startsAt` to `length`
// (so 0–10 by default); with icons from 1 to `length`.
import type { BlockContext } from '../../../engine/kinds.js'
import { defaultRatingInputOptions, type RatingInputBlock, type RatingInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { prepareWithPrefill, replyText, toNumberOption } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

const prepare = async (block: RatingInputBlock, ctx: BlockContext): Promise<RatingInputPrepared> => {
  const { options, ...input } = await prepareWithPrefill(block, ctx)
  if (!options || !block.options) return input
  return { ...input, options: { ...options, startsAt: await toNumberOption(block.options.startsAt, ctx) } }
}

export const ratingInput: InputKind<RatingInputBlock, RatingInputPrepared> = {
  type: InputBlockType.RATING,
  category: 'input',
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
