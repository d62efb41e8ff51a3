// Google Sheets: reading and writing sheets needs Google OAuth credentials, which this server does not have. The
// block is logged as an error (never skipped silently) and the flow goes on.
import type { GoogleSheetsBlock } from './schema.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const googleSheets: ActionKind<GoogleSheetsBlock> = {
  type: 'Google Sheets',
  category: 'integration',
  execute(block) {
    const details = JSON.stringify({ action: block.options?.action ?? null, spreadsheetId: block.options?.spreadsheetId ?? null })
    return { logs: [{ status: 'error', description: 'Google Sheets needs Google credentials, which this server does not have', details }] }
  },
}
