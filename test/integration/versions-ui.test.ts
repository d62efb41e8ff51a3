// The Versions tab in Chromium: publish with a note, change the first message, publish again, compare the two
// versions (the changed text shows, old and new), preview the old one, roll it back in one click and a confirmation —
// and the hosted page shows the old first message again. Then copy it into the draft. axe-core finds nothing
// serious.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { expectClean } from '../support/axe.js'
import { launchBrowser } from '../support/browser.js'
import { bot, say } from '../support/engine.js'
import { setUpFirstAccount } from '../support/editor.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { openApp, person, shot } from '../support/webApp.js'

const greeter = (text: string) => ({
  name: 'Greeter',
  ...bot([['Hello', [say('hi', text), { id: 'ask', type: 'text input', options: { variableId: 'v1' } }]]], {
    variables: [{ id: 'v1', name: 'Name' }],
  }),
})

describe('version history in the web app', () => {
  let server: TestServer
  let browser: Browser
  before(async () => {
    server = await startTestServer()
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  test('publish → change → publish → compare → roll back: the hosted page shows the old first message again', async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } })
    const { workspaceId, api } = await setUpFirstAccount(page, server.builderUrl, person('Ada'))
    const created = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter('Hello, first edition') })).json.bot

    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${created.id}/versions`)
    await page.getByText('No versions yet').waitFor()
    await page.getByLabel('Note for the next version').fill('Launch')
    await page.getByRole('button', { name: 'Publish the draft' }).click()
    const rows = page.getByRole('table').getByRole('row')
    await rows.filter({ hasText: 'Launch' }).waitFor()
    assert.ok(await page.getByRole('button', { name: 'Publish the draft' }).isDisabled(), 'nothing left to publish')

    // The flow changes (as the editor would save it), and is published from the Versions tab again.
    const draft = (await api('GET', `/v1/bots/${created.id}`)).json.bot
    const saved = await api('PATCH', `/v1/bots/${created.id}`, { bot: { ...greeter('Hello, second edition'), updatedAt: draft.updatedAt } })
    assert.equal(saved.status, 200)
    await page.reload()
    await page.getByLabel('Note for the next version').fill('New greeting')
    await page.getByRole('button', { name: 'Publish the draft' }).click()
    await rows.filter({ hasText: 'New greeting' }).waitFor()
    assert.equal(await rows.count(), 3, 'a header and two versions')
    await rows.filter({ hasText: 'Version 2' }).getByText('Live').waitFor()

    // Compare: version 1 → version 2 names the block and both texts.
    await page.getByRole('combobox', { name: 'From' }).click()
    await page.getByRole('option', { name: 'Version 1', exact: true }).click()
    await page.getByRole('combobox', { name: 'To' }).click()
    await page.getByRole('option', { name: 'Version 2 (live)', exact: true }).click()
    await page.getByRole('button', { name: 'Show the changes' }).click()
    const changes = page.getByRole('region', { name: 'Changes from version 1 to version 2' })
    await changes.getByText('Hello › “Hello, second edition” (text)').waitFor()
    await changes.getByText('Hello, first edition', { exact: true }).waitFor()
    await changes.getByText('1 changed').waitFor()
    await shot(page, 'versions-compare')
    await expectClean(page, 'the Versions tab with a comparison')

    // Preview version 1: its first message, in a frame on the user-content origin.
    await page.getByRole('button', { name: 'Preview: Version 1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Preview of version 1' })
    const frame = dialog.frameLocator('iframe')
    await frame.getByText('Hello, first edition').waitFor()
    await dialog.getByRole('button', { name: 'Close the preview' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Roll back: one click and a confirmation.
    await page.getByRole('button', { name: 'Make live: Version 1' }).click()
    await page.getByRole('dialog', { name: 'Make version 1 live?' }).getByRole('button', { name: 'Make live' }).click()
    await page.getByText('Version 1 is live').waitFor()
    await rows.filter({ hasText: 'Version 1' }).getByText('Live').waitFor()
    await shot(page, 'versions-rolled-back')

    const visitor = await browser.newPage()
    await visitor.goto(`${server.url}/${created.publicId}`)
    await visitor.getByText('Hello, first edition').waitFor()
    await visitor.close()

    // Copy version 1 into the draft: the draft no longer differs from the live version.
    await page.getByRole('button', { name: 'Copy into draft: Version 1' }).click()
    await page.getByRole('dialog', { name: 'Copy version 1 into the draft?' }).getByRole('button', { name: 'Copy into draft' }).click()
    await page.getByText('The draft now holds version 1').waitFor()
    assert.equal((await api('GET', `/v1/bots/${created.id}`)).json.hasUnpublishedChanges, false)

    // A long history comes a page at a time: the newest 50, then older ones on asking.
    const long = (await api('POST', '/v1/bots/import', { workspaceId, bot: greeter('Often published') })).json.bot
    for (let i = 0; i < 51; i++) assert.equal((await api('POST', `/v1/bots/${long.id}/publish`)).status, 200)
    await page.goto(`${server.builderUrl}/w/${workspaceId}/bots/${long.id}/versions`)
    const longRows = page.getByRole('table').getByRole('row')
    await page.getByRole('table').getByText('Version 51', { exact: true }).waitFor()
    assert.equal(await longRows.count(), 51, 'a header and 50 versions')
    await page.getByRole('button', { name: 'Show older versions' }).click()
    await page.getByRole('table').getByText('Version 1', { exact: true }).waitFor()
    assert.equal(await longRows.count(), 52)
    await page.getByRole('button', { name: 'Show older versions' }).waitFor({ state: 'detached' })
    assert.deepEqual(errors, [])
  })
})
