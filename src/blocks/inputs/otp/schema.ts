// OTP (seen only in some snapshots): sends and checks a code through an HTTP request.
import { z } from 'zod'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, httpRequestOptionsShape } from '../../../contract/bot/blocks/shared.js'

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
export type OtpInputBlock = z.infer<typeof otpInputBlockSchema>
