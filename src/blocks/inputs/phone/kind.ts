// Phone number: the first number found in the reply, in E.164 (national numbers read with the default country).
import { type CountryCode, findPhoneNumbersInText, isSupportedCountry } from 'libphonenumber-js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { PhoneNumberInputBlock, PhoneNumberInputPrepared } from './schema.js'
import { ownRetryMessage, prepareWithPrefill, replyText } from '../../shared/inputs.js'
import type { InputKind } from '../../../engine/kinds.js'

const defaultCountry = (code: string | null | undefined): CountryCode | undefined => {
  const upper = code?.trim().toUpperCase()
  return upper && isSupportedCountry(upper) ? (upper as CountryCode) : undefined
}

export const phoneInput: InputKind<PhoneNumberInputBlock, PhoneNumberInputPrepared> = {
  type: InputBlockType.PHONE,
  category: 'input',
  prepare: prepareWithPrefill,
  parseReply: (reply, input) => {
    const text = replyText(reply)
    if (!text) return { status: 'fail' }
    const found = findPhoneNumbersInText(text, defaultCountry(input.options?.defaultCountryCode)).at(0)
    return found ? { status: 'success', content: found.number.number } : { status: 'fail' }
  },
  retryMessage: ownRetryMessage,
}
