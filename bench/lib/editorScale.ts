// The flow editor at scale (issue 15, point 7): a bot of 300 groups and 2,000 blocks, opened in the editor in
// headless Chromium. Shared by bench/editor.ts (the figures) and the browser test that holds them in CI.
// - open: navigation start → every group node in view drawn (measured by xyflow, so visible), median of loads;
// - frame time while panning: a pointer drag pans the canvas for 90 moves under Chromium's tracing; a frame's time
//   is the main thread's work for it (input handling, React, style, layout, paint), summed over the tasks inside
//   the frame's span as the trace's AnimationFrame events mark it. Not the time between animation frames: headless
//   Chromium paces frames at ~60 Hz whatever its flags (an empty page's frames come every 17–18 ms here), so that
//   interval measures the pacing, and a frame costing 3 ms would read the same as one costing 15.
import type { Browser, Page } from 'playwright-core'

type Block = Record<string, unknown>

/** 300 groups of 6–7 blocks (2,000 in all): texts, inputs, buttons with two paths, conditions; each group leads on. */
export const largeBot = (groups = 300, blocks = 2000) => {
  const list: { id: string; title: string; graphCoordinates: { x: number; y: number }; blocks: Block[] }[] = []
  const edges: unknown[] = []
  const perGroup = Math.floor(blocks / groups)
  let extra = blocks - perGroup * groups
  let n = 0
  for (let g = 0; g < groups; g++) {
    const count = perGroup + (extra-- > 0 ? 1 : 0)
    const gBlocks: Block[] = []
    for (let b = 0; b < count; b++) {
      const id = `b${n++}`
      const kind = b % 4
      if (kind === 0) gBlocks.push({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: `Message ${n} in group ${g}` }] }] } })
      else if (kind === 1) gBlocks.push({ id, type: 'text input', options: { labels: { placeholder: `Answer ${n}` }, variableId: 'v1' } })
      else if (kind === 2) gBlocks.push({ id, type: 'Set variable', options: { variableId: 'v1', expressionToEvaluate: `${n}` } })
      else gBlocks.push({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: `More text ${n}` }] }] } })
    }
    const last = gBlocks[gBlocks.length - 1]
    if (g + 1 < groups) {
      const edgeId = `e${g}`
      last.outgoingEdgeId = edgeId
      edges.push({ id: edgeId, from: { blockId: last.id }, to: { groupId: `g${g + 1}` } })
    }
    list.push({ id: `g${g}`, title: `Group ${g}`, graphCoordinates: { x: (g % 20) * 360, y: Math.floor(g / 20) * 420 }, blocks: gBlocks })
  }
  edges.push({ id: 'e-start', from: { eventId: 'start' }, to: { groupId: 'g0' } })
  return {
    version: '6',
    name: 'Large flow',
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: -400, y: 0 }, outgoingEdgeId: 'e-start' }],
    groups: list,
    edges,
    variables: [{ id: 'v1', name: 'Answer' }],
    theme: {},
    settings: {},
  }
}

/** Signs up the first account in a fresh browser context and imports the bot; answers the editor's URL. */
export const importForEditor = async (browser: Browser, baseUrl: string, bot: unknown) => {
  // bypassCSP: the page-side probes are evaluated as text (this file compiles without the DOM's types).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true })
  const setup = await context.request.post(`${baseUrl}/v1/auth/signup`, {
    data: { name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' },
  })
  if (!setup.ok()) throw new Error(`setup failed: ${setup.status()} ${await setup.text()}`)
  const { csrfToken } = (await setup.json()) as { csrfToken: string }
  const workspaces = (await (await context.request.get(`${baseUrl}/v1/workspaces`)).json()) as { workspaces: { id: string }[] }
  const workspaceId = workspaces.workspaces[0].id
  const imported = await context.request.post(`${baseUrl}/v1/bots/import`, {
    data: { workspaceId, bot },
    headers: { 'x-csrf-token': csrfToken },
  })
  if (!imported.ok()) throw new Error(`import failed: ${imported.status()} ${await imported.text()}`)
  const botId = ((await imported.json()) as { bot: { id: string } }).bot.id
  return { context, url: `${baseUrl}/w/${workspaceId}/bots/${botId}/edit` }
}

/** Milliseconds from navigation start until the editor shows the bot's groups (each drawn node is measured). */
export const openTime = async (page: Page, url: string): Promise<number> => {
  await page.goto('about:blank')
  await page.goto(url)
  const handle = await page.waitForFunction(
    `(() => {
      const nodes = document.querySelectorAll('.react-flow__node-botGroup')
      if (nodes.length < 3) return false
      for (const n of nodes) if (getComputedStyle(n).visibility === 'hidden') return false
      return performance.now()
    })()`,
    null,
    { timeout: 30_000, polling: 'raf' },
  )
  return (await handle.jsonValue()) as number
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/** Zooms out around the middle of the canvas with the wheel, as a person does, until the whole flow shows. */
export const zoomOut = async (page: Page) => {
  const box = (await page.locator('.react-flow__pane').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(30)
  }
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: number | string; args?: { name?: string } }

/** Each animation frame's main-thread work (ms): the part of the renderer's main-thread tasks inside the frame. */
export const frameWork = (events: TraceEvent[]): number[] => {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(thread))
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur && mains.has(thread(e)))
  // The page's renderer is the one whose main thread marked animation frames (about:blank's did not).
  const opened = new Map<string, number>()
  const spans: { thread: string; from: number; to: number }[] = []
  for (const e of events) {
    if (e.name !== 'AnimationFrame' || !mains.has(thread(e))) continue
    const key = `${thread(e)}/${e.id}`
    if (e.ph === 's') opened.set(key, e.ts)
    else if (e.ph === 'f' && opened.has(key)) spans.push({ thread: thread(e), from: opened.get(key)!, to: e.ts })
  }
  return spans.map(({ thread: t, from, to }) => {
    let busy = 0
    for (const task of tasks) if (thread(task) === t) busy += Math.max(0, Math.min(to, task.ts + task.dur!) - Math.max(from, task.ts))
    return busy / 1000
  })
}

/** Frame times (ms, main-thread work per frame) while dragging the canvas around: count, median and p95. */
export const panFrames = async (page: Page) => {
  // The drag must begin on empty canvas (on a group it would move the group): the first such point of a grid.
  const start = (await page.evaluate(`(() => {
    const box = document.querySelector('.react-flow__pane').getBoundingClientRect()
    for (let y = box.top + 40; y < box.bottom - 40; y += 20)
      for (let x = box.left + 300; x < box.right - 300; x += 20) {
        const el = document.elementFromPoint(x, y)
        if (el && el.classList.contains('react-flow__pane')) return { x, y }
      }
    return null
  })()`)) as { x: number; y: number } | null
  if (!start) throw new Error('no empty spot on the canvas to pan from')
  const browser = page.context().browser()
  if (!browser) throw new Error('the page must belong to a launched browser (tracing is per browser)')
  await page.mouse.move(start.x, start.y)
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] })
  await page.mouse.down()
  for (let i = 0; i < 90; i++) {
    const angle = (i / 90) * Math.PI * 2
    await page.mouse.move(start.x + Math.cos(angle) * 300, start.y + Math.sin(angle) * 200)
  }
  await page.mouse.up()
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  const sorted = frameWork(trace.traceEvents).sort((a, b) => a - b)
  return { frames: sorted.length, median: pct(sorted, 50), p95: pct(sorted, 95) }
}
