// The builder's web application in real Chromium against a real server: first-run setup, sign-out and sign-in,
// importing Typebot exports that link each other, publishing, chatting through the share link, the labelled result
// in the table, CSV export, analytics after scripted chats, invitations accepted by a new account, a guest's
// read-only view, API tokens, and sign-in through an OpenID Connect provider.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../support/browser.js'
import { pageApi } from '../support/editor.js'
import { startOidcSetup } from '../support/oidcProvider.js'
import { userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { fillAccountForm, linkedPair, openApp, type Person, person, shot, signIn } from '../support/webApp.js'
import { driveChat } from '../support/webChat.js'

/** A number question, then a Condition with two paths (above 3, below 1) and its else, each to a group of its own. */
const scoreBot = () => {
  const say = (id: string, words: string) => ({ id, type: 'text', content: { richText: [{ type: 'p', children: [{ text: words }] }] } })
  const score = (id: string, comparisonOperator: string, value: string) => ({
    comparisons: [{ id, variableId: 'v-score', comparisonOperator, value }],
  })
  return {
    version: '6',
    name: 'Scores',
    events: [{ id: 'ev-start', type: 'start', graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: 'e-start' }],
    groups: [
      {
        id: 'g-ask',
        title: 'Ask',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: 'b-score', type: 'number input', options: { variableId: 'v-score' } },
          {
            id: 'b-cond',
            type: 'Condition',
            items: [
              { id: 'i-high', content: score('c-high', 'Greater than', '3'), outgoingEdgeId: 'e-high' },
              { id: 'i-low', content: score('c-low', 'Less than', '1'), outgoingEdgeId: 'e-low' },
            ],
            outgoingEdgeId: 'e-else',
          },
        ],
      },
      { id: 'g-high', title: 'High', graphCoordinates: { x: 420, y: -200 }, blocks: [say('t-high', 'Great')] },
      { id: 'g-low', title: 'Low', graphCoordinates: { x: 420, y: 0 }, blocks: [say('t-low', 'Sorry')] },
      { id: 'g-mid', title: 'Middle', graphCoordinates: { x: 420, y: 200 }, blocks: [say('t-mid', 'Fair')] },
    ],
    edges: [
      { id: 'e-start', from: { eventId: 'ev-start' }, to: { groupId: 'g-ask' } },
      { id: 'e-high', from: { blockId: 'b-cond', itemId: 'i-high' }, to: { groupId: 'g-high' } },
      { id: 'e-low', from: { blockId: 'b-cond', itemId: 'i-low' }, to: { groupId: 'g-low' } },
      { id: 'e-else', from: { blockId: 'b-cond' }, to: { groupId: 'g-mid' } },
    ],
    variables: [{ id: 'v-score', name: 'Score' }],
    theme: {},
    settings: {},
  }
}

describe('web application', () => {
  let server: TestServer
  let browser: Browser
  let owner: Page
  let ownerErrors: string[]
  const ada: Person = person('Ada')
  let workspaceUrl = ''
  let shareLink = ''
  before(async () => {
    server = await startTestServer({ ENCRYPTION_SECRET: 'web-app-test-encryption-secret' })
    browser = await launchBrowser()
    ;({ page: owner, errors: ownerErrors } = await openApp(browser, { viewport: { width: 1280, height: 860 } }))
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  test('first run: / leads to setup; the first account lands in its own empty workspace', async () => {
    await owner.goto(`${server.builderUrl}/`)
    await owner.waitForURL(/\/setup$/)
    await owner.getByRole('heading', { name: 'Welcome to Parley' }).waitFor()
    await shot(owner, 'setup')
    await fillAccountForm(owner, ada)
    await owner.getByRole('button', { name: 'Create account' }).click()
    await owner.waitForURL(/\/w\/[^/]+\/bots$/)
    workspaceUrl = owner.url().replace(/\/bots$/, '')
    await owner.getByRole('heading', { name: 'No bots yet' }).waitFor()
    await shot(owner, 'empty-dashboard')
    // Setup happens once: afterwards the page sends people to sign in instead.
    const again = await (await openApp(browser)).page
    await again.goto(`${server.builderUrl}/setup`)
    await again.waitForURL(/\/signin/)
    await again.context().close()
  })

  test('sign out, a wrong password refused with a message, then signed in again', async () => {
    await owner.getByRole('button', { name: /Account menu/ }).click()
    await owner.getByRole('menuitem', { name: 'Sign out' }).click()
    await owner.waitForURL(/\/signin/)
    // With the keyboard only: the email field, Tab to the password, Enter to send.
    await owner.getByLabel('Email').focus()
    await owner.keyboard.type(ada.email)
    await owner.keyboard.press('Tab')
    await owner.keyboard.type('not-the-password')
    await owner.keyboard.press('Enter')
    await owner
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor()
    await shot(owner, 'signin-refused')
    await signIn(owner, server.builderUrl, ada)
  })

  test('importing two Typebot exports together keeps the link between them; publish both', async () => {
    // Dropped on the page together, as a person drags two files from their desktop.
    const { main, child } = linkedPair()
    const files = [
      { name: 'lead-intake.json', text: JSON.stringify(main) },
      { name: 'email-step.json', text: JSON.stringify(child) },
    ]
    const transfer = await owner.evaluateHandle((list) => {
      const dt = new (globalThis as any).DataTransfer()
      for (const f of list) dt.items.add(new File([f.text], f.name, { type: 'application/json' }))
      return dt
    }, files)
    const target = owner.getByRole('heading', { name: 'No bots yet' })
    await target.dispatchEvent('dragover', { dataTransfer: transfer })
    await owner.getByText('Drop Typebot exports to import them').waitFor()
    await owner.getByText('Drop Typebot exports to import them').dispatchEvent('drop', { dataTransfer: transfer })
    await owner.getByText('2 bots imported').waitFor()
    await owner.getByRole('link', { name: 'Lead intake' }).waitFor()
    await owner.getByRole('link', { name: 'Email step' }).waitFor()
    await shot(owner, 'dashboard')
    for (const name of ['Email step', 'Lead intake']) {
      await owner.getByRole('link', { name }).click()
      await owner.getByRole('button', { name: 'Publish', exact: true }).click()
      await owner.getByText('Bot published').waitFor()
      // Once published, the button offers to publish later changes, and is off while there are none.
      assert.equal(await owner.getByRole('button', { name: 'Publish changes' }).isDisabled(), true)
      if (name === 'Email step') await owner.goto(`${workspaceUrl}/bots`)
    }
    await shot(owner, 'share')
  })

  test('folders: create one, move a bot into it, open it; search finds bots in any folder', async () => {
    await owner.goto(`${workspaceUrl}/bots`)
    await owner.getByRole('button', { name: 'New folder' }).click()
    const create = owner.getByRole('dialog', { name: 'New folder' })
    await create.getByLabel('Name').fill('Onboarding')
    await create.getByRole('button', { name: 'Create folder' }).click()
    await owner.getByRole('button', { name: 'Onboarding', exact: true }).waitFor()
    await owner.getByRole('button', { name: 'Actions for Email step' }).click()
    await owner.getByRole('menuitem', { name: 'Move to' }).hover()
    await owner.getByRole('menuitem', { name: 'Onboarding' }).click()
    await owner.getByText('Bot moved to Onboarding').waitFor()
    await owner.getByRole('link', { name: 'Email step' }).waitFor({ state: 'detached' })
    await owner.getByRole('button', { name: 'Onboarding', exact: true }).click()
    await owner.getByRole('link', { name: 'Email step' }).waitFor()
    await owner.getByRole('link', { name: 'Bots' }).first().click()
    await owner.getByLabel('Search bots by name').fill('email')
    await owner.getByRole('link', { name: 'Email step' }).waitFor()
    await owner.getByRole('link', { name: 'Lead intake' }).waitFor({ state: 'detached' })
    await owner.getByLabel('Search bots by name').fill('')
    await owner.getByRole('link', { name: 'Lead intake' }).click()
  })

  test("a bot is renamed from the dashboard's menu and from its page", async () => {
    await owner.goto(`${workspaceUrl}/bots`)
    await owner.getByRole('button', { name: 'Actions for Lead intake' }).click()
    await owner.getByRole('menuitem', { name: 'Rename' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Rename the bot' })
    assert.equal(await dialog.getByLabel('Name').inputValue(), 'Lead intake')
    await dialog.getByLabel('Name').fill('Lead intake (spring)')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await owner.getByRole('link', { name: 'Lead intake (spring)' }).click()
    await owner.getByRole('heading', { name: 'Lead intake (spring)' }).waitFor()
    await owner.getByRole('button', { name: 'Rename the bot' }).click()
    const again = owner.getByRole('dialog', { name: 'Rename the bot' })
    await again.getByLabel('Name').fill('Lead intake')
    await again.getByLabel('Name').press('Enter')
    await owner.getByRole('heading', { name: 'Lead intake', exact: true }).waitFor()
  })

  test('credentials: secrets are written once, never shown; renamed in place', async () => {
    const botUrl = owner.url()
    await owner.goto(`${workspaceUrl}/credentials`)
    await owner.getByRole('button', { name: 'Add credentials' }).first().click()
    const dialog = owner.getByRole('dialog', { name: 'Add credentials' })
    await dialog.getByLabel('Name', { exact: false }).first().fill('OpenAI prod')
    await dialog.getByLabel(/^API key/).fill('sk-secret-never-shown')
    await dialog.getByRole('button', { name: 'Save credentials' }).click()
    await owner.getByRole('cell', { name: 'OpenAI prod', exact: true }).waitFor()
    assert.equal(await owner.getByText('sk-secret-never-shown').count(), 0)
    await owner.getByRole('button', { name: 'Actions for OpenAI prod' }).click()
    await owner.getByRole('menuitem', { name: 'Rename' }).click()
    const rename = owner.getByRole('dialog', { name: 'Rename credentials' })
    await rename.getByLabel('Name').fill('OpenAI (production)')
    await rename.getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('cell', { name: 'OpenAI (production)', exact: true }).waitFor()
    await shot(owner, 'credentials')
    await owner.goto(botUrl)
  })

  test('the share link opens the hosted page; a chat crosses the link; the result shows with labelled columns', async () => {
    shareLink = await owner.getByRole('textbox', { name: 'Link' }).inputValue()
    const visitor = await openApp(browser)
    await visitor.page.goto(shareLink)
    const chat = driveChat(visitor.page, visitor.errors)
    await chat.waitForBubble('What is your name?')
    await chat.answer('Grace')
    await chat.waitForBubble('And your email, please?')
    await chat.answer('grace@example.com')
    await chat.waitForBubble('Thanks, we will write soon.')
    await visitor.context.close()

    await owner.getByRole('tab', { name: 'Results' }).click()
    const table = owner.getByRole('table', { name: 'Results' })
    await table.waitFor()
    // Typebot's rule: the input's column is named after the variable it saves into, and that variable has no second column.
    await table.getByRole('columnheader', { name: /^Name( |$)/ }).waitFor()
    await table.getByRole('cell', { name: 'Grace' }).first().waitFor()
    assert.equal(await table.getByRole('cell', { name: 'Grace' }).count(), 1)
    await shot(owner, 'results')
    await table
      .getByRole('button', { name: /Open the result/ })
      .first()
      .click()
    const drawer = owner.getByRole('dialog')
    await drawer.getByText('Grace').first().waitFor()
    await shot(owner, 'result-detail')
    await owner.keyboard.press('Escape')
  })

  test('CSV export downloads every result under the labelled header', async () => {
    await owner.getByRole('button', { name: 'Export' }).click()
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('menuitem', { name: /CSV/ }).click()])
    const csv = await readFile(await download.path(), 'utf8')
    const [header, ...rows] = csv.trim().split(/\r?\n/)
    assert.equal(header.replace(/^\uFEFF/, ''), 'Submitted at,Name')
    assert.equal(rows.length, 1, csv)
    assert.match(rows[0], /Grace/)
  })

  test('analytics count views, starts and completions after scripted chats, with drop-off on the flow', async () => {
    const botPublicId = new URL(shareLink).pathname.slice(1)
    // Two more visitors: one leaves at the name question, one answers it and leaves at the email.
    const start = () => server.call('POST', `/api/v1/typebots/${botPublicId}/startChat`, { token: null, body: {} })
    await start()
    const second = await start()
    await server.call('POST', `/api/v1/sessions/${second.body.sessionId}/continueChat`, { token: null, body: { message: 'Linus' } })
    await owner.getByRole('tab', { name: 'Analytics' }).click()
    await owner.getByLabel('Views: 3').waitFor()
    await owner.getByLabel('Starts: 2').waitFor()
    await owner.getByText('What is your name?').first().waitFor()
    await owner.getByText('3 reached').waitFor()
    await owner
      .getByText(/1 left/)
      .first()
      .waitFor()
    await shot(owner, 'analytics')
  })

  test("analytics draw a Condition's paths apart: one labelled exit per path and the else, each with its own edge", async () => {
    const botUrl = owner.url()
    const api = await pageApi(owner, server.builderUrl)
    const workspaceId = /\/w\/([^/]+)/.exec(workspaceUrl)![1]
    const imported = await api('POST', '/v1/bots/import', { workspaceId, bot: scoreBot() })
    assert.equal(imported.status, 200, JSON.stringify(imported.json))
    await owner.goto(`${workspaceUrl}/bots/${imported.json.bot.id}/analytics`)
    const flow = owner.locator('.react-flow')
    for (const label of ['Score Greater than 3', 'Score Less than 1', 'Else']) await flow.getByText(label, { exact: true }).waitFor()
    assert.equal(await flow.getByText('[object Object]').count(), 0)
    // Each exit has its own connection point, and each edge starts from its own.
    const starts = []
    for (const [edgeId, handle] of [
      ['e-high', 'i:b-cond:i-high'],
      ['e-low', 'i:b-cond:i-low'],
      ['e-else', 'b:b-cond'],
    ]) {
      assert.equal(await flow.locator(`.react-flow__handle[data-handleid="${handle}"]`).count(), 1, handle)
      const path = flow.locator(`[data-testid="rf__edge-${edgeId}"] path.react-flow__edge-path`)
      await path.waitFor({ state: 'attached' })
      starts.push(/^M\s*([-\d.]+)[ ,]([-\d.]+)/.exec((await path.getAttribute('d')) ?? '')?.[2])
    }
    assert.equal(new Set(starts).size, 3, `edges start at ${starts.join(', ')}`)
    await shot(owner, 'analytics-condition')
    await owner.goto(botUrl)
  })

  test('results table: hidden and resized columns stay so after a reload; older results load while scrolling', async () => {
    const botId = /\/bots\/([^/]+)\//.exec(owner.url())![1]
    const now = Date.now()
    await server.store.db
      .insertInto('results')
      .values(
        Array.from({ length: 120 }, (_, n) => ({
          id: `seeded-${n}`,
          botId,
          createdAt: new Date(now - (n + 60) * 60_000).toISOString(),
          variables: JSON.stringify([{ id: 'v-name', name: 'Name', value: `Seeded ${n}` }]),
          isCompleted: 0 as const,
          hasStarted: 1 as const,
          isArchived: 0 as const,
          lastChatSessionId: null,
        })),
      )
      .execute()
    await owner.getByRole('tab', { name: 'Results' }).click()
    const table = owner.getByRole('table', { name: 'Results' })
    const rows = table.locator('tbody tr')
    await table.getByRole('cell', { name: 'Seeded 0', exact: true }).waitFor()
    assert.equal(await rows.count(), 50, 'the first page')
    await owner.evaluate(() => (globalThis as any).scrollTo(0, (globalThis as any).document.body.scrollHeight))
    await table.getByRole('cell', { name: 'Seeded 60', exact: true }).waitFor()
    await owner.evaluate(() => (globalThis as any).scrollTo(0, (globalThis as any).document.body.scrollHeight))
    await table.getByRole('cell', { name: 'Seeded 119', exact: true }).waitFor()
    // 120 seeded, Grace and Linus: the visitor who never answered has a result (a view) but no row, as in Typebot.
    assert.equal(await rows.count(), 122)

    // Widen the Name column by keyboard, then hide it: both saved with the bot.
    const saved = () => owner.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/v1/bots/${botId}`))
    const resizer = owner.getByRole('separator', { name: 'Resize column Name' })
    let save = saved()
    await resizer.focus()
    await owner.keyboard.press('ArrowRight')
    assert.equal((await save).status(), 200)
    await owner.reload()
    await table.getByRole('columnheader', { name: /^Name( |$)/ }).waitFor()
    assert.equal(await resizer.getAttribute('aria-valuenow'), '220')
    await owner.getByRole('button', { name: 'Columns' }).click()
    save = saved()
    await owner.getByRole('checkbox', { name: 'Name', exact: true }).uncheck()
    assert.equal((await save).status(), 200)
    await owner.keyboard.press('Escape')
    await table.getByRole('columnheader', { name: /^Name( |$)/ }).waitFor({ state: 'detached' })
    await owner.reload()
    await table.waitFor()
    assert.equal(await table.getByRole('columnheader', { name: /^Name( |$)/ }).count(), 0)
  })

  test("a signed-in builder opening a bot's page: it is on the user content's origin, where the builder's session is not", async () => {
    const page = await owner.context().newPage()
    await page.goto(shareLink)
    assert.ok(page.url().startsWith(`${server.contentUrl}/`), page.url())
    const chat = driveChat(page, [])
    await chat.waitForBubble('What is your name?')
    // What a hostile Script block would try: the management API with the builder's cookie, here and at the builder.
    const attempts = await page.evaluate(
      (builder) =>
        Promise.all(
          ['', builder].map((base) =>
            fetch(`${base}/v1/auth/status`, { credentials: 'include' })
              .then((r) => r.json())
              .then((b: any) => (b.user ? `signed in as ${b.user.email}` : 'anonymous'))
              .catch(() => 'refused'),
          ),
        ),
      server.builderUrl,
    )
    assert.deepEqual(attempts, ['refused', 'refused'])
    await page.close()
  })

  test('invite by link: a new account accepts, and as a guest sees the workspace read-only', async () => {
    await owner.goto(`${workspaceUrl}/members`)
    await owner.getByRole('button', { name: 'Invite' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Invite someone' })
    const grace = person('Grace')
    await dialog.getByLabel('Email').fill(grace.email)
    await dialog.getByLabel('Role').click()
    await owner.getByRole('option', { name: 'Guest (read-only)' }).click()
    await dialog.getByRole('button', { name: 'Create invitation' }).click()
    const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue()
    await shot(owner, 'invitation')
    await dialog.getByRole('button', { name: 'Done' }).click()

    const guest = await openApp(browser, { viewport: { width: 1024, height: 768 } })
    await guest.page.goto(link)
    await guest.page.getByText(/invited/).waitFor()
    await guest.page.getByRole('link', { name: 'Create account' }).click()
    await fillAccountForm(guest.page, grace)
    await guest.page.getByRole('button', { name: 'Create account' }).click()
    await guest.page.waitForURL(/\/invitations\//)
    await guest.page.getByRole('button', { name: 'Accept invitation' }).click()
    await guest.page.waitForURL(/\/w\/[^/]+\/bots$/)
    await guest.page.getByText('read-only', { exact: false }).first().waitFor()
    await guest.page.getByRole('link', { name: 'Lead intake' }).waitFor()
    assert.equal(await guest.page.getByRole('button', { name: 'New bot' }).count(), 0)
    await guest.page.getByRole('link', { name: 'Lead intake' }).click()
    await guest.page.getByRole('tab', { name: 'Results' }).waitFor()
    assert.equal(await guest.page.getByRole('button', { name: /Publish/ }).count(), 0)
    await shot(guest.page, 'guest-bot')
    // On a tablet held upright, through the keyboard.
    await guest.page.setViewportSize({ width: 768, height: 1024 })
    await guest.page.getByRole('link', { name: 'Credentials' }).focus()
    await guest.page.keyboard.press('Enter')
    // The guest sees the credentials by name, without a way to add, rename or delete them.
    await guest.page.getByRole('cell', { name: 'OpenAI (production)', exact: true }).waitFor()
    assert.equal(await guest.page.getByRole('button', { name: 'Add credentials' }).count(), 0)
    assert.equal(await guest.page.getByRole('button', { name: /Actions for/ }).count(), 0)
    await shot(guest.page, 'tablet-guest-credentials')
    // Narrower still, the sections are behind the menu button.
    await guest.page.setViewportSize({ width: 600, height: 900 })
    await guest.page.getByRole('button', { name: 'Open navigation' }).click()
    await guest.page.getByRole('link', { name: 'Settings' }).click()
    await guest.page.getByText('You are a guest in this workspace').waitFor()
    assert.equal(await guest.page.getByRole('button', { name: 'Delete workspace' }).count(), 0)
    await guest.context.close()
  })

  test('a second workspace from the switcher, then back to the first', async () => {
    await owner.goto(`${workspaceUrl}/bots`)
    await owner.getByRole('button', { name: /^Workspace: / }).click()
    await owner.getByRole('menuitem', { name: 'New workspace' }).click()
    const dialog = owner.getByRole('dialog', { name: 'New workspace' })
    await dialog.getByLabel('Name').fill('Side project')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await owner.getByRole('button', { name: 'Workspace: Side project' }).waitFor()
    await owner.getByRole('heading', { name: 'No bots yet' }).waitFor()
    await owner.getByRole('button', { name: 'Workspace: Side project' }).click()
    await owner.getByRole('menuitem', { name: "Ada's workspace" }).click()
    await owner.getByRole('link', { name: 'Lead intake' }).waitFor()
  })

  test("the small things: a new bot named in its dialog, templates' buttons whole, notifications off the page's buttons, close says to what, a phone's header keeps the workspace", async () => {
    await owner.goto(`${workspaceUrl}/bots`)
    await owner.getByRole('button', { name: 'New bot' }).first().click()
    const dialog = owner.getByRole('dialog', { name: 'Create a bot' })
    // Every template's button is drawn whole inside its card.
    const use = dialog.getByRole('button', { name: /^Use the .* template$/ })
    await use.first().waitFor()
    for (const button of await use.all()) {
      const [b, card] = [
        (await button.boundingBox())!,
        (await button.locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]').boundingBox())!,
      ]
      assert.ok(b.x >= card.x && b.x + b.width <= card.x + card.width, 'the button fits its card')
      assert.equal(await button.evaluate((el: any) => el.scrollWidth <= el.clientWidth), true, 'its label is not cut')
    }
    await dialog.getByLabel('Name').fill('Pizza order')
    await dialog.getByRole('button', { name: 'Create' }).first().click()
    await owner.waitForURL(/\/edit$/)
    assert.equal(await owner.getByRole('textbox', { name: 'Bot name' }).inputValue(), 'Pizza order')
    await owner.getByRole('link', { name: "Back to the bot's page" }).click()
    await owner.getByRole('heading', { name: 'Pizza order' }).first().waitFor()
    // "Close" alone could mean the page: the button says what closes.
    await owner.getByRole('button', { name: 'Close to new chats' }).click()
    const note = owner.getByRole('alert').filter({ hasText: 'Bot closed to new chats' })
    await note.waitFor()
    const [noteBox, publish] = [
      (await note.boundingBox())!,
      (await owner
        .getByRole('button', { name: /^Publish/ })
        .first()
        .boundingBox())!,
    ]
    const overlaps = (a: typeof noteBox, b: typeof noteBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    assert.ok(!overlaps(noteBox, publish), "the notification leaves the page's actions free")
    await owner.getByRole('button', { name: 'Reopen to new chats' }).click()
    await owner.getByRole('button', { name: 'Close to new chats' }).waitFor()
    // At 375 px the workspace switcher is whole and within the screen.
    await owner.setViewportSize({ width: 375, height: 740 })
    const switcher = owner.getByRole('button', { name: /^Workspace: / })
    const box = (await switcher.boundingBox())!
    assert.ok(box.x >= 0 && box.x + box.width <= 375 - 40, 'the switcher is on screen, beside the account menu')
    await shot(owner, 'phone-header')
    await owner.setViewportSize({ width: 1280, height: 860 })
  })

  test('an API token made on the account page is shown once and works with the API', async () => {
    await owner.goto(`${server.builderUrl}/account`)
    await owner.getByRole('button', { name: 'New token' }).click()
    const dialog = owner.getByRole('dialog', { name: 'New API token' })
    await dialog.getByLabel('Name').fill('CRM sync')
    await dialog.getByRole('button', { name: 'Create token' }).click()
    const token = await dialog.getByRole('textbox', { name: 'Token' }).inputValue()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await owner.getByRole('cell', { name: 'CRM sync', exact: true }).waitFor()
    const res = await server.call('GET', '/v1/workspaces', { token })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.workspaces.map((w: { name: string }) => w.name).sort(), ["Ada's workspace", 'Side project'])
    await shot(owner, 'account')
    assert.deepEqual(
      ownerErrors.filter((e) => !/401|Failed to load resource/.test(e)),
      [],
    )
  })
})

describe('web application: sign-in with OpenID Connect', () => {
  let oidc: Awaited<ReturnType<typeof startOidcSetup>>
  let browser: Browser
  before(async () => {
    oidc = await startOidcSetup({
      'sub-lin': { email: 'lin@example.com', email_verified: true, name: 'Lin' },
      'sub-admin': { email: 'admin@example.com', email_verified: true, name: 'Admin' },
    })
    browser = await launchBrowser()
    // Someone set the server up already: the sign-in page is what a newcomer sees.
    await oidc.server.call('POST', '/v1/auth/setup', {
      base: oidc.server.builderUrl,
      token: null,
      body: { name: 'Admin', email: 'admin@example.com', password: 'admin-password-1' },
    })
  })
  after(async () => {
    await browser?.close()
    await oidc?.close()
  })

  test("the provider's button signs a new person in, with a workspace of their own", async () => {
    const { page } = await openApp(browser)
    await page.goto(`${oidc.server.builderUrl}/signin`)
    await page.getByRole('link', { name: 'Continue with Local ID' }).click()
    // The provider's own (development) login and consent pages.
    await page.locator('input[name=login]').fill('sub-lin')
    await page.locator('input[name=password]').fill('anything')
    await page.locator('button[type=submit]').first().click()
    await page.locator('button[type=submit]').first().click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    await page.getByRole('heading', { name: 'No bots yet' }).waitFor()
    await page.getByRole('button', { name: /Workspace: Lin/ }).waitFor()
    await page.context().close()
  })

  test('the provider does not join an account whose email is unconfirmed: the page says what to do; connecting it on the account page does', async () => {
    const { page } = await openApp(browser, { viewport: { width: 1024, height: 768 } })
    await page.goto(`${oidc.server.builderUrl}/signin`)
    await page.getByRole('link', { name: 'Continue with Local ID' }).click()
    await page.locator('input[name=login]').fill('sub-admin')
    await page.locator('input[name=password]').fill('anything')
    await page.locator('button[type=submit]').first().click()
    await page.locator('button[type=submit]').first().click()
    await page.waitForURL(/\/signin\?error=/)
    await page.getByRole('alert').filter({ hasText: 'connect Local ID on the Your account page' }).waitFor()
    await shot(page, 'signin-unconfirmed-email')
    // Signed in with the password, the account page connects the provider (which remembers the person by now).
    await signIn(page, oidc.server.builderUrl, { name: 'Admin', email: 'admin@example.com', password: 'admin-password-1' })
    await page.goto(`${oidc.server.builderUrl}/account`)
    await page.getByText('Not confirmed yet').waitFor()
    await shot(page, 'account-email-unconfirmed')
    await page.getByRole('link', { name: 'Connect Local ID' }).click()
    // The provider asks for consent again, or remembers it and sends the browser back at once.
    await page.waitForURL((url) => url.origin === oidc.issuer || url.pathname === '/account')
    if (new URL(page.url()).origin === oidc.issuer) await page.locator('button[type=submit]').first().click()
    await page.waitForURL(/\/account$/)
    await page.getByText('Your Local ID account is connected').waitFor()
    assert.equal(await page.getByText('Not confirmed yet').count(), 0)
    await shot(page, 'account-provider-connected')
    await page.context().close()
  })

  test('deleting your only workspace (typing its name), then joining another by its invitation link', async () => {
    const other = await oidc.server.user('Orla', 'orla@example.com')
    const ws = await oidc.server.call('POST', '/v1/workspaces', { token: other.token, body: { name: 'Orla & Co' } })
    const invited = await oidc.server.call('POST', `/v1/workspaces/${ws.body.workspace.id}/invitations`, {
      token: other.token,
      body: { email: 'lin@example.com', role: 'member' },
    })
    assert.equal(invited.status, 200)
    const { page } = await openApp(browser)
    await page.goto(`${oidc.server.builderUrl}/signin`)
    await page.getByRole('link', { name: 'Continue with Local ID' }).click()
    await page.locator('input[name=login]').fill('sub-lin')
    await page.locator('input[name=password]').fill('anything')
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').first().click()])
    // The provider asks for consent again, or remembers it and sends the browser back at once.
    if (new URL(page.url()).origin === oidc.issuer) await page.locator('button[type=submit]').first().click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Delete workspace' }).click()
    const dialog = page.getByRole('dialog')
    const confirm = dialog.getByRole('button', { name: /Delete workspace and everything/ })
    assert.equal(await confirm.isDisabled(), true)
    await dialog.getByRole('textbox').fill("Lin's workspace")
    await confirm.click()
    await page.getByRole('heading', { name: 'Create a workspace' }).waitFor()
    await shot(page, 'no-workspace')
    await page.goto(invited.body.link)
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.waitForURL(/\/w\/[^/]+\/bots$/)
    await page.getByRole('button', { name: 'Workspace: Orla & Co' }).waitFor()
    await page.context().close()
  })
})

describe('web application: closed sign-up', () => {
  let server: TestServer
  let browser: Browser
  before(async () => {
    server = await startTestServer({ DISABLE_SIGNUP: 'true' })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  test("an invited person creates their account from the invitation's page (the sign-up page alone refuses them), and joins", async () => {
    const admin = await userWithWorkspace(server, 'Admin')
    const nia = person('Nia')
    const invited = await server.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: nia.email, role: 'member' },
    })
    const { page } = await openApp(browser, { viewport: { width: 1024, height: 768 } })
    // Knowing the invited address is not enough: the sign-up page without the invitation's link refuses it.
    await page.goto(`${server.builderUrl}/signup`)
    await fillAccountForm(page, nia)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('alert').filter({ hasText: 'Sign-up is closed' }).waitFor()
    await page.goto(invited.body.link)
    await page.getByRole('link', { name: 'Create account' }).click()
    await page.getByText('by invitation only').waitFor()
    await fillAccountForm(page, nia)
    await shot(page, 'signup-by-invitation')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(/\/invitations\//)
    await page.getByRole('button', { name: 'Accept invitation' }).click()
    await page.waitForURL(new RegExp(`/w/${admin.workspaceId}/bots$`))
    await page.context().close()
  })
})
