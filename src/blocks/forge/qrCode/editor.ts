// The QR code block's card: how the editor offers, names and sets it up (src/contract/bot/card.ts).
import type { BlockCard } from '../../../contract/bot/card.js'
import { forgedHints } from '../../../contract/bot/formHints.js'
import { actions } from './schema.js'
import { actionSummary } from '../../../contract/bot/cardSummaries.js'

export const card: BlockCard = {
  type: 'qr-code',
  category: 'forge',
  label: 'QR code',
  description: 'Makes a QR code image from text',
  icon: 'IconQrcode',
  defaults: () => ({ options: { action: actions[0].name } }),
  hints: forgedHints,
  exits: 'block',
  actions: { key: 'action', list: actions },
  summary: actionSummary,
}
