// The QR code block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import { z } from 'zod'
import type { BlockAction } from '../../../contract/bot/card.js'
import { s } from '../../../contract/bot/forgedOptions.js'

/** What "Generate a QR Code" reads. */
export const generateAQrCodeOptions = z.object({ data: s, saveUrlInVariableId: s })

export const actions: BlockAction[] = [{ name: 'Generate a QR Code', options: generateAQrCodeOptions }]
