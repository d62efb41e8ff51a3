import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { contentDisposition, storedFileHeaders } from '../../../src/api/contentDisposition.js'

describe('Stored files headers', () => {
  test('inline only for raster images, audio, video and PDF', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'audio/webm', 'audio/mpeg', 'video/mp4', 'application/pdf'])
      assert.match(contentDisposition('a', type), /^inline;/, type)
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/javascript',
      'text/javascript',
      'application/xhtml+xml',
      'text/xml',
      'application/octet-stream',
    ])
      assert.match(contentDisposition('a', type), /^attachment;/, type)
  })

  test('names: an ASCII fallback without quotes or separators, and the exact name RFC 5987-encoded', () => {
    assert.equal(contentDisposition('report.pdf', 'application/pdf'), `inline; filename="report.pdf"; filename*=UTF-8''report.pdf`)
    assert.equal(
      contentDisposition('Überweisung "März"; 100%.txt', 'text/plain'),
      `attachment; filename="_berweisung _M_rz__ 100_.txt"; filename*=UTF-8''%C3%9Cberweisung%20%22M%C3%A4rz%22%3B%20100%25.txt`,
    )
    assert.equal(contentDisposition("it's (1).txt", 'text/plain'), `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`)
    assert.doesNotMatch(contentDisposition('a\r\nSet-Cookie: x=1', 'text/plain'), /[\r\n]/)
  })

  test('served with their own type only when inert media; anything else as octet-stream, the name kept', () => {
    for (const type of ['image/png', 'image/gif', 'audio/webm', 'video/mp4', 'application/pdf'])
      assert.equal(storedFileHeaders({ name: 'a', contentType: type })['content-type'], type)
    for (const type of ['text/javascript', 'application/javascript', 'text/css', 'text/html', 'image/svg+xml', 'text/plain', 'application/json']) {
      const headers = storedFileHeaders({ name: 'x.js', contentType: type })
      assert.equal(headers['content-type'], 'application/octet-stream', type)
      assert.equal(headers['content-disposition'], `attachment; filename="x.js"; filename*=UTF-8''x.js`)
    }
  })

  test('nosniff, a sandbox CSP and cache headers on every file', () => {
    const headers = storedFileHeaders({ name: 'x.html', contentType: 'text/html' })
    assert.equal(headers['x-content-type-options'], 'nosniff')
    assert.match(headers['content-security-policy'], /^sandbox;/)
    assert.match(headers['cache-control'], /max-age=/)
    assert.match(headers['content-disposition'], /^attachment;/)
  })
})
