// QR code forged block (`qr-code`), action "Generate a QR Code": the block's data encoded as a PNG image here (the
// `qrcode` package's defaults, as Typebot: error correction M, 4-module margin, 4 px per module), stored as a file of
// the chat's result; its URL goes into the block's variable. No network, no credentials.
import QRCode from 'qrcode'
import { parseVariables } from '../../../engine/variables.js'
import { forgedKind, idOption, invalid } from '../../shared/forgedActions.js'
import { saveMadeFile } from '../../shared/madeFiles.js'

export const qrCode = forgedKind('qr-code', 'QR code', {
  async 'Generate a QR Code'(options, ctx) {
    // Encoded as written (not trimmed), like Typebot.
    const data = typeof options.data === 'string' ? parseVariables(options.data, ctx.variables) : ''
    const variableId = idOption(options.saveUrlInVariableId)
    if (!data) return invalid('QR code data is empty. Please provide the data to be encoded into the QR code.')
    if (!variableId) return invalid('QR code image URL is not specified. Please select a variable to save the generated QR code image.')
    let png: Uint8Array
    try {
      png = await QRCode.toBuffer(data, { type: 'png' })
    } catch (err) {
      // Data too long for the largest QR code version, for instance.
      return invalid(`The QR code could not be generated: ${err instanceof Error ? err.message : String(err)}`)
    }
    return saveMadeFile(ctx, { name: 'qrcode.png', contentType: 'image/png', bytes: png }, variableId, 'The QR code')
  },
})
