// The flow editor in real Chromium against a real server: a newcomer builds a lead-capture bot on the canvas from
// nothing (text, email input, buttons with two paths, condition, set variable), previews it, publishes it, chats
// with it on the hosted page and finds the result; a Typebot export edited (a block moved between groups, a button
// relabelled, an edge reconnected) and its saved JSON checked; undo and redo; copy and paste into another bot; two
// people editing one bot (the conflict dialog); a guest's read-only editor.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../support/browser.js'
import {
  blockRow,
  connectHandle,
  dragEdge,
  dropFromPalette,
  emptySpot,
  eventually,
  groupNode,
  itemHandle,
  type pageApi,
  setUpFirstAccount,
  panel,
  pickVariable,
  saved,
  typeRichText,
} from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { fillAccountForm, openApp, type Person, person, shot, signIn } from '../support/webApp.js'
import { driveChat } from '../support/webChat.js'
import { withEstimate } from '../../web/app/src/editor/canvas/unmeasured.js'

type Bot = {
  name: string
  groups: {
    id: string
    title: string
    blocks: { id: string; type: string; outgoingEdgeId?: string; items?: { id: string; content?: string; outgoingEdgeId?: string }[] }[]
  }[]
  edges: { id: string; from: Record<string, string>; to: { groupId: string } }[]
  variables: { id: string; name: string }[]
  updatedAt: string
}

const text = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })

/** A small Typebot export: a question with two buttons leading to two groups, and a goodbye group. */
const typebotExport = () => ({
  version: '6',
  id: 'tb-survey',
  name: 'Survey',
  events: [{ id: 'ev-start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
  groups: [
    {
      id: 'g-ask',
      title: 'Ask',
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        text('t-ask', 'Do you like it?'),
        {
          id: 'b-choice',
          type: 'choice input',
          items: [
            { id: 'i-yes', content: 'Yes', outgoingEdgeId: 'e-yes' },
            { id: 'i-no', content: 'No', outgoingEdgeId: 'e-no' },
          ],
          options: {},
        },
      ],
    },
    {
      id: 'g-happy',
      title: 'Happy',
      graphCoordinates: { x: 420, y: -160 },
      blocks: [text('t-happy', 'Great to hear'), text('t-extra', 'An extra line')],
    },
    { id: 'g-sad', title: 'Sad', graphCoordinates: { x: 420, y: 200 }, blocks: [text('t-sad', 'Sorry about that')] },
    { id: 'g-bye', title: 'Bye', graphCoordinates: { x: 840, y: 0 }, blocks: [text('t-bye', 'Goodbye')] },
  ],
  edges: [
    { id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: 'g-ask' } },
    { id: 'e-yes', from: { blockId: 'b-choice', itemId: 'i-yes' }, to: { groupId: 'g-happy' } },
    { id: 'e-no', from: { blockId: 'b-choice', itemId: 'i-no' }, to: { groupId: 'g-sad' } },
  ],
  variables: [],
  theme: {},
  settings: {},
})

describe('flow editor', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let errors: string[]
  let workspaceId = ''
  let api: Awaited<ReturnType<typeof pageApi>>
  const ada: Person = person('Ada')
  before(async () => {
    server = await startTestServer({ ENCRYPTION_SECRET: 'editor-test-encryption-secret' })
    browser = await launchBrowser()
    ;({ page, errors } = await openApp(browser, { viewport: { width: 1440, height: 900 } }))
    ;({ workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, ada))
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  const stored = async (botId: string): Promise<Bot> => (await api('GET', `/v1/bots/${botId}`)).json.bot
  const editorOf = async (bot: unknown) => {
    const imported = await api('POST', '/v1/bots/import', { workspaceId, bot })
    assert.equal(imported.status, 200, JSON.stringify(imported.json))
    const id = imported.json.bot.id as string
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${id}/edit`)
    await page.locator('.react-flow__node-botGroup').first().waitFor()
    return id
  }

  test('a newcomer builds a lead-capture bot from nothing, previews it, publishes it and finds the chat in the results', async () => {
    await page.getByRole('button', { name: 'New bot' }).first().click()
    await page.getByRole('dialog', { name: 'Create a bot' }).getByRole('button', { name: 'Create' }).first().click()
    await page.waitForURL(/\/edit$/)
    const botId = /\/bots\/([^/]+)\/edit/.exec(page.url())![1]
    // A new bot is not empty: its start leads to a welcome group.
    const welcome = groupNode(page, 'Welcome')
    await welcome.waitFor()
    await blockRow(welcome, 'Text').click()
    const textPanel = panel(page, 'Text settings')
    await typeRichText(page, textPanel, 'Hi! What is your email?')
    // Palette picks go after the selected block.
    await page
      .getByRole('region', { name: 'Blocks' })
      .getByRole('button', { name: /^Add Email input/ })
      .click()
    const emailPanel = panel(page, 'Email input settings')
    await pickVariable(page, emailPanel, 'Save the answer in', 'Email')
    await page
      .getByRole('region', { name: 'Blocks' })
      .getByRole('button', { name: /^Add Text:/ })
      .click()
    await typeRichText(page, panel(page, 'Text settings'), 'Would you like a demo?')
    await page
      .getByRole('region', { name: 'Blocks' })
      .getByRole('button', { name: /^Add Buttons/ })
      .click()
    const buttons = panel(page, 'Buttons settings')
    await buttons.getByRole('textbox', { name: 'Button 1: label' }).fill('Yes please')
    await buttons.getByRole('button', { name: 'Add a button' }).click()
    await buttons.getByRole('textbox', { name: 'Button 2: label' }).fill('No thanks')
    await shot(page, 'editor-building')

    // Two new groups dropped on the canvas: "Yes" sets a variable then checks the email; "No" says goodbye.
    await dropFromPalette(page, /^Add Set variable/, await emptySpot(page))
    const setPanel = panel(page, 'Set variable settings')
    await pickVariable(page, setPanel, 'Variable', 'Wants demo')
    await setPanel.getByRole('textbox', { name: 'Value' }).fill('yes')
    await page
      .getByRole('region', { name: 'Blocks' })
      .getByRole('button', { name: /^Add Condition/ })
      .click()
    const conditionPanel = panel(page, 'Condition settings')
    const comparison = conditionPanel.getByRole('group', { name: 'Path 1, comparison 1' })
    await pickVariable(page, comparison, 'Variable', 'Email')
    await comparison.getByLabel('Operator', { exact: true }).click()
    await page.getByRole('option', { name: 'Ends with' }).click()
    await comparison.getByRole('textbox', { name: 'Value' }).fill('@example.com')
    await page
      .getByRole('region', { name: 'Blocks' })
      .getByRole('button', { name: /^Add Text:/ })
      .click()
    await typeRichText(page, panel(page, 'Text settings'), 'We will call you soon')
    const yesGroup = page.locator('.react-flow__node-botGroup').filter({ has: blockRow(page, 'Set variable') })
    const yesTitle = ((await yesGroup.getByRole('button', { name: /^Group title:/ }).textContent()) ?? '').trim()

    await dropFromPalette(page, /^Add Text:/, await emptySpot(page))
    await typeRichText(page, panel(page, 'Text settings'), 'No problem, goodbye')
    const noGroup = page.locator('.react-flow__node-botGroup').filter({ has: blockRow(page, 'Text', 'No problem') })
    const noTitle = ((await noGroup.getByRole('button', { name: /^Group title:/ }).textContent()) ?? '').trim()
    // A third group for example.com addresses, reached by the condition's path.
    await dropFromPalette(page, /^Add Text:/, await emptySpot(page))
    await typeRichText(page, panel(page, 'Text settings'), 'A colleague from example.com!')
    const exampleGroup = page.locator('.react-flow__node-botGroup').filter({ has: blockRow(page, 'Text', 'A colleague') })
    const exampleTitle = ((await exampleGroup.getByRole('button', { name: /^Group title:/ }).textContent()) ?? '').trim()
    await page.keyboard.press('Escape')

    // Edges drawn by dragging from the buttons' and the condition's handles.
    const choice = blockRow(welcome, 'Buttons')
    await connectHandle(page, itemHandle(choice, 'Yes please'), yesTitle)
    await connectHandle(page, itemHandle(choice, 'No thanks'), noTitle)
    await connectHandle(page, itemHandle(blockRow(yesGroup, 'Condition'), 'Email'), exampleTitle)
    await saved(page)
    await shot(page, 'editor-built')

    const bot = await stored(botId)
    const byTitle = new Map(bot.groups.map((g) => [g.title, g]))
    const [first] = bot.groups
    assert.deepEqual(
      first.blocks.map((b) => b.type),
      ['text', 'email input', 'text', 'choice input'],
    )
    const items = first.blocks[3].items!
    assert.deepEqual(
      items.map((i) => i.content),
      ['Yes please', 'No thanks'],
    )
    const edgeTo = (edgeId: string | undefined) => bot.edges.find((e) => e.id === edgeId)?.to.groupId
    assert.equal(edgeTo(items[0].outgoingEdgeId), byTitle.get(yesTitle)!.id)
    assert.equal(edgeTo(items[1].outgoingEdgeId), byTitle.get(noTitle)!.id)
    assert.deepEqual(bot.variables.map((v) => v.name).sort(), ['Email', 'Wants demo'])
    // No check complains: every group is reachable, every edge leads somewhere.
    const checks = (await api('GET', `/v1/bots/${botId}/check`)).json.checks as { severity: string; message: string }[]
    assert.deepEqual(
      checks.filter((c) => c.severity === 'error'),
      [],
    )

    // Preview the draft: the email and a button; the example.com path.
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const preview = driveChat(page, errors, page.frameLocator('iframe[title="Preview of the bot"]'))
    await preview.waitForBubble('Hi! What is your email?')
    await page.locator('[data-block-row][data-running]').filter({ hasText: 'Email input' }).waitFor()
    await preview.answer('lin@example.com')
    await preview.click('Yes please')
    await preview.waitForBubble('A colleague from example.com!')
    await shot(page, 'editor-preview')
    await page.getByRole('button', { name: 'Close the preview' }).click()

    // Publish, then a visitor chats on the hosted page.
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Published: visitors now chat with this version.').waitFor()
    const publicId = (await stored(botId)) as unknown as { publicId: string }
    const visitor = await openApp(browser)
    await visitor.page.goto(`${server.contentUrl}/${publicId.publicId}`)
    const chat = driveChat(visitor.page, visitor.errors)
    await chat.waitForBubble('Hi! What is your email?')
    await chat.answer('sam@elsewhere.org')
    await chat.click('Yes please')
    await chat.waitForBubble('We will call you soon')
    await visitor.page.context().close()

    // The result is in the bot's results.
    await page.getByRole('link', { name: "Back to the bot's page" }).click()
    await page.getByRole('tab', { name: 'Results' }).click()
    // Twice: the answer's column and the variable's.
    await page.getByRole('cell', { name: 'sam@elsewhere.org', exact: true }).first().waitFor()
  })

  test('a Typebot export: a block moved to another group, a button relabelled, an edge reconnected; the saved JSON says exactly that', async () => {
    const botId = await editorOf(typebotExport())
    const before = await stored(botId)
    // Move "An extra line" from Happy into Bye, above "Goodbye".
    await blockRow(groupNode(page, 'Happy'), 'Text', 'An extra line').dragTo(blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye'), {
      targetPosition: { x: 20, y: 2 },
    })
    // Relabel "No" and send it to Bye instead of Sad.
    await blockRow(groupNode(page, 'Ask'), 'Buttons').click()
    await panel(page, 'Buttons settings').getByRole('textbox', { name: 'Button 2: label' }).fill('Not really')
    await connectHandle(page, itemHandle(blockRow(groupNode(page, 'Ask'), 'Buttons'), 'Not really'), 'Bye')
    await saved(page)
    const after = await stored(botId)
    const group = (bot: Bot, title: string) => bot.groups.find((g) => g.title === title)!
    assert.deepEqual(
      group(after, 'Happy').blocks.map((b) => b.id),
      ['t-happy'],
    )
    assert.deepEqual(
      group(after, 'Bye').blocks.map((b) => b.id),
      ['t-extra', 't-bye'],
    )
    const choice = group(after, 'Ask').blocks[1]
    assert.deepEqual(
      choice.items!.map((i) => [i.id, i.content]),
      [
        ['i-yes', 'Yes'],
        ['i-no', 'Not really'],
      ],
    )
    const noEdge = after.edges.find((e) => e.id === choice.items![1].outgoingEdgeId)!
    assert.deepEqual(noEdge.from, { blockId: 'b-choice', itemId: 'i-no' })
    assert.equal(noEdge.to.groupId, 'g-bye')
    assert.ok(!after.edges.some((e) => e.id === 'e-no'), 'the old edge is gone')
    // Nothing else moved: same groups, same other edges, same variables.
    assert.deepEqual(
      after.groups.map((g) => g.id),
      before.groups.map((g) => g.id),
    )
    assert.deepEqual(
      after.edges.filter((e) => e.id !== noEdge.id),
      before.edges.filter((e) => e.id !== 'e-no'),
    )
    await shot(page, 'editor-typebot-export')
  })

  test("the bot is renamed in the editor's header: Enter or leaving the field saves the name, Escape takes the typing back", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-rename' })
    const name = page.getByRole('textbox', { name: 'Bot name' })
    assert.equal(await name.inputValue(), 'Survey')
    await name.click()
    await name.fill('Pizza order')
    await name.press('Enter')
    await eventually(
      async () => (await stored(botId)).name,
      (n) => n === 'Pizza order',
    )
    // Escape: the typing is dropped, the saved name stays.
    await name.click()
    await name.fill('Not this')
    await name.press('Escape')
    assert.equal(await name.inputValue(), 'Pizza order')
    // An emptied name is not saved; leaving the field (Tab) saves a real one.
    await name.fill('')
    await name.press('Tab')
    assert.equal(await name.inputValue(), 'Pizza order')
    await name.fill('Pizza order for two')
    await name.press('Tab')
    await eventually(
      async () => (await stored(botId)).name,
      (n) => n === 'Pizza order for two',
    )
    await page.getByRole('link', { name: "Back to the bot's page" }).click()
    await page.getByRole('heading', { name: 'Pizza order for two' }).first().waitFor()
  })

  test("a save stored while its answer was lost on the way is not taken for someone else's change: the draft is saved again", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-lost-answer' })
    // The server stores the first save, but its answer never reaches the page: the connection drops.
    let drop = true
    const answers: number[] = []
    await page.route(`**/v1/bots/${botId}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue()
      if (!drop) {
        const response = await route.fetch()
        answers.push(response.status())
        return route.fulfill({ response })
      }
      drop = false
      await route.fetch()
      await route.abort('connectionreset')
    })
    const name = page.getByRole('textbox', { name: 'Bot name' })
    await name.click()
    await name.fill('Lost answer')
    await name.press('Enter')
    // Tried again on its own: refused as older than the stored bot, which is this draft, so sent on that version.
    await eventually(
      async () => answers,
      (a) => a.length >= 2,
    )
    await saved(page)
    assert.deepEqual(answers, [409, 200])
    assert.equal(await page.getByRole('dialog', { name: 'This bot was changed elsewhere' }).count(), 0)
    await name.click()
    await name.fill('Found again')
    await name.press('Enter')
    await eventually(
      async () => (await stored(botId)).name,
      (n) => n === 'Found again',
    )
    await page.unroute(`**/v1/bots/${botId}`)
  })

  test("an edge let go anywhere on a group connects to it, on a later block to that block; a block let go just under a group's last block joins the group", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-loose-drop' })
    await page.getByRole('button', { name: 'Fit View' }).click()
    const choice = blockRow(groupNode(page, 'Ask'), 'Buttons')
    const centreOf = async (locator: ReturnType<Page['locator']>) => {
      const box = (await locator.boundingBox())!
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    }
    // "No" let go on the title of Bye (far from its entry point).
    await dragEdge(page, itemHandle(choice, 'No'), await centreOf(groupNode(page, 'Bye').getByRole('button', { name: /^Group title: Bye/ })))
    let bot = await eventually(
      () => stored(botId),
      (b) => b.edges.some((e) => e.from.itemId === 'i-no' && e.to.groupId === 'g-bye'),
    )
    assert.ok(!bot.edges.some((e) => e.id === 'e-no'), 'the old edge is replaced')
    // "Yes" let go on Happy's second block: the edge goes to that block, and is drawn to it.
    await dragEdge(page, itemHandle(choice, 'Yes'), await centreOf(blockRow(groupNode(page, 'Happy'), 'Text', 'An extra line')))
    bot = await eventually(
      () => stored(botId),
      (b) => b.edges.some((e) => e.from.itemId === 'i-yes' && (e.to as { blockId?: string }).blockId === 't-extra'),
    )
    const yes = bot.edges.find((e) => e.from.itemId === 'i-yes')!
    assert.deepEqual(yes.to, { groupId: 'g-happy', blockId: 't-extra' })
    await page.locator(`[data-testid="rf__edge-${yes.id}"]`).waitFor()
    // Let go on the block the edge leaves: nothing changes.
    const edgesBefore = bot.edges
    await dragEdge(page, itemHandle(choice, 'Yes'), await centreOf(choice.locator('.pg-block-head')))
    await page.waitForTimeout(300)
    assert.deepEqual((await stored(botId)).edges, edgesBefore)
    // A Text block from the palette let go just under Sad's last block: Sad's second block, no new group.
    const sad = (await groupNode(page, 'Sad').boundingBox())!
    await dropFromPalette(page, /^Add Text:/, { x: sad.x + sad.width / 2, y: sad.y + sad.height + 12 })
    bot = await eventually(
      () => stored(botId),
      (b) => b.groups.find((g) => g.id === 'g-sad')!.blocks.length === 2,
    )
    assert.equal(bot.groups.length, 4, 'no new group')
    await shot(page, 'editor-loose-drop')
  })

  test("a block's settings never hide it: the view moves it into sight; Escape in its text closes them and the keyboard is back on the block; edges show their direction", async () => {
    await editorOf({ ...typebotExport(), id: 'tb-in-sight' })
    await page.getByRole('button', { name: 'Fit View' }).click()
    // Bye is the rightmost group: the panel opening takes the room it was drawn in.
    const bye = blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye')
    await bye.click()
    const settings = panel(page, 'Text settings')
    await settings.waitFor()
    const canvas = (await page.getByLabel('Flow canvas').boundingBox())!
    await eventually(
      async () => (await bye.boundingBox())!,
      (box) => box.x >= canvas.x && box.x + box.width <= canvas.x + canvas.width,
    )
    await settings.getByRole('textbox', { name: 'Message' }).click()
    await page.keyboard.press('Escape')
    await settings.waitFor({ state: 'detached' })
    await eventually(
      () => bye.evaluate((el) => el === (globalThis as any).document.activeElement),
      (focused) => focused,
    )
    // Every edge ends in an arrowhead.
    const edges = page.locator('.react-flow__edge-path')
    assert.ok((await edges.count()) >= 3)
    for (const marker of await edges.evaluateAll((paths) => paths.map((p: any) => p.getAttribute('marker-end') as string | null)))
      assert.match(marker ?? '', /^url\(/)
  })

  test("a group's size and connection points are known before it is drawn: the estimate a large bot opens with matches the drawing", async () => {
    const id = await editorOf({
      version: '6',
      id: 'tb-estimate',
      name: 'Estimate',
      events: [{ id: 'ev-start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
      variables: [{ id: 'v-size', name: 'Size' }],
      groups: [
        {
          id: 'g-all',
          title: 'Every kind of row',
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            text('t-hi', 'Hi'),
            { id: 'b-name', type: 'text input', options: { variableId: 'v-size' } },
            {
              id: 'b-size',
              type: 'choice input',
              items: [
                { id: 'i-s', content: 'Small', outgoingEdgeId: 'e-s' },
                { id: 'i-l', content: 'Large' },
              ],
              options: { variableId: 'v-size' },
            },
            { id: 'b-set', type: 'Set variable', options: { variableId: 'v-size', expressionToEvaluate: '1' } },
            {
              id: 'b-if',
              type: 'Condition',
              items: [{ id: 'c-1', content: { comparisons: [{ id: 'k', variableId: 'v-size', comparisonOperator: 'Equal to', value: '1' }] } }],
            },
            { ...text('t-bye', 'Bye'), outgoingEdgeId: 'e-bye' },
          ],
        },
        { id: 'g-next', title: 'Next', graphCoordinates: { x: 420, y: 0 }, blocks: [text('t-next', 'Next')] },
      ],
      edges: [
        { id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: 'g-all' } },
        { id: 'e-s', from: { blockId: 'b-size', itemId: 'i-s' }, to: { groupId: 'g-next' } },
        { id: 'e-bye', from: { blockId: 't-bye' }, to: { groupId: 'g-next' } },
      ],
      theme: {},
      settings: {},
    })
    const stored = (await api('GET', `/v1/bots/${id}`)).json.bot as { groups: { id: string }[] }
    const group = stored.groups.find((g) => g.id === 'g-all')!
    const estimate = withEstimate({ id: 'g-all', position: { x: 0, y: 0 }, data: { group, index: 0 } } as never)
    const drawn = (await groupNode(page, 'Every kind of row').evaluate((node: any) => {
      const zoom = node.getBoundingClientRect().width / node.offsetWidth
      const box = node.getBoundingClientRect()
      return {
        height: box.height / zoom,
        handles: [...node.querySelectorAll('.react-flow__handle')].map((h: any) => {
          const r = h.getBoundingClientRect()
          return { id: h.dataset.handleid as string, x: (r.left - box.left) / zoom, y: (r.top - box.top) / zoom }
        }),
      }
    })) as { height: number; handles: { id: string; x: number; y: number }[] }
    const byId = (list: { id?: string | null }[]) => list.map((h) => h.id).sort()
    assert.deepEqual(byId(estimate.handles!), byId(drawn.handles), 'the same connection points')
    for (const h of drawn.handles) {
      const guess = estimate.handles!.find((e) => e.id === h.id)!
      assert.ok(Math.abs(guess.x - h.x) <= 12 && Math.abs(guess.y - h.y) <= 20, `${h.id}: estimated ${guess.x},${guess.y}, drawn ${h.x},${h.y}`)
    }
    assert.ok(Math.abs(estimate.initialHeight! - drawn.height) <= 40, `height: estimated ${estimate.initialHeight}, drawn ${drawn.height}`)
  })

  test("a button's label is edited in place on the canvas: double-click, type, Enter keeps it; Escape drops the typing", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-in-place' })
    const choice = blockRow(groupNode(page, 'Ask'), 'Buttons')
    await choice.locator('.pg-item-label', { hasText: 'Yes' }).dblclick()
    const field = page.locator('.pg-item-input')
    await field.fill('Yes, a lot')
    await field.press('Enter')
    const labels = (bot: Bot) =>
      (bot.groups.flatMap((g) => g.blocks).find((b) => b.id === 'b-choice') as unknown as { items: { content: string }[] }).items.map(
        (i) => i.content,
      )
    await eventually(
      () => stored(botId),
      (bot) => labels(bot)[0] === 'Yes, a lot',
    )
    await choice.locator('.pg-item-label', { hasText: 'No' }).dblclick()
    await field.fill('Not this')
    await field.press('Escape')
    await field.waitFor({ state: 'detached' })
    await choice.locator('.pg-item-label', { hasText: 'No' }).waitFor()
    assert.deepEqual(labels(await stored(botId)), ['Yes, a lot', 'No'])
  })

  test("a text bubble's text is edited in place on the canvas: double-click it, type; Escape closes and gives the keyboard back to the block", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-text-in-place' })
    const bye = blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye')
    await bye.dblclick()
    // While edited the row is a group holding the text box (a button may not hold one).
    const row = page.locator('[data-block-id="t-bye"]')
    const text = row.getByRole('textbox', { name: 'Message' })
    await text.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' and thanks')
    await page.keyboard.press('Escape')
    await text.waitFor({ state: 'detached' })
    await eventually(
      () => row.evaluate((el) => el === (globalThis as any).document.activeElement),
      (focused) => focused,
    )
    await blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye and thanks').waitFor()
    const plain = (bot: Bot) => JSON.stringify((bot.groups.find((g) => g.id === 'g-bye')!.blocks[0] as { content?: unknown }).content)
    await eventually(
      () => stored(botId),
      (bot) => plain(bot).includes('Goodbye and thanks'),
    )
    // A click elsewhere closes it too; one undo takes the whole typing back.
    await row.dblclick()
    await text.waitFor()
    await page.getByLabel('Flow canvas').click({ position: { x: 5, y: 5 } })
    await text.waitFor({ state: 'detached' })
    await page.keyboard.press('ControlOrMeta+z')
    await blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye').waitFor()
  })

  test('pickers by title: a jump to a group; a command event renamed; an edge chosen from a list', async () => {
    const base = typebotExport()
    const botId = await editorOf({
      ...base,
      id: 'tb-jump',
      events: [...base.events, { id: 'ev-cmd', type: 'command', graphCoordinates: { x: -300, y: 200 }, options: { command: 'restart' } }],
      groups: base.groups.map((g) => (g.id === 'g-sad' ? { ...g, blocks: [...g.blocks, { id: 'j1', type: 'Jump', options: {} }] } : g)),
    })
    await blockRow(groupNode(page, 'Sad'), 'Jump').click()
    await panel(page, 'Jump settings').getByLabel('Jump to group', { exact: true }).click()
    await page.getByRole('option', { name: 'Bye', exact: true }).click()
    await page.getByRole('button', { name: 'Command /restart: settings' }).click()
    await panel(page, 'Command settings').getByLabel('Command', { exact: true }).fill('menu')
    // An edge without the mouse: the last block's "Then go to".
    await blockRow(groupNode(page, 'Happy'), 'Text', 'An extra line').click()
    await panel(page, 'Text settings').getByLabel('Then go to', { exact: true }).click()
    await page.getByRole('option', { name: 'Bye', exact: true }).click()
    await saved(page)
    const bot = (await stored(botId)) as unknown as Bot & { events: { id: string; options?: { command?: string } }[] }
    const jump = bot.groups.find((g) => g.id === 'g-sad')!.blocks.find((b) => b.id === 'j1') as unknown as { options: { groupId?: string } }
    assert.equal(jump.options.groupId, 'g-bye')
    assert.equal(bot.events.find((e) => e.id === 'ev-cmd')?.options?.command, 'menu')
    const extra = bot.groups.find((g) => g.id === 'g-happy')!.blocks.find((b) => b.id === 't-extra')!
    assert.deepEqual(
      bot.edges.find((e) => e.id === extra.outgoingEdgeId),
      { id: extra.outgoingEdgeId, from: { blockId: 't-extra' }, to: { groupId: 'g-bye' } },
    )
  })

  test('variables: renaming one rewrites its {{references}}; checks are marked on the canvas and listed', async () => {
    const base = typebotExport()
    const botId = await editorOf({
      ...base,
      id: 'tb-vars',
      variables: [{ id: 'v-name', name: 'Name' }],
      groups: base.groups.map((g) => (g.id === 'g-bye' ? { ...g, blocks: [text('t-bye', 'Goodbye {{Name}}')] } : g)),
    })
    await page.getByRole('button', { name: 'Variables', exact: true }).click()
    const name = page.getByRole('textbox', { name: 'Name of variable Name' })
    await name.fill('First name')
    await name.press('Enter')
    await page.getByRole('button', { name: 'Fit View' }).click()
    await blockRow(groupNode(page, 'Bye'), 'Text', 'Goodbye {{First name}}').waitFor()
    // "Bye" is reached by nothing: marked on the canvas and listed; a click on the finding shows it.
    await groupNode(page, 'Bye')
      .getByRole('img', { name: /^Check: / })
      .waitFor()
    await page.getByRole('button', { name: /^Checks \(1\)/ }).click()
    await panel(page, 'Checks').getByText('Bye', { exact: false }).first().click()
    await saved(page)
    const bot = (await stored(botId)) as unknown as {
      variables: { id: string; name: string }[]
      groups: { id: string; blocks: { content?: unknown }[] }[]
    }
    assert.deepEqual(bot.variables, [{ id: 'v-name', name: 'First name' }])
    assert.match(JSON.stringify(bot.groups.find((g) => g.id === 'g-bye')!.blocks[0].content), /Goodbye \{\{First name\}\}/)
  })

  test('a variable name typed in "Save the answer in" is created and saved, whether confirmed by Enter, Tab or a click elsewhere', async () => {
    const base = typebotExport()
    const inputs = [
      { id: 'in-text', type: 'text input', label: 'Text input', name: 'Size', confirm: 'Enter' },
      { id: 'in-email', type: 'email input', label: 'Email input', name: 'Email', confirm: 'Tab' },
      { id: 'in-number', type: 'number input', label: 'Number input', name: 'Slices', confirm: 'click' },
    ] as const
    const botId = await editorOf({
      ...base,
      id: 'tb-typed-vars',
      variables: [{ id: 'v-size2', name: 'Size 2' }],
      groups: base.groups.map((g) => (g.id === 'g-bye' ? { ...g, blocks: inputs.map(({ id, type }) => ({ id, type, options: {} })) } : g)),
    })
    for (const input of inputs) {
      // The canvas draws the groups in view: the whole flow in view again before each block is opened.
      await page.getByRole('button', { name: 'Fit View' }).click()
      await blockRow(groupNode(page, 'Bye'), input.label).click()
      const settings = panel(page, `${input.label} settings`)
      const field = settings.getByLabel('Save the answer in', { exact: true })
      await field.click()
      await field.fill(input.name)
      if (input.confirm === 'click') await settings.getByText(`${input.label} settings`).first().click()
      else await field.press(input.confirm)
      await settings.getByLabel('Save the answer in', { exact: true }).blur()
      assert.equal(await field.inputValue(), input.name, `${input.confirm} keeps the name shown`)
      await settings
        .getByRole('button', { name: /^Close/ })
        .first()
        .click()
    }
    await saved(page)
    const bot = (await stored(botId)) as unknown as {
      variables: { id: string; name: string }[]
      groups: { id: string; blocks: { id: string; options?: { variableId?: string } }[] }[]
    }
    const blocks = bot.groups.find((g) => g.id === 'g-bye')!.blocks
    for (const input of inputs) {
      const variableId = blocks.find((b) => b.id === input.id)?.options?.variableId
      assert.equal(bot.variables.find((v) => v.id === variableId)?.name, input.name, `${input.confirm}: saved in ${input.name}`)
    }
    // "Size" was created, not taken for the existing "Size 2" that its name starts.
    assert.deepEqual(bot.variables.map((v) => v.name).sort(), ['Email', 'Size', 'Size 2', 'Slices'])
  })

  test('links to other bots: one to a bot that does not exist shows as opened, one to a bot deleted meanwhile after the next autosave', async () => {
    const linked = await api('POST', '/v1/bots/import', { workspaceId, bot: { ...typebotExport(), id: 'tb-linked' } })
    assert.equal(linked.status, 200, JSON.stringify(linked.json))
    const linkedId = linked.json.bot.id as string
    const link = (id: string, typebotId: string) => ({ id, type: 'Typebot link', options: { typebotId } })
    const base = typebotExport()
    await editorOf({
      ...base,
      id: 'tb-links',
      groups: base.groups.map((g) =>
        g.id === 'g-happy' ? { ...g, blocks: [...g.blocks, link('l-there', linkedId), link('l-unknown', 'no-such-bot')] } : g,
      ),
    })
    // Only the server knows which bots exist: "Bye" is unreachable, and one link leads nowhere.
    await page.getByRole('button', { name: /^Checks \(2\)/ }).waitFor()
    const deleted = await api('DELETE', `/v1/bots/${linkedId}`)
    assert.equal(deleted.status, 200)
    // Any change is saved, and the server's checks of it come back with the save.
    await groupNode(page, 'Sad')
      .getByRole('button', { name: /^Group title/ })
      .dblclick()
    await page.getByRole('textbox', { name: 'Group title' }).fill('Unhappy')
    await page.keyboard.press('Enter')
    await saved(page)
    await page.getByRole('button', { name: /^Checks \(3\)/ }).click()
    const checks = panel(page, 'Checks')
    await checks.getByText('links to a bot that does not exist in this workspace ("no-such-bot")', { exact: false }).waitFor()
    await checks.getByText(`links to a bot that does not exist in this workspace ("${linkedId}")`, { exact: false }).waitFor()
    await shot(page, 'editor-missing-linked-bots')
  })

  test('undo and redo, by the buttons and the keyboard', async () => {
    await editorOf({ ...typebotExport(), id: 'tb-undo' })
    const groups = page.locator('.react-flow__node-botGroup')
    await groupNode(page, 'Sad')
      .getByRole('button', { name: /^Group title/ })
      .click()
    await page.keyboard.press('Delete')
    await groupNode(page, 'Sad').waitFor({ state: 'detached' })
    assert.equal(await groups.count(), 3)
    await page.getByRole('button', { name: 'Undo' }).click()
    await groupNode(page, 'Sad').waitFor()
    await page.getByRole('button', { name: 'Redo' }).click()
    await groupNode(page, 'Sad').waitFor({ state: 'detached' })
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+z')
    await groupNode(page, 'Sad').waitFor()
    await page.keyboard.press('Control+Shift+z')
    await groupNode(page, 'Sad').waitFor({ state: 'detached' })
    await page.keyboard.press('Control+z')
    await groupNode(page, 'Sad').waitFor()
    await saved(page)
  })

  test('copy a group and paste it into another bot: new ids, its blocks and variables come along', async () => {
    await editorOf({ ...typebotExport(), id: 'tb-copy-from' })
    await groupNode(page, 'Happy')
      .getByRole('button', { name: /^Group title/ })
      .click()
    await page.keyboard.press('Control+c')
    const target = await editorOf({
      ...typebotExport(),
      id: 'tb-copy-to',
      groups: typebotExport().groups.slice(0, 1),
      edges: [typebotExport().edges[0]],
    })
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+v')
    await groupNode(page, 'Happy').waitFor()
    await saved(page)
    const bot = await stored(target)
    const pasted = bot.groups.find((g) => g.title === 'Happy')!
    assert.notEqual(pasted.id, 'g-happy')
    assert.deepEqual(
      pasted.blocks.map((b) => b.type),
      ['text', 'text'],
    )
    assert.ok(pasted.blocks.every((b) => !b.id.startsWith('t-')))
  })

  test('two people edit one bot: the second save shows the differences, and either version can be kept', async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-shared' })
    const other = await openApp(browser, { viewport: { width: 1440, height: 900 } })
    await signIn(other.page, server.builderUrl, ada)
    await other.page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/edit`)
    await groupNode(other.page, 'Ask').waitFor()
    // The other tab renames a group and saves first.
    await groupNode(other.page, 'Bye')
      .getByRole('button', { name: /^Group title/ })
      .dblclick()
    await other.page.getByRole('textbox', { name: 'Group title' }).fill('Farewell')
    await other.page.keyboard.press('Enter')
    await saved(other.page)
    // This tab deletes a group: its save is refused, the dialog explains.
    await groupNode(page, 'Sad')
      .getByRole('button', { name: /^Group title/ })
      .click()
    await page.keyboard.press('Delete')
    const dialog = page.getByRole('dialog', { name: 'This bot was changed elsewhere' })
    await dialog.waitFor()
    await dialog.getByRole('cell', { name: 'Group "Sad"' }).waitFor()
    await dialog.getByRole('cell', { name: 'Group "Bye"' }).waitFor()
    await shot(page, 'editor-conflict')
    await dialog.getByRole('button', { name: 'Keep mine' }).click()
    await dialog.waitFor({ state: 'detached' })
    await saved(page)
    let bot = await stored(botId)
    assert.deepEqual(
      bot.groups.map((g) => g.title),
      ['Ask', 'Happy', 'Bye'],
    )
    // Now the other tab is behind: it loads this version instead.
    await groupNode(other.page, 'Happy')
      .getByRole('button', { name: /^Group title/ })
      .click()
    await other.page.keyboard.press('Delete')
    const otherDialog = other.page.getByRole('dialog', { name: 'This bot was changed elsewhere' })
    await otherDialog.getByRole('button', { name: 'Load their version' }).click()
    await groupNode(other.page, 'Happy').waitFor()
    await groupNode(other.page, 'Bye').waitFor()
    bot = await stored(botId)
    assert.deepEqual(
      bot.groups.map((g) => g.title),
      ['Ask', 'Happy', 'Bye'],
    )
    assert.deepEqual(
      other.errors.filter((e) => !/409|Failed to load resource/.test(e)),
      [],
    )
    await other.page.context().close()
  })

  test("a guest opens the editor read-only: the flow and the block's settings, no palette, nothing changes", async () => {
    const botId = await editorOf({ ...typebotExport(), id: 'tb-guest' })
    const guest = person('Gus')
    const invite = await api('POST', `/v1/workspaces/${workspaceId}/invitations`, { email: guest.email, role: 'guest' })
    assert.equal(invite.status, 200, JSON.stringify(invite.json))
    const visitor = await openApp(browser, { viewport: { width: 1440, height: 900 } })
    await visitor.page.goto(invite.json.link)
    await visitor.page.getByRole('link', { name: 'Create account' }).click()
    await fillAccountForm(visitor.page, guest)
    await visitor.page.getByRole('button', { name: 'Create account' }).click()
    await visitor.page.waitForURL(/\/invitations\//)
    await visitor.page.getByRole('button', { name: 'Accept invitation' }).click()
    await visitor.page.waitForURL(/\/w\/[^/]+\/bots$/)
    await visitor.page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${botId}/edit`)
    await groupNode(visitor.page, 'Ask').waitFor()
    await visitor.page.getByText('Read only').waitFor()
    assert.equal(await visitor.page.getByRole('region', { name: 'Blocks' }).count(), 0)
    assert.equal(await visitor.page.getByRole('button', { name: 'Undo' }).count(), 0)
    assert.equal(await visitor.page.getByRole('button', { name: 'Preview', exact: true }).count(), 0)
    await blockRow(groupNode(visitor.page, 'Ask'), 'Buttons').click()
    const field = panel(visitor.page, 'Buttons settings').getByRole('textbox', { name: 'Button 1: label' })
    assert.equal(await field.inputValue(), 'Yes')
    assert.ok((await field.getAttribute('readonly')) !== null || (await field.isDisabled()))
    await visitor.page.keyboard.press('Delete')
    await shot(visitor.page, 'editor-guest')
    const bot = await stored(botId)
    assert.equal(bot.groups.length, 4)
    await visitor.page.context().close()
  })
})
