// File upload. v5's `sizeLimit` is removed by the v6 migration.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, visibilitySchema } from '../../../contract/bot/blocks/shared.js'

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
export type FileInputBlock = z.infer<typeof fileInputBlockSchema>

/** What the chat sends to clients as its `input`: the block with its options templated. */
export const fileInputPreparedSchema = fileInputBlockSchema.extend({})
export type FileInputPrepared = z.infer<typeof fileInputPreparedSchema>
