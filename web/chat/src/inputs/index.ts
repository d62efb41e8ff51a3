// Input `type` (as the chat API sends it) → the component that renders it. Each kind lives in its own module.
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

export const inputs: Record<string, InputComponent> = {
  'text input': TextInput,
  'choice input': ButtonsInput,
  'number input': NumberInput,
  'email input': EmailInput,
  'url input': UrlInput,
  'phone number input': PhoneInput,
  'date input': DateInput,
  'time input': TimeInput,
  'picture choice input': PictureChoiceInput,
  'rating input': RatingInput,
  'file input': FileInput,
  'payment input': PaymentInput,
  cards: CardsInput,
}
