// A small PNG reader for tests (8-bit grey, RGB or RGBA, not interlaced; every filter type): enough to look at the
// pixels of the images blocks make, such as QR codes.
import assert from 'node:assert/strict'
import { inflateSync } from 'node:zlib'

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export type Png = { width: number; height: number /** Whether the pixel is darker than mid-grey. */; isDark: (x: number, y: number) => boolean }

export const readPng = (bytes: Uint8Array): Png => {
  const buf = Buffer.from(bytes)
  assert.ok(buf.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature')
  let width = 0
  let height = 0
  let channels = 0
  const data: Buffer[] = []
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    const chunk = buf.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0)
      height = chunk.readUInt32BE(4)
      assert.equal(chunk[8], 8, 'bit depth')
      channels = { 0: 1, 2: 3, 6: 4 }[chunk[9] as 0 | 2 | 6]
      assert.ok(channels && chunk[12] === 0, 'colour type and interlacing')
    }
    if (type === 'IDAT') data.push(chunk)
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const pixels = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]
      const a = i >= channels ? pixels[y * stride + i - channels] : 0
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels] : 0
      const p = a + b - c
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]
      assert.ok(predictor !== undefined, `filter ${filter}`)
      pixels[y * stride + i] = (x + predictor) & 0xff
    }
  }
  return { width, height, isDark: (x, y) => pixels[(y * width + x) * channels] < 128 }
}
