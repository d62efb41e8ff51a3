import { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf } from '../../../contract/bot/blocks/shared.js'

export const chatwootTasks = ['Show widget', 'Close widget'] as const
export const defaultChatwootOptions = { task: 'Show widget', baseUrl: 'https://app.chatwoot.com' } as const

export const chatwootBlockSchema = blockOf(IntegrationBlockType.CHATWOOT, {
  options: opt(
    z.looseObject({
      task: opt(z.enum(chatwootTasks)),
      baseUrl: opt(z.string()),
      websiteToken: opt(z.string()),
      user: opt(
        z.looseObject({
          id: opt(z.string()),
          email: opt(z.string()),
          name: opt(z.string()),
          avatarUrl: opt(z.string()),
          phoneNumber: opt(z.string()),
        }),
      ),
    }),
  ),
})
export type ChatwootBlock = z.infer<typeof chatwootBlockSchema>
