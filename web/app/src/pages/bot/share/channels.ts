// What the Share tab's messaging channels (WhatsApp, Telegram) have in common: where a bot keeps each one's
// credentials and settings, their defaults and limits, and the comparison operators a start condition offers.
import { type ComparisonOperator, ComparisonOperators, type Condition, defaultSettings } from '../../../../../../src/contract/bot/common.js'
import { msg } from '../../../i18n/index.js'
import { useAuth } from '../../../lib/auth.js'
import type { Bot } from '../../../lib/bots.js'

export type Channel = 'whatsApp' | 'telegram'

/** The bot field naming the channel's credentials, and the credential type they are of. */
export const channelFields = {
  whatsApp: { credentialsId: 'whatsAppCredentialsId', credentialsType: 'whatsApp' },
  telegram: { credentialsId: 'telegramCredentialsId', credentialsType: 'telegram' },
} as const satisfies Record<Channel, { credentialsId: keyof Bot; credentialsType: string }>

export type ChannelSettings = { isEnabled?: boolean; startCondition?: Condition; sessionExpiryTimeout?: number }

/** Hours of quiet after which a contact's chat starts over (the server's default and bounds). */
export const EXPIRY = { default: defaultSettings.whatsApp.sessionExpiryTimeout, min: 0.01, max: 48 } as const

/** Where visitors and channels reach bots: the user content's origin (PARLEY_CHAT_URL), never the builder's. */
export const useChatOrigin = () => useAuth().status?.chatUrl ?? ''

/** Meta's "Callback URL" for WhatsApp credentials: the chat origin's webhook of those credentials. */
export const whatsAppWebhookUrl = (chatOrigin: string, workspaceId: string, credentialsId: string) =>
  `${chatOrigin}/api/v1/workspaces/${encodeURIComponent(workspaceId)}/whatsapp/${encodeURIComponent(credentialsId)}/webhook`

/** The operators in the order offered, with their names (English, translated where shown). */
export const operatorChoices: { value: ComparisonOperator; label: string }[] = [
  { value: ComparisonOperators.EQUAL, label: msg('Is equal to') },
  { value: ComparisonOperators.NOT_EQUAL, label: msg('Is not equal to') },
  { value: ComparisonOperators.CONTAINS, label: msg('Contains') },
  { value: ComparisonOperators.NOT_CONTAINS, label: msg('Does not contain') },
  { value: ComparisonOperators.STARTS_WITH, label: msg('Starts with') },
  { value: ComparisonOperators.ENDS_WITH, label: msg('Ends with') },
  { value: ComparisonOperators.MATCHES_REGEX, label: msg('Matches the regular expression') },
  { value: ComparisonOperators.NOT_MATCH_REGEX, label: msg('Does not match the regular expression') },
  { value: ComparisonOperators.GREATER, label: msg('Is greater than') },
  { value: ComparisonOperators.LESS, label: msg('Is less than') },
  { value: ComparisonOperators.GREATER_OR_EQUAL, label: msg('Is greater than or equal to') },
  { value: ComparisonOperators.LESS_OR_EQUAL, label: msg('Is less than or equal to') },
  { value: ComparisonOperators.IS_SET, label: msg('Is not empty') },
  { value: ComparisonOperators.IS_EMPTY, label: msg('Is empty') },
]

/** Operators that compare the message with nothing. */
export const unaryOperators = new Set<string>([ComparisonOperators.IS_SET, ComparisonOperators.IS_EMPTY])
