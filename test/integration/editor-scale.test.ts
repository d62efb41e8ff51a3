// Issue 15's editor scale, held in CI by what makes it fast rather than by the clock (a test that reads the clock
// fails on a busy machine: bench/editor.ts measures the open time and the frames of a pan, bench/README.md has the
// figures): a bot of 300 groups / 2,000 blocks opens drawing only the groups in view (never the others, even for a
// moment), panning it leaves the groups drawn untouched (only the viewport moves, groups entering the view are
// added), and zoomed out to the whole flow a pan moves one drawing of it (canvas/FarOverview.tsx). The measurement set-up is
// shared with the bench (bench/lib/editorScale.ts).
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { importForEditor, largeBot, zoomOut } from '../../bench/lib/editorScale.js'
import { CHROMIUM } from '../support/browser.js'
import { emptySpot } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'

let server: TestServer
let browser: Browser
// The large bot, imported once by the first account (each test opens it in a page of its own).
let flow: Awaited<ReturnType<typeof importForEditor>>
before(async () => {
  server = await startTestServer()
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`)
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  flow = await importForEditor(browser, server.builderUrl, largeBot())
})
after(async () => {
  await browser?.close()
  await server?.close()
})

/**
 * Starts recording what changes in the flow's DOM (evaluated as text: this file compiles without the DOM's types),
 * but a pan's own work: the viewport's transform, groups or edges entering or leaving the view (and the edges of
 * groups entering it), the pane marked as dragged, the background's pattern and the minimap following.
 */
const WATCH_FLOW = `(() => {
  window.__flowChanges = []
  const own = (r) =>
    (r.type === 'attributes' && (r.target.matches('.react-flow__viewport, .react-flow__pane') || r.target.closest('.react-flow__background, .react-flow__minimap'))) ||
    (r.type === 'childList' && (r.target.classList.contains('react-flow__nodes') || r.target.closest('.react-flow__edges'))) ||
    // An edge to a group entering the view: its end moves from the estimate to the group's measured connection point.
    (r.type === 'attributes' && r.attributeName === 'd' && r.target.closest('.react-flow__edges'))
  new MutationObserver((records) => {
    for (const r of records) if (!own(r)) window.__flowChanges.push(r.type + ' ' + (r.attributeName ?? '') + ' on ' + r.target.nodeName + '.' + String(r.target.className?.baseVal ?? r.target.className ?? '').split(' ')[0])
  }).observe(document.querySelector('.react-flow'), { subtree: true, childList: true, attributes: true, characterData: true })
  return document.querySelectorAll('.react-flow__node-botGroup').length
})()`

test('a 300-group / 2,000-block bot opens drawing only the groups in view, and a pan leaves the drawn groups untouched', async () => {
  const page = await flow.context.newPage()
  // Every group ever drawn while the editor opens, not only those left once the view is settled (xyflow draws each
  // node it cannot place an edge's end on, wherever it is, to measure it).
  await page.addInitScript(`window.__everDrawn = new Set()
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.react-flow__node-botGroup')) window.__everDrawn.add(n.dataset.id)
    }).observe(document, { subtree: true, childList: true })`)
  await page.goto(flow.url)
  const groups = page.locator('.react-flow__node-botGroup')
  await groups.first().waitFor()
  const drawn = (await page.evaluate(WATCH_FLOW)) as number
  assert.ok(drawn >= 3 && drawn < 100, `${drawn} of 300 groups drawn at opening`)
  assert.equal(await page.evaluate('window.__everDrawn.size'), drawn, 'groups out of view were drawn while opening')

  // A drag from empty canvas, in small steps as a hand moves.
  const start = await emptySpot(page)
  const before = await page.locator('.react-flow__viewport').getAttribute('style')
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let i = 1; i <= 30; i++) await page.mouse.move(start.x - i * 10, start.y - i * 4)
  await page.mouse.up()
  assert.notEqual(await page.locator('.react-flow__viewport').getAttribute('style'), before, 'the viewport moved')
  const changes = (await page.evaluate('window.__flowChanges')) as string[]
  assert.deepEqual([...new Set(changes)], [], 'what a pan changed besides the viewport and the groups in view')
})

test('zoomed out to the whole flow, a pan moves one drawing of it, and the groups come back named when it stops', async () => {
  const page = await flow.context.newPage()
  await page.goto(flow.url)
  await page.locator('.react-flow__node-botGroup').first().waitFor()
  await zoomOut(page)
  const groups = page.locator('section.pg-group[data-lod]')
  await page.waitForFunction(`document.querySelectorAll('section.pg-group[data-lod]').length === 300 && !document.querySelector('.pg-moving')`)
  assert.equal(await page.getByRole('region', { name: 'Group Group 150' }).count(), 1, 'a far group keeps its name')
  // Far out a group's connection points are plain elements (no store subscription), still measured for edges.
  assert.equal(await groups.locator('.react-flow__handle.connectablestart').count(), 0)
  assert.equal(await page.locator('.react-flow__edge').count(), 300, 'every edge is drawn')

  const start = await emptySpot(page)
  await page.evaluate(WATCH_FLOW)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(start.x - i * 5, start.y - i * 2)
  const during = (await page.evaluate(`(() => {
    const real = [...document.querySelectorAll('.react-flow__edge-path')].map((p) => p.getAttribute('d')).sort()
    const drawn = [...document.querySelectorAll('svg.pg-overview path')].map((p) => p.getAttribute('d')).sort()
    return {
      nodes: getComputedStyle(document.querySelector('.react-flow__nodes')).contentVisibility,
      edges: getComputedStyle(document.querySelector('.react-flow__edges')).contentVisibility,
      overview: getComputedStyle(document.querySelector('svg.pg-overview')).display,
      boxes: document.querySelectorAll('svg.pg-overview rect').length,
      titles: [...document.querySelectorAll('svg.pg-overview text')].map((t) => t.textContent).slice(0, 3),
      sameEdges: real.length === drawn.length && real.every((d, i) => d === drawn[i]),
      hidden: document.querySelector('svg.pg-overview').getAttribute('aria-hidden'),
    }
  })()`)) as Record<string, unknown>
  assert.deepEqual(during, {
    nodes: 'hidden',
    edges: 'hidden',
    overview: 'block',
    boxes: 301,
    titles: ['Start', 'Group 0', 'Group 1'],
    sameEdges: true,
    hidden: 'true',
  })
  await page.mouse.up()
  const changes = (await page.evaluate('window.__flowChanges')) as string[]
  assert.deepEqual([...new Set(changes)], [], 'what a pan far out changed besides the groups in view')
  await page.waitForFunction(`!document.querySelector('.pg-moving')`)
  assert.equal(await page.evaluate(`getComputedStyle(document.querySelector('.react-flow__nodes')).contentVisibility`), 'visible')
  assert.equal(await page.evaluate(`getComputedStyle(document.querySelector('svg.pg-overview')).display`), 'none')
  // The real flow is back to be used: a click on a group's box selects it.
  const box = (await page.getByRole('region', { name: 'Group Group 150' }).boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await page.locator('.react-flow__node-botGroup.selected').waitFor()
})
