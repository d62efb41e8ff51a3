// Issue 15, point 7: the flow editor with a bot of 300 groups / 2,000 blocks — time to open (navigation → groups
// drawn) and frame times while panning, at the zoom that shows the whole flow and at full size (where groups come
// and go at the edges). The measurement is in bench/lib/editorScale.ts (the browser test holds the same figures).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { importForEditor, largeBot, openTime, panFrames, zoomOut } from './lib/editorScale.js'
import { freshDir, log, median, round, spawnParley } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const benchEditor = async ({ runs }: { runs: number }): Promise<Figure[]> => {
  if (!existsSync(CHROMIUM)) {
    log(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH): the editor figures are skipped`)
    return []
  }
  const server = await spawnParley({ DATABASE_URL: `sqlite:${join(freshDir('editor'), 'parley.db')}` })
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const { context, url } = await importForEditor(browser, server.builderUrl, largeBot())
    const page = await context.newPage()
    await openTime(page, url) // warm-up: the server's and Chromium's first load are not the editor's cost
    const opens: number[] = []
    for (let i = 0; i < runs; i++) opens.push(await openTime(page, url))
    const full = await panFrames(page)
    await zoomOut(page)
    const whole = await panFrames(page)
    return [
      figure(
        'editor.openMs',
        'Editor opens a 300-group / 2,000-block bot',
        round(median(opens), 0),
        'ms',
        { op: '<=', value: 1000 },
        { runs: opens.map((o) => round(o, 0)) },
      ),
      figure(
        'editor.panFrameMs',
        'Frame time while panning it (median, at the size it opens)',
        round(full.median, 1),
        'ms',
        { op: '<=', value: 16 },
        {
          fullSize: { ...full, median: round(full.median, 2), p95: round(full.p95, 2) },
          wholeFlow: { ...whole, median: round(whole.median, 2), p95: round(whole.p95, 2) },
        },
      ),
    ]
  } finally {
    await browser.close()
    await server.stop()
  }
}
