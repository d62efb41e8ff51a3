// Issue 15's editor scale, held in CI by what makes it fast rather than by the clock (a test that reads the clock
// fails on a busy machine: bench/editor.ts measures the open time and the frames of a pan, bench/README.md has the
// figures): a bot of 300 groups / 2,000 blocks opens drawing only the groups in view, and panning it leaves the
// groups drawn untouched (only the viewport moves, groups entering the view are added). The measurement set-up is
// shared with the bench (bench/lib/editorScale.ts).
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { importForEditor, largeBot } from '../../bench/lib/editorScale.js'
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

/**
 * Starts recording what changes in the flow's DOM (evaluated as text: this file compiles without the DOM's types),
 * but a pan's own work: the viewport's transform, groups or edges entering or leaving the view, the pane marked as
 * dragged, the background's pattern and the minimap following.
 */
const WATCH_FLOW = `(() => {
  window.__flowChanges = []
  const own = (r) =>
    (r.type === 'attributes' && (r.target.matches('.react-flow__viewport, .react-flow__pane') || r.target.closest('.react-flow__background, .react-flow__minimap'))) ||
    (r.type === 'childList' && (r.target.classList.contains('react-flow__nodes') || r.target.closest('.react-flow__edges')))
  new MutationObserver((records) => {
    for (const r of records) if (!own(r)) window.__flowChanges.push(r.type + ' ' + (r.attributeName ?? '') + ' on ' + r.target.nodeName + '.' + String(r.target.className?.baseVal ?? r.target.className ?? '').split(' ')[0])
  }).observe(document.querySelector('.react-flow'), { subtree: true, childList: true, attributes: true, characterData: true })
  return document.querySelectorAll('.react-flow__node-botGroup').length
})()`

test('a 300-group / 2,000-block bot opens drawing only the groups in view, and a pan leaves the drawn groups untouched', async () => {
  const { context, url } = await importForEditor(browser, server.builderUrl, largeBot())
  const page = await context.newPage()
  await page.goto(url)
  const groups = page.locator('.react-flow__node-botGroup')
  await groups.first().waitFor()
  const drawn = (await page.evaluate(WATCH_FLOW)) as number
  assert.ok(drawn >= 3 && drawn < 100, `${drawn} of 300 groups drawn at opening`)

  // A drag from empty canvas, in small steps as a hand moves.
  const start = (await page.evaluate(`(() => {
    const box = document.querySelector('.react-flow__pane').getBoundingClientRect()
    for (let y = box.top + 40; y < box.bottom - 40; y += 20)
      for (let x = box.left + 300; x < box.right - 300; x += 20)
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y }
    return null
  })()`)) as { x: number; y: number } | null
  assert.ok(start, 'an empty spot of canvas to pan from')
  const before = await page.locator('.react-flow__viewport').getAttribute('style')
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let i = 1; i <= 30; i++) await page.mouse.move(start.x - i * 10, start.y - i * 4)
  await page.mouse.up()
  assert.notEqual(await page.locator('.react-flow__viewport').getAttribute('style'), before, 'the viewport moved')
  const changes = (await page.evaluate('window.__flowChanges')) as string[]
  assert.deepEqual([...new Set(changes)], [], 'what a pan changed besides the viewport and the groups in view')
})
