// axe-core (WCAG 2.1 A and AA rules) on a page in Chromium: the serious and critical violations, for the browser
// tests that check a page's accessibility (test/integration/accessibility.test.ts, and the UI tests of a feature).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; any?: { data?: unknown }[] }[] }

/** The serious and critical violations on the page as it is now, one line each (rule, help, first elements). */
export const axeProblems = async (page: Page): Promise<string[]> => {
  // Evaluated through the debugging protocol: the pages' CSP refuses script tags that are not theirs.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource)
  const violations: Violation[] = await page.evaluate(async () => {
    // Colours are measured as drawn: a bubble or button still fading in (the widget's entrance animations) would
    // read as low contrast on a busy machine. Endless animations (the typing dots) are not waited for.
    const doc = (globalThis as any).document
    await new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve)))
    // The widget draws in a shadow root, whose animations the document does not list.
    const roots = [doc, ...[...doc.querySelectorAll('*')].flatMap((el: any) => (el.shadowRoot ? [el.shadowRoot] : []))]
    const animations = roots.flatMap((root: any) => root.getAnimations()).filter((a: any) => a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(animations.map((a: any) => a.finished.catch(() => undefined)))
    const axe = (globalThis as any).axe
    const result = await axe.run((globalThis as any).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.html.slice(0, 200)} ${JSON.stringify(n.any?.[0]?.data ?? '')}`)
          .join(' | ')}`,
    )
}

export const expectClean = async (page: Page, where: string) => {
  // The page as it rests: the pointer off every element (a button under it is drawn hovered, with a filter axe
  // cannot measure).
  await page.mouse.move(0, 0)
  const problems = await axeProblems(page)
  assert.deepEqual(problems, [], `${where}:\n${problems.join('\n')}`)
}
