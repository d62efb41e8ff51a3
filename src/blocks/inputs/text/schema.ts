// Text input: one line or long text, optionally with an audio clip or attachments.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, defaultButtonLabel, textLikeOptionsShape, visibilitySchema } from '../../../contract/bot/blocks/shared.js'

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
export type TextInputBlock = z.infer<typeof textInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated, and the variable's value. */
export const textInputPreparedSchema = textInputBlockSchema.extend({ prefilledValue: z.string().optional() })
export type TextInputPrepared = z.infer<typeof textInputPreparedSchema>
