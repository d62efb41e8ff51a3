// Input blocks: they wait for the user's reply and usually store it in `options.variableId`.
import { z } from 'zod'
import { opt } from '../common.js'
import { httpRequestOptionsShape } from './integrations.js'
import { blockOf, displayConditionSchema, itemBaseSchema, numberOrVariable } from './shared.js'

export const InputBlockType = {
  TEXT: 'text input',
  NUMBER: 'number input',
  EMAIL: 'email input',
  URL: 'url input',
  DATE: 'date input',
  TIME: 'time input',
  PHONE: 'phone number input',
  CHOICE: 'choice input',
  PICTURE_CHOICE: 'picture choice input',
  PAYMENT: 'payment input',
  RATING: 'rating input',
  FILE: 'file input',
  CARDS: 'cards',
  OTP: 'otp input',
} as const
export type InputBlockType = (typeof InputBlockType)[keyof typeof InputBlockType]

export const defaultButtonLabel = 'Send'

/** Where uploaded files (and audio clips) are stored: `Auto` follows the workspace default. */
export const fileVisibilities = ['Auto', 'Public', 'Private'] as const
const visibilitySchema = z.enum(fileVisibilities)

const placeholderLabelsSchema = z.looseObject({ placeholder: opt(z.string()), button: opt(z.string()) })
/** Fields shared by the text-like inputs (text, number, email, URL, phone). */
const textLikeOptionsShape = {
  variableId: opt(z.string()),
  labels: opt(placeholderLabelsSchema),
  // Per-locale label overrides (newest builds).
  localizations: opt(z.record(z.string(), z.looseObject({ labels: opt(placeholderLabelsSchema) }))),
}

// Text
export const textInputModes = ['text', 'decimal', 'numeric', 'tel', 'search', 'email', 'url'] as const
export const defaultTextInputOptions = {
  isLong: false,
  labels: { placeholder: 'Type your answer...', button: defaultButtonLabel },
  audioClip: { isEnabled: false, visibility: 'Auto' },
  attachments: { isEnabled: false, visibility: 'Auto' },
} as const

const mediaCaptureSchema = z.looseObject({
  isEnabled: opt(z.boolean()),
  saveVariableId: opt(z.string()),
  visibility: opt(visibilitySchema),
})

export const textInputBlockSchema = blockOf(InputBlockType.TEXT, {
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      isLong: opt(z.boolean()),
      inputMode: opt(z.enum(textInputModes)),
      audioClip: opt(mediaCaptureSchema),
      attachments: opt(mediaCaptureSchema),
    }),
  ),
})

// Number. Newer builds add display-format options (locale, currency...), kept as unknown fields.
export const defaultNumberInputOptions = {
  labels: { placeholder: 'Type a number...', button: defaultButtonLabel },
} as const

export const numberInputBlockSchema = blockOf(InputBlockType.NUMBER, {
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      min: opt(numberOrVariable),
      max: opt(numberOrVariable),
      step: opt(numberOrVariable),
    }),
  ),
})

// Email
export const defaultEmailInputOptions = {
  labels: { placeholder: 'Type your email...', button: defaultButtonLabel },
  retryMessageContent: "This email doesn't seem to be valid. Can you type it again?",
} as const

export const emailInputBlockSchema = blockOf(InputBlockType.EMAIL, {
  options: opt(z.looseObject({ ...textLikeOptionsShape, retryMessageContent: opt(z.string()) })),
})

// URL. Typebot's engine does not fall back to this retry message (see reference 3.7); kept for the editor.
export const defaultUrlInputOptions = {
  labels: { placeholder: 'Type a URL...', button: defaultButtonLabel },
  retryMessageContent: "This URL doesn't seem to be valid. Can you type it again?",
} as const

export const urlInputBlockSchema = blockOf(InputBlockType.URL, {
  options: opt(z.looseObject({ ...textLikeOptionsShape, retryMessageContent: opt(z.string()) })),
})

// Phone (same retry-message caveat as URL).
export const defaultPhoneInputOptions = {
  labels: { placeholder: 'Type your phone number...', button: defaultButtonLabel },
  retryMessageContent: "This phone number doesn't seem to be valid. Can you type it again?",
} as const

export const phoneNumberInputBlockSchema = blockOf(InputBlockType.PHONE, {
  options: opt(
    z.looseObject({
      ...textLikeOptionsShape,
      retryMessageContent: opt(z.string()),
      // ISO 3166-1 alpha-2, e.g. `FR`.
      defaultCountryCode: opt(z.string()),
    }),
  ),
})

// Date. `format` uses date-fns tokens; the default depends on `hasTime`.
export const defaultDateInputOptions = {
  labels: { button: defaultButtonLabel, from: 'From:', to: 'To:' },
  hasTime: false,
  isRange: false,
  format: 'dd/MM/yyyy',
  formatWithTime: 'dd/MM/yyyy HH:mm',
} as const

export const dateInputBlockSchema = blockOf(InputBlockType.DATE, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      labels: opt(z.looseObject({ button: opt(z.string()), from: opt(z.string()), to: opt(z.string()) })),
      hasTime: opt(z.boolean()),
      isRange: opt(z.boolean()),
      format: opt(z.string()),
      min: opt(z.string()),
      max: opt(z.string()),
    }),
  ),
})

// Time
export const defaultTimeInputOptions = { labels: { button: defaultButtonLabel }, format: 'HH:mm' } as const

export const timeInputBlockSchema = blockOf(InputBlockType.TIME, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      labels: opt(z.looseObject({ button: opt(z.string()) })),
      format: opt(z.string()),
    }),
  ),
})

// Buttons
export const defaultChoiceInputOptions = {
  isMultipleChoice: false,
  buttonLabel: defaultButtonLabel,
  isSearchable: false,
  searchInputPlaceholder: 'Filter the options...',
} as const

export const choiceInputBlockSchema = blockOf(InputBlockType.CHOICE, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        content: opt(z.string()),
        // Internal value saved instead of the displayed content (newest builds).
        value: opt(z.string()),
        displayCondition: opt(displayConditionSchema),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isMultipleChoice: opt(z.boolean()),
      buttonLabel: opt(z.string()),
      // Builds the buttons from a list variable instead of `items`.
      dynamicVariableId: opt(z.string()),
      isSearchable: opt(z.boolean()),
      searchInputPlaceholder: opt(z.string()),
    }),
  ),
})

// Picture choice
export const defaultPictureChoiceOptions = {
  ...defaultChoiceInputOptions,
  dynamicItems: { isEnabled: false },
} as const

export const pictureChoiceBlockSchema = blockOf(InputBlockType.PICTURE_CHOICE, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        pictureSrc: opt(z.string()),
        title: opt(z.string()),
        description: opt(z.string()),
        value: opt(z.string()),
        displayCondition: opt(displayConditionSchema),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isMultipleChoice: opt(z.boolean()),
      isSearchable: opt(z.boolean()),
      buttonLabel: opt(z.string()),
      searchInputPlaceholder: opt(z.string()),
      // Builds the pictures from parallel list variables.
      dynamicItems: opt(
        z.looseObject({
          isEnabled: opt(z.boolean()),
          titlesVariableId: opt(z.string()),
          descriptionsVariableId: opt(z.string()),
          pictureSrcsVariableId: opt(z.string()),
        }),
      ),
    }),
  ),
})

// Payment
export const paymentProviders = ['Stripe'] as const
export const defaultPaymentInputOptions = {
  provider: 'Stripe',
  labels: { button: 'Pay', success: 'Success' },
  currency: 'USD',
  retryMessageContent: 'Payment failed. Please, try again.',
} as const

export const paymentInputBlockSchema = blockOf(InputBlockType.PAYMENT, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      provider: opt(z.enum(paymentProviders)),
      labels: opt(z.looseObject({ button: opt(z.string()), success: opt(z.string()) })),
      additionalInformation: opt(
        z.looseObject({
          description: opt(z.string()),
          name: opt(z.string()),
          email: opt(z.string()),
          phoneNumber: opt(z.string()),
          address: opt(
            z.looseObject({
              country: opt(z.string()),
              line1: opt(z.string()),
              line2: opt(z.string()),
              state: opt(z.string()),
              city: opt(z.string()),
              postalCode: opt(z.string()),
            }),
          ),
        }),
      ),
      credentialsId: opt(z.string()),
      currency: opt(z.string()),
      // May contain `{{variables}}`.
      amount: opt(z.string()),
      retryMessageContent: opt(z.string()),
    }),
  ),
})

// Rating
export const ratingButtonTypes = ['Icons', 'Numbers'] as const
export const defaultRatingInputOptions = {
  buttonType: 'Numbers',
  length: 10,
  startsAt: 0,
  labels: { button: defaultButtonLabel },
  customIcon: { isEnabled: false },
  isOneClickSubmitEnabled: false,
} as const

export const ratingInputBlockSchema = blockOf(InputBlockType.RATING, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      buttonType: opt(z.enum(ratingButtonTypes)),
      length: opt(z.number()),
      startsAt: opt(numberOrVariable),
      labels: opt(z.looseObject({ left: opt(z.string()), right: opt(z.string()), button: opt(z.string()) })),
      customIcon: opt(z.looseObject({ isEnabled: opt(z.boolean()), svg: opt(z.string()) })),
      isOneClickSubmitEnabled: opt(z.boolean()),
    }),
  ),
})

// File upload. v5's `sizeLimit` is removed by the v6 migration.
export const fileCaptureModes = ['environment', 'user'] as const
export const defaultFileInputOptions = {
  isRequired: true,
  isMultipleAllowed: false,
  visibility: 'Auto',
  labels: {
    placeholder: '<strong>Click to upload</strong> or drag and drop<br>(size limit: 10MB)',
    button: 'Upload',
    clear: 'Clear',
    skip: 'Skip',
    success: { single: 'File uploaded', multiple: '{total} files uploaded' },
  },
} as const

export const fileInputBlockSchema = blockOf(InputBlockType.FILE, {
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      isRequired: opt(z.boolean()),
      isMultipleAllowed: opt(z.boolean()),
      labels: opt(
        z.looseObject({
          placeholder: opt(z.string()),
          button: opt(z.string()),
          clear: opt(z.string()),
          skip: opt(z.string()),
          success: opt(z.looseObject({ single: opt(z.string()), multiple: opt(z.string()) })),
        }),
      ),
      allowedFileTypes: opt(z.looseObject({ isEnabled: opt(z.boolean()), types: opt(z.array(z.string())) })),
      capture: opt(z.enum(fileCaptureModes)),
      visibility: opt(visibilitySchema),
    }),
  ),
})

// Cards: each card's `paths` are buttons with their own edges (`edge.from.pathId`).
export const cardsSaveResponseFields = ['Image URL', 'Title', 'Description', 'Button', 'Internal Value'] as const

export const cardsBlockSchema = blockOf(InputBlockType.CARDS, {
  items: opt(
    z.array(
      itemBaseSchema.extend({
        imageUrl: opt(z.string()),
        title: opt(z.string()),
        description: opt(z.string()),
        options: opt(
          z.looseObject({ displayCondition: opt(displayConditionSchema), internalValue: opt(z.string()) }),
        ),
        paths: opt(
          z.array(z.looseObject({ id: z.string(), text: opt(z.string()), outgoingEdgeId: opt(z.string()) })),
        ),
      }),
    ),
  ),
  options: opt(
    z.looseObject({
      variableId: opt(z.string()),
      saveResponseMapping: opt(
        z.array(z.looseObject({ field: opt(z.enum(cardsSaveResponseFields)), variableId: opt(z.string()) })),
      ),
    }),
  ),
})

// OTP (seen only in some snapshots): sends and checks a code through an HTTP request.
export const otpInputBlockSchema = blockOf(InputBlockType.OTP, {
  options: opt(
    z.looseObject({
      ...httpRequestOptionsShape,
      variableId: opt(z.string()),
      labels: opt(z.looseObject({ button: opt(z.string()) })),
      codeLength: opt(z.number()),
    }),
  ),
})

export type TextInputBlock = z.infer<typeof textInputBlockSchema>
export type NumberInputBlock = z.infer<typeof numberInputBlockSchema>
export type EmailInputBlock = z.infer<typeof emailInputBlockSchema>
export type UrlInputBlock = z.infer<typeof urlInputBlockSchema>
export type PhoneNumberInputBlock = z.infer<typeof phoneNumberInputBlockSchema>
export type DateInputBlock = z.infer<typeof dateInputBlockSchema>
export type TimeInputBlock = z.infer<typeof timeInputBlockSchema>
export type ChoiceInputBlock = z.infer<typeof choiceInputBlockSchema>
export type PictureChoiceBlock = z.infer<typeof pictureChoiceBlockSchema>
export type PaymentInputBlock = z.infer<typeof paymentInputBlockSchema>
export type RatingInputBlock = z.infer<typeof ratingInputBlockSchema>
export type FileInputBlock = z.infer<typeof fileInputBlockSchema>
export type CardsBlock = z.infer<typeof cardsBlockSchema>
export type OtpInputBlock = z.infer<typeof otpInputBlockSchema>
export type InputBlock =
  | TextInputBlock
  | NumberInputBlock
  | EmailInputBlock
  | UrlInputBlock
  | PhoneNumberInputBlock
  | DateInputBlock
  | TimeInputBlock
  | ChoiceInputBlock
  | PictureChoiceBlock
  | PaymentInputBlock
  | RatingInputBlock
  | FileInputBlock
  | CardsBlock
  | OtpInputBlock

export const inputBlockSchemas = {
  [InputBlockType.TEXT]: textInputBlockSchema,
  [InputBlockType.NUMBER]: numberInputBlockSchema,
  [InputBlockType.EMAIL]: emailInputBlockSchema,
  [InputBlockType.URL]: urlInputBlockSchema,
  [InputBlockType.DATE]: dateInputBlockSchema,
  [InputBlockType.TIME]: timeInputBlockSchema,
  [InputBlockType.PHONE]: phoneNumberInputBlockSchema,
  [InputBlockType.CHOICE]: choiceInputBlockSchema,
  [InputBlockType.PICTURE_CHOICE]: pictureChoiceBlockSchema,
  [InputBlockType.PAYMENT]: paymentInputBlockSchema,
  [InputBlockType.RATING]: ratingInputBlockSchema,
  [InputBlockType.FILE]: fileInputBlockSchema,
  [InputBlockType.CARDS]: cardsBlockSchema,
  [InputBlockType.OTP]: otpInputBlockSchema,
} as const
