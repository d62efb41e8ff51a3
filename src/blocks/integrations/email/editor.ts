// The Send email block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import { IntegrationBlockType } from '../../../contract/bot/blockTypes.js'
import type { BlockCard } from '../../../contract/bot/card.js'
import { defaultSendEmailOptions } from './schema.js'
import { optionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: IntegrationBlockType.EMAIL,
  category: 'integrations',
  label: 'Send email',
  description: 'Sends an email through SMTP',
  icon: 'IconSend',
  defaults: () => ({ options: structuredClone(defaultSendEmailOptions) }),
  hints: { labels: { 'options.credentialsId': 'SMTP account' }, order: { options: ['credentialsId', 'recipients', 'subject', 'body'] } },
  exits: 'block',
  credentialsType: 'smtp',
  summary: optionSummary(
    (o) => (Array.isArray(o.recipients) ? o.recipients.join(', ') : ''),
    (to, t) => t('Send an email to {{recipients}}', { recipients: to }),
    (t) => t('No recipient yet'),
  ),
}
