// Issue 15's editor figures, held in CI: a bot of 300 groups / 2,000 blocks opens in the editor within a second
// (median of three loads after a warm-up), and panning it at the size it opens costs a median frame of at most
// 16 ms (a frame's main-thread work, read from Chromium's trace). bench/editor.ts reports the same figures (and the
// whole flow zoomed out) with their details; the measurement is shared (bench/lib/editorScale.ts).
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { importForEditor, largeBot, openTime, panFrames } from '../../bench/lib/editorScale.js'
import { CHROMIUM } from '../support/browser.js'
import { startTestServer, type TestServer } from '../support/server.js'

let server: TestServer
let browser: Browser
before(async () => {
  server = await startTestServer()
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`)
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
})
after(async () => {
  await browser?.close()
  await server?.close()
})

test('a 300-group / 2,000-block bot opens within a second and pans at a median frame of at most 16 ms', async () => {
  const { context, url } = await importForEditor(browser, server.builderUrl, largeBot())
  const page = await context.newPage()
  await openTime(page, url)
  const opens = [await openTime(page, url), await openTime(page, url), await openTime(page, url)].sort((a, b) => a - b)
  const frames = await panFrames(page)
  console.log(
    `editor scale: opens ${opens.map(Math.round).join(', ')} ms; panning ${frames.frames} frames, median ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms`,
  )
  assert.ok(opens[1] <= 1000, `median open ${Math.round(opens[1])} ms`)
  assert.ok(frames.frames >= 30, `only ${frames.frames} frames while panning`)
  assert.ok(frames.median <= 16, `median frame ${frames.median.toFixed(1)} ms`)
})
