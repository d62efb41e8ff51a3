// HTTP request ("Webhook"). Zapier, Make.com and Pabbly share its option shape (contract/).
import type { z } from 'zod'
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import { opt } from '../../../contract/bot/common.js'
import { blockOf, httpRequestOptionsSchema } from '../../../contract/bot/blocks/shared.js'

export { httpMethods } from '../../../contract/bot/blocks/shared.js'
export const defaultHttpRequestOptions = {
  isCustomBody: false,
  isExecutedOnClient: false,
  isAdvancedConfig: false,
} as const
/** Seconds; the block's `timeout` is capped at `maxHttpRequestTimeout`. */
export const defaultHttpRequestTimeout = 10
export const maxHttpRequestTimeout = 120

export const httpRequestBlockSchema = blockOf(IntegrationBlockType.HTTP_REQUEST, {
  options: opt(httpRequestOptionsSchema),
})
export type HttpRequestBlock = z.infer<typeof httpRequestBlockSchema>
