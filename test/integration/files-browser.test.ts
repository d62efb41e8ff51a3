// Stored files in Chromium: a visitor uploads a script and a stylesheet as attachments (any type is accepted there),
// and a page on another origin loads them with <script src> and <link rel=stylesheet>, which ignore
// Content-Disposition and the file's sandbox CSP. Neither may run nor apply; an uploaded GIF in an <img> on the same
// page shows that the page does reach the files.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchBrowser, newContext, type Site, startStaticSite } from '../support/browser.js'
import { bot } from '../support/engine.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
const attachmentBot = bot([['Ask', [{ id: 'askText', type: 'text input', options: { attachments: { isEnabled: true, saveVariableId: 'vFiles' } } }]]])

describe('Stored files loaded by a page in Chromium', () => {
  let s: TestServer
  let site: Site
  let browser: Browser
  before(async () => {
    ;[s, site, browser] = await Promise.all([startTestServer({ PUBLIC_CHAT: 'true' }), startStaticSite(), launchBrowser()])
  })
  after(async () => {
    await browser.close()
    await site.close()
    await s.stop()
  })

  /** Uploads a file as an attachment of an anonymous chat's text input; answers its URL. */
  const upload = async (fileName: string, contentType: string, bytes: Uint8Array) => {
    const owner = await userWithWorkspace(s)
    const { publicId } = await importAndPublish(s, owner.token, owner.workspaceId, attachmentBot)
    const start = await s.call('POST', `/v1/bots/${publicId}/startChat`, { token: null, body: {} })
    const granted = await s.call('POST', `/v1/sessions/${start.body.sessionId}/files`, {
      token: null,
      body: { blockId: 'askText', fileName, contentType, size: bytes.length },
    })
    assert.equal(granted.status, 200, JSON.stringify(granted.body))
    const put = await fetch(granted.body.uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } })
    assert.equal(put.status, 200, await put.text())
    return granted.body.fileUrl as string
  }

  test('an uploaded .js does not run from <script src>, an uploaded .css does not apply from <link>', async () => {
    const script = await upload('steal.js', 'text/javascript', Buffer.from('document.documentElement.dataset.ran = "yes"'))
    const style = await upload('paint.css', 'text/css', Buffer.from('body { color: rgb(1, 2, 3) !important }'))
    const image = await upload('pixel.gif', 'image/gif', GIF)
    const context = await newContext(browser)
    try {
      const page = await context.newPage()
      await page.goto(
        site.page(`<!doctype html><html><head><link rel="stylesheet" href="${style}"><script src="${script}"></script></head>
          <body><p>Hello</p><img id="pixel" src="${image}"></body></html>`),
        { waitUntil: 'load' },
      )
      const seen = await page.evaluate<{ ran: string | null; color: string; imageWidth: number }>(`({
        ran: document.documentElement.dataset.ran ?? null,
        color: getComputedStyle(document.body).color,
        imageWidth: document.getElementById('pixel').naturalWidth,
      })`)
      assert.equal(seen.imageWidth, 1, 'the page reaches the stored files')
      assert.equal(seen.ran, null, 'the uploaded script ran')
      assert.notEqual(seen.color, 'rgb(1, 2, 3)', 'the uploaded stylesheet applied')
    } finally {
      await context.close()
    }
    // Why: served as bytes to download, under the name it was given.
    const served = await fetch(script)
    assert.equal(served.status, 200)
    assert.equal(served.headers.get('content-type'), 'application/octet-stream')
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.match(served.headers.get('content-disposition')!, /^attachment; filename="steal\.js"/)
  })
})
