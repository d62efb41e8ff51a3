// Input `type` (as the chat API sends it, the contract's constants) → the component that renders it. Each kind lives
// in its own module.
import type { ChatInput } from '../../../../src/blocks/wire.js'
import { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { ButtonsInput } from './buttons.js'
import { CardsInput } from './cards.js'
import { DateInput } from './date.js'
import { EmailInput } from './email.js'
import { FileInput } from './file.js'
import { NumberInput } from './number.js'
import { PaymentInput } from './payment.js'
import { PhoneInput } from './phone.js'
import { PictureChoiceInput } from './pictureChoice.js'
import { RatingInput } from './rating.js'
import { TextInput } from './text.js'
import { TimeInput } from './time.js'
import type { InputComponent } from './types.js'
import { UrlInput } from './url.js'

const inputs: { [T in ChatInput['type']]: InputComponent<T> } = {
  [InputBlockType.TEXT]: TextInput,
  [InputBlockType.CHOICE]: ButtonsInput,
  [InputBlockType.NUMBER]: NumberInput,
  [InputBlockType.EMAIL]: EmailInput,
  [InputBlockType.URL]: UrlInput,
  [InputBlockType.PHONE]: PhoneInput,
  [InputBlockType.DATE]: DateInput,
  [InputBlockType.TIME]: TimeInput,
  [InputBlockType.PICTURE_CHOICE]: PictureChoiceInput,
  [InputBlockType.RATING]: RatingInput,
  [InputBlockType.FILE]: FileInput,
  [InputBlockType.PAYMENT]: PaymentInput,
  [InputBlockType.CARDS]: CardsInput,
}

/**
 * The component for an input; undefined for a type this widget does not know (a newer server's). The map pairs each
 * type with its own component, which TypeScript cannot follow through a lookup by a value's type: hence the cast.
 */
export const inputComponent = (input: ChatInput): InputComponent | undefined =>
  Object.hasOwn(inputs, input.type) ? (inputs[input.type] as InputComponent) : undefined
