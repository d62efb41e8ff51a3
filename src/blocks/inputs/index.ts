// Registry of input kinds by block type literal.
import { cardsInput } from './cards.js'
import { choiceInput } from './choice.js'
import { dateInput } from './date.js'
import { emailInput } from './email.js'
import { fileInput } from './file.js'
import { numberInput } from './number.js'
import { paymentInput } from './payment.js'
import { phoneInput } from './phone.js'
import { pictureChoiceInput } from './pictureChoice.js'
import { ratingInput } from './rating.js'
import { textInput } from './text.js'
import { timeInput } from './time.js'
import type { InputKind } from './types.js'
import { urlInput } from './url.js'

export type { InputKind } from './types.js'

const kinds: InputKind<any>[] = [
  textInput,
  numberInput,
  emailInput,
  urlInput,
  phoneInput,
  dateInput,
  timeInput,
  choiceInput,
  pictureChoiceInput,
  ratingInput,
  fileInput,
  paymentInput,
  cardsInput,
]

export const inputKinds: Record<string, InputKind<any>> = Object.fromEntries(kinds.map((kind) => [kind.type, kind]))
