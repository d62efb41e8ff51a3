// Send email. `credentialsId: 'default'` means the server's own SMTP settings.
import { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const defaultSendEmailOptions = { credentialsId: 'default', isCustomBody: false, isBodyCode: false } as const

export const sendEmailBlockSchema = blockOf(IntegrationBlockType.EMAIL, {
  options: opt(
    z.looseObject({
      credentialsId: opt(z.string()),
      isCustomBody: opt(z.boolean()),
      isBodyCode: opt(z.boolean()),
      recipients: opt(z.array(z.string())),
      subject: opt(z.string()),
      body: opt(z.string()),
      replyTo: opt(z.string()),
      cc: opt(z.array(z.string())),
      bcc: opt(z.array(z.string())),
      attachmentsVariableId: opt(z.string()),
    }),
  ),
})
export type SendEmailBlock = z.infer<typeof sendEmailBlockSchema>
