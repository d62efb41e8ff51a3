import assert from 'node:assert/strict'
import { test } from 'node:test'
import QRCode from 'qrcode'
import { qrCode } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { memoryFiles } from '../../../../test/support/files.js'
import { readPng } from '../../../../test/support/png.js'

const block = (options: Record<string, unknown>) => ({ id: 'qr', type: 'qr-code', options: { action: 'Generate a QR Code', ...options } })

test('the data (templated) is encoded as a PNG QR code, stored, and its URL saved in the variable', async () => {
  const files = memoryFiles()
  const { ctx } = blockContext({ variables: { Ticket: 'T-42', Url: null }, files })
  const result = await qrCode.execute(block({ data: 'https://example.org/t/{{Ticket}}', saveUrlInVariableId: 'v1' }), ctx)
  assert.equal(result.logs, undefined)
  const [update] = result.variableUpdates ?? []
  assert.equal(update.variableId, 'v1')
  const stored = await ctx.readStoredFile(String(update.value))
  assert.ok(stored)
  assert.equal(stored.contentType, 'image/png')
  assert.match(String(update.value), /^http:\/\/files\.test\/v1\/files\/w1\/bot1\/r1\/[^/]+\/qrcode\.png$/)
  // The image is the QR code of the templated data: 4 px per module, a 4-module quiet zone (Typebot's defaults).
  const png = readPng(stored.bytes)
  const { modules } = QRCode.create('https://example.org/t/T-42', {})
  assert.equal(png.width, (modules.size + 8) * 4)
  assert.equal(png.height, png.width)
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      assert.equal(png.isDark((col + 4) * 4 + 1, (row + 4) * 4 + 1), modules.get(row, col) === 1, `module ${row},${col}`)
    }
  }
  assert.equal(png.isDark(1, 1), false, 'quiet zone')
})

test('empty data or no variable: the error log Typebot gives, nothing stored', async () => {
  const files = memoryFiles()
  const { ctx } = blockContext({ variables: { Empty: '' }, files })
  const noData = await qrCode.execute(block({ data: '{{Empty}}', saveUrlInVariableId: 'v0' }), ctx)
  assert.match(noData.logs?.[0].description ?? '', /^QR code data is empty/)
  const noVariable = await qrCode.execute(block({ data: 'x' }), ctx)
  assert.match(noVariable.logs?.[0].description ?? '', /^QR code image URL is not specified/)
  assert.equal(files.files.size, 0)
})

test('data too long for a QR code, or storage failing: an error log, the variable unchanged', async () => {
  const { ctx } = blockContext({ variables: { Url: null } })
  const tooLong = await qrCode.execute(block({ data: 'x'.repeat(8000), saveUrlInVariableId: 'v0' }), ctx)
  assert.equal(tooLong.variableUpdates, undefined)
  assert.match(tooLong.logs?.[0].description ?? '', /^The QR code could not be generated: /)
  const failing = blockContext({
    variables: { Url: null },
    files: { store: async () => ({ ok: false, message: 'The file could not be stored: disk full' }), read: async () => undefined },
  }).ctx
  const notStored = await qrCode.execute(block({ data: 'hello', saveUrlInVariableId: 'v0' }), failing)
  assert.equal(notStored.variableUpdates, undefined)
  assert.deepEqual(notStored.logs, [{ status: 'error', description: 'The QR code could not be stored: The file could not be stored: disk full' }])
})

test('another action name (even an Object prototype one) answers with an error log', async () => {
  const { ctx } = blockContext()
  for (const action of ['Scan', 'toString', undefined]) {
    const result = await qrCode.execute({ id: 'qr', type: 'qr-code', options: { action, data: 'x', saveUrlInVariableId: 'v0' } }, ctx)
    assert.equal(result.logs?.[0].status, 'error')
    assert.equal(result.logs?.[0].visibility, 'everyone')
  }
})
