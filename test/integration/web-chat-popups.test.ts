// Several popups on one page (Typebot issue 1136) in Chromium: each bound to its own bot and its own button
// (`trigger`), named by an `id` that commands take, neither one's chat leaking into the other's; the same with
// custom elements; the buttons say what they open (aria-haspopup, aria-expanded); axe finds nothing.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { axeProblems } from '../support/axe.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

declare const document: any

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
const askBot = (greeting: string) =>
  bot([['g', [say('hi', greeting), { id: 'ask', type: 'text input', options: { variableId: 'vText' } }, say('bye', 'Noted: {{Text}}.')]]], {
    variables: [{ id: 'vText', name: 'Text' }],
    settings: { typingEmulation: { enabled: false } },
  })

describe('web chat: several popups on one page', { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)

  test('initPopup with id and trigger: each button opens its own bot; chats stay apart; commands by id', async (t) => {
    const [sales, support] = await Promise.all([publish(askBot('Sales here: what do you need?')), publish(askBot('Support here: what broke?'))])
    const chat = await env.open(
      t,
      sitePage(`<button id="sales-button">Talk to sales</button> <button id="support-button" class="support">Get support</button>
<script>
Parley.initPopup({ id: 'sales', bot: ${json(sales.publicId)}, apiHost: ${json(env.server.url)}, trigger: '#sales-button' })
Parley.initPopup({ id: 'support', bot: ${json(support.publicId)}, apiHost: ${json(env.server.url)}, trigger: document.querySelectorAll('.support')[0] })
</script>`),
    )
    const { page } = chat
    const open = () =>
      page
        .locator('parley-popup')
        .evaluateAll((els) => els.filter((el: any) => el.shadowRoot.querySelector('.p-dialog')).map((el: any) => el.instanceId))
    const salesButton = page.getByRole('button', { name: 'Talk to sales' })
    const supportButton = page.getByRole('button', { name: 'Get support' })
    assert.equal(await salesButton.getAttribute('aria-haspopup'), 'dialog')
    assert.equal(await salesButton.getAttribute('aria-expanded'), 'false')
    assert.deepEqual(await open(), [])

    await salesButton.click()
    const salesDialog = page.locator('parley-popup').nth(0).locator('.p-dialog')
    await salesDialog.locator('.p-host-bubble', { hasText: 'Sales here' }).waitFor()
    assert.deepEqual(await open(), ['sales'])
    assert.equal(await salesButton.getAttribute('aria-expanded'), 'true')
    assert.deepEqual(await axeProblems(page), [])
    await chat.screenshot('popups-sales')
    const salesInput = salesDialog.locator('.p-input input')
    await salesInput.fill('A quote')
    await salesInput.press('Enter')
    await salesDialog.locator('.p-host-bubble', { hasText: 'Noted: A quote.' }).waitFor()
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape')
    assert.deepEqual(await open(), [])
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'sales-button')
    assert.equal(await salesButton.getAttribute('aria-expanded'), 'false')

    // The keyboard opens the other one: its own bot, nothing of the first chat.
    await supportButton.focus()
    await page.keyboard.press('Enter')
    const supportDialog = page.locator('parley-popup').nth(1).locator('.p-dialog')
    await supportDialog.locator('.p-host-bubble', { hasText: 'Support here' }).waitFor()
    assert.deepEqual(await open(), ['support'])
    assert.deepEqual(await supportDialog.locator('.p-host-bubble').allTextContents(), ['Support here: what broke?'])
    assert.equal(await supportDialog.locator('.p-guest-bubble').count(), 0)
    await chat.screenshot('popups-support')

    // Commands by id: opening sales closes support (one modal at a time); sales kept its chat.
    await page.evaluate(() => (globalThis as any).Parley.open('sales'))
    assert.deepEqual(await open(), ['sales'])
    assert.deepEqual(await salesDialog.locator('.p-guest-bubble').allTextContents(), ['A quote'])
    await page.evaluate(() => (globalThis as any).Parley.close({ id: 'sales' }))
    assert.deepEqual(await open(), [])
    await page.evaluate(() => (globalThis as any).Parley.toggle('support'))
    assert.deepEqual(await open(), ['support'])
    assert.deepEqual(await supportDialog.locator('.p-host-bubble').allTextContents(), ['Support here: what broke?'])
    // Without an id a command reaches every chat; unmount by id leaves the other.
    await page.evaluate(() => (globalThis as any).Parley.close())
    assert.deepEqual(await open(), [])
    await page.evaluate(() => (globalThis as any).Parley.unmount('support'))
    assert.equal(await page.locator('parley-popup').count(), 1)
    assert.equal(await supportButton.getAttribute('aria-haspopup'), null)
    // initPopup again with an id replaces only that popup.
    await page.evaluate(
      ([bot, apiHost]) => (globalThis as any).Parley.initPopup({ id: 'sales', bot, apiHost, trigger: '#sales-button' }),
      [sales.publicId, env.server.url],
    )
    assert.equal(await page.locator('parley-popup').count(), 1)
  })

  test('custom elements: <parley-popup id trigger> pairs, the trigger matched at click time', async (t) => {
    const [a, b] = await Promise.all([publish(askBot('Bot A speaking.')), publish(askBot('Bot B speaking.'))])
    const chat = await env.open(
      t,
      sitePage(`<parley-popup id="a" bot="${a.publicId}" api-host="${env.server.url}" trigger=".open-a"></parley-popup>
<parley-popup id="b" bot="${b.publicId}" api-host="${env.server.url}" trigger="#open-b"></parley-popup>
<p><a class="open-a" href="#a">Ask A</a></p>
<script>setTimeout(() => { const b = document.createElement('button'); b.id = 'open-b'; b.textContent = 'Ask B'; document.querySelector('main').append(b) }, 50)</script>`),
    )
    const { page } = chat
    await page.getByRole('link', { name: 'Ask A' }).click()
    await page.locator('#a').locator('.p-host-bubble', { hasText: 'Bot A speaking.' }).waitFor()
    assert.ok(!page.url().endsWith('#a'), 'the link does not navigate')
    await page.keyboard.press('Escape')
    // A button added after the popup was set up still opens it.
    await page.getByRole('button', { name: 'Ask B' }).click()
    await page.locator('#b').locator('.p-host-bubble', { hasText: 'Bot B speaking.' }).waitFor()
    assert.equal(await page.locator('#a').locator('.p-dialog').count(), 0)
    assert.deepEqual(await page.locator('#b').locator('.p-host-bubble').allTextContents(), ['Bot B speaking.'])
  })
})
