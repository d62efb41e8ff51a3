// Email: a classic address check; the answer is saved lower-cased.
import type { EmailInputBlock, EmailInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { builtInTextsOf } from '../../../contract/bot/builtInTexts.js'
import { ownRetryMessage, prepareWithPrefill, replyText } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

// Local part: dot-separated atoms without specials or whitespace, or a quoted string.
// Domain: a bracketed IPv4 address, or labels ending with an alphabetic TLD of at least 2 letters.
const LOCAL = String.raw`(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|".+")`
const DOMAIN = String.raw`(?:\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\]|(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,})`
const EMAIL = new RegExp(`^${LOCAL}@${DOMAIN}$`)

export const emailInput: InputKind<EmailInputBlock, EmailInputPrepared> = {
  type: InputBlockType.EMAIL,
  category: 'input',
  prepare: prepareWithPrefill,
  parseReply: (reply) => {
    const text = replyText(reply)?.trim()
    if (!text || !EMAIL.test(text)) return { status: 'fail' }
    return { status: 'success', content: text.toLowerCase() }
  },
  // Email is the one text-like kind whose engine falls back to its default retry text (in the bot's language).
  retryMessage: (input, ctx) => ownRetryMessage(input) ?? builtInTextsOf(ctx.settings).emailRetry,
}
