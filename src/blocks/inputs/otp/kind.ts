// OTP input ("otp input"): found only in some forks' exports, never in upstream Typebot 3.18, so there is no
// reference behaviour to follow. Its blocks are recognised and answer with an error log; the flow goes on.
import { unsupportedKind } from '../../../engine/kinds.js'

export const otpInput = unsupportedKind(
  'otp input',
  'integration',
  'one-time-password inputs come from a Typebot fork and have no upstream behaviour to follow.',
)
