// Number: accepts "," as decimal separator and enforces the (templated) min and max.
import type { BlockContext } from '../../engine/types.js'
import { InputBlockType, type NumberInputBlock } from '../../schema/blocks/inputs.js'
import { prepareWithPrefill, replyText, toNumberOption } from './helpers.js'
import type { InputKind } from './types.js'

const prepare = (block: NumberInputBlock, ctx: BlockContext) => {
  const input = prepareWithPrefill(block, ctx)
  if (!block.options) return input
  // Sent as numbers (clients use them as HTML attributes); the reply is checked against the same values.
  const limits = {
    min: toNumberOption(block.options.min, ctx),
    max: toNumberOption(block.options.max, ctx),
    step: toNumberOption(block.options.step, ctx),
  }
  return { ...input, options: { ...input.options, ...limits } }
}

/**
 * Like Typebot, the number is read from the start of the reply ("12 kg" is 12). A reply starting with "0"
 * (a code, "007") is saved as typed unless it is a decimal like "0.5"; otherwise the number is normalized.
 */
export const numberInput: InputKind<NumberInputBlock> = {
  type: InputBlockType.NUMBER,
  prepare,
  parseReply: (reply, input) => {
    const text = replyText(reply)?.trim()
    if (!text) return { status: 'fail' }
    const value = Number.parseFloat(text.replace(',', '.'))
    if (!Number.isFinite(value)) return { status: 'fail' }
    const { min, max } = input.options ?? {}
    if (typeof min === 'number' && value < min) return { status: 'fail' }
    if (typeof max === 'number' && value > max) return { status: 'fail' }
    const keepAsTyped = text.startsWith('0') && !/^0[.,]/.test(text)
    return { status: 'success', content: keepAsTyped ? text : String(value) }
  },
}
