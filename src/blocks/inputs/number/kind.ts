// Number: accepts "," as decimal separator and enforces the (templated) min and max.
import type { BlockContext } from '../../../engine/kinds.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { NumberInputBlock, NumberInputPrepared } from './schema.js'
import { prepareWithPrefill, replyText, toNumberOption } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

const prepare = async (block: NumberInputBlock, ctx: BlockContext): Promise<NumberInputPrepared> => {
  const { options, ...input } = await prepareWithPrefill(block, ctx)
  if (!options || !block.options) return input
  // Sent as numbers (clients use them as HTML attributes); the reply is checked against the same values.
  const limits = {
    min: await toNumberOption(block.options.min, ctx),
    max: await toNumberOption(block.options.max, ctx),
    step: await toNumberOption(block.options.step, ctx),
  }
  return { ...input, options: { ...options, ...limits } }
}

/**
 * Like Typebot, the number is read from the start of the reply ("12 kg" is 12). A reply starting with "0"
 * (a code, "007") is saved as typed unless it is a decimal like "0.5"; otherwise the number is normalized.
 */
export const numberInput: InputKind<NumberInputBlock, NumberInputPrepared> = {
  type: InputBlockType.NUMBER,
  category: 'input',
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
