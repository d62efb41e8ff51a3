// Driving the flow editor in Chromium: the canvas's groups, blocks and handles, the block panel's fields, and the
// app's own API session (the page's cookie and CSRF token) for setting up and reading back bots.
import type { Locator, Page } from 'playwright-core'
import { fillAccountForm, type Person, shot } from './webApp.js'

/** Sets the server up with its first account (through the setup page); answers its workspace and an API caller. */
export const setUpFirstAccount = async (page: Page, baseUrl: string, who: Person) => {
  await page.goto(`${baseUrl}/setup`)
  await fillAccountForm(page, who)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL(/\/w\/[^/]+\/bots$/)
  return { workspaceId: /\/w\/([^/]+)\//.exec(page.url())![1], api: await pageApi(page, baseUrl) }
}

/** API calls as the signed-in page (cookie of the page's context, CSRF token of the session). */
export const pageApi = async (page: Page, baseUrl: string) => {
  const status = (await (await page.request.get(`${baseUrl}/v1/auth/status`)).json()) as { csrfToken: string }
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) => {
    const res = await page.request.fetch(`${baseUrl}${path}`, { method, data, headers: { 'x-csrf-token': status.csrfToken } })
    const text = await res.text()
    return { status: res.status(), json: text ? JSON.parse(text) : undefined }
  }
  return call
}

export const groupNode = (page: Page, title: string): Locator =>
  page.locator('.react-flow__node-botGroup').filter({ has: page.getByRole('button', { name: `Group title: ${title}`, exact: true }) })

/** A block row on the canvas, by its kind's label and (the start of) its summary: named "Text, Hi there". */
export const blockRow = (scope: Page | Locator, label: string, summary?: string | RegExp): Locator =>
  scope.getByRole('button', {
    name: summary === undefined ? new RegExp(`^${label}(,|$)`) : summary instanceof RegExp ? summary : new RegExp(`^${label}, ${summary}`),
  })

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error('element not visible')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Drags from a connection point (a handle) to a group's entry, as a person draws an edge. */
export const connectHandle = async (page: Page, handle: Locator, targetGroup: string) => {
  // Both ends in view (groups out of view are not drawn).
  await page.getByRole('button', { name: 'Fit View' }).click()
  await dragEdge(page, handle, await centre(groupNode(page, targetGroup).locator('.pg-handle-in')))
}

/** Draws an edge from a handle and lets it go at a point, with the mouse. */
export const dragEdge = async (page: Page, handle: Locator, to: { x: number; y: number }) => {
  const from = await centre(handle)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 })
  await page.mouse.move(to.x, to.y, { steps: 5 })
  await page.mouse.up()
}

/** The handle of a block's item (a button, a condition path), by the text of its row. */
export const itemHandle = (block: Locator, text: string) => block.locator('.pg-item', { hasText: text }).locator('.react-flow__handle')

/** The block panel (right side), titled "<kind> settings". */
export const panel = (page: Page, title: RegExp | string) => page.getByRole('complementary', { name: title })

/** Picks a variable in a variable select, creating it when it does not exist. */
export const pickVariable = async (page: Page, scope: Locator, label: string, name: string) => {
  const input = scope.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(name)
  const option = page.getByRole('option', { name: new RegExp(`^(Create “${name}”|${name})$`) })
  await option.first().click()
}

/** Replaces the text of a rich-text field by typing, as a person does. */
export const typeRichText = async (page: Page, scope: Locator, text: string) => {
  const box = scope.getByRole('textbox', { name: 'Message' })
  await box.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.type(text, { delay: 15 })
}

/**
 * Waits for the editor's save indicator to say the draft is stored. Two frames first, so a change made by the last
 * action has been rendered and the indicator no longer shows the previous save.
 */
export const saved = async (page: Page) => {
  await page.evaluate(
    () => new Promise((resolve) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve))),
  )
  try {
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .waitFor()
  } catch (error) {
    // What the editor showed instead (an error badge, a conflict dialog), for the run's artifacts.
    await shot(page, 'not-saved').catch(() => undefined)
    const badge = await page
      .getByRole('status')
      .allTextContents()
      .catch(() => [])
    throw new Error(`the draft was not saved (save indicator: ${JSON.stringify(badge)}); screenshot web-app-not-saved.png`, { cause: error })
  }
}

/**
 * Reads a value until it passes a check: what an autosave stores, when the save indicator may already say "Saved"
 * from an earlier save. Gives up after `tries` reads, with the last value in the error.
 */
export const eventually = async <T>(read: () => Promise<T>, check: (value: T) => boolean, tries = 200): Promise<T> => {
  let value = await read()
  for (let i = 0; i < tries && !check(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  if (!check(value)) throw new Error(`never came: last read ${JSON.stringify(value)}`)
  return value
}

/** Finds a spot of empty canvas (a click or drop there lands on the pane, not on a group). */
export const emptySpot = async (page: Page) => {
  const spot = await page.evaluate(() => {
    const doc = (globalThis as any).document
    const box = doc.querySelector('.react-flow__pane').getBoundingClientRect()
    for (let y = box.bottom - 60; y > box.top + 40; y -= 20)
      for (let x = box.left + 60; x < box.right - 260; x += 20) {
        const el = doc.elementFromPoint(x, y)
        if (el?.classList.contains('react-flow__pane')) return { x, y }
      }
    return null
  })
  if (!spot) throw new Error('no empty spot on the canvas')
  return spot as { x: number; y: number }
}

/** Drags a palette entry onto the canvas at a point: a new group with that block. */
export const dropFromPalette = async (page: Page, entry: RegExp, at: { x: number; y: number }) => {
  const source = page.getByRole('region', { name: 'Blocks' }).getByRole('button', { name: entry })
  const pane = page.locator('.react-flow__pane')
  const box = (await pane.boundingBox())!
  await source.dragTo(pane, { targetPosition: { x: at.x - box.x, y: at.y - box.y } })
}
