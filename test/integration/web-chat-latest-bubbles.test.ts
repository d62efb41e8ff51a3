// The theme's `chat.hidePreviousBubbles` (Typebot issue 1458) in Chromium: once the user answers, only the bubbles
// since that answer show; a button (keyboard-usable, translated) shows the earlier ones again; axe finds nothing.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { axeProblems } from '../support/axe.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

const survey = (theme: Record<string, unknown>, language?: string) =>
  bot(
    [
      [
        'g',
        [
          say('hi', 'Welcome!'),
          say('ask-name', 'Your name?'),
          { id: 'name', type: 'text input', options: { variableId: 'vName' } },
          say('ask-city', 'Your city, {{Name}}?'),
          { id: 'city', type: 'text input', options: { variableId: 'vCity' } },
          say('bye', '{{Name}} from {{City}}.'),
        ],
      ],
    ],
    {
      variables: [
        { id: 'vName', name: 'Name' },
        { id: 'vCity', name: 'City' },
      ],
      theme,
      settings: { typingEmulation: { enabled: false }, ...(language && { general: { language } }) },
    },
  )

describe('web chat: show only the latest bubbles', { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  const open = async (t: Parameters<typeof env.open>[0], publicId: string) => {
    const chat = await env.open(
      t,
      sitePage(`<parley-standard bot="${publicId}" api-host="${env.server.url}" style="height:560px"></parley-standard>`),
    )
    // The driver's own answer waits for the user's bubble to show, which the option hides as soon as the bot replies.
    const answer = async (text: string) => {
      const input = chat.page.locator('.p-input input').last()
      await input.fill(text)
      await input.press('Enter')
    }
    return { ...chat, answer }
  }

  test('earlier bubbles hide on each answer; the button shows them again and hides them with the keyboard', async (t) => {
    const imported = await publish(survey({ chat: { hidePreviousBubbles: true } }))
    const chat = await open(t, imported.publicId)
    const visible = () => chat.page.locator('.p-host-bubble:visible, .p-guest-bubble:visible').allInnerTexts()
    const toggle = chat.page.locator('.p-earlier')
    await chat.waitForBubble('Your name?')
    assert.deepEqual(await visible(), ['Welcome!', 'Your name?'])
    assert.equal(await toggle.count(), 0, 'nothing hidden before the first answer')
    await chat.answer('Ada')
    await chat.waitForBubble('Your city, Ada?')
    assert.deepEqual(await visible(), ['Your city, Ada?'])
    assert.deepEqual(await axeProblems(chat.page), [])
    await chat.screenshot('latest-bubbles')
    // Keyboard: the button takes the focus and shows everything, then hides it again.
    await toggle.focus()
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
    await chat.page.keyboard.press('Enter')
    assert.deepEqual(await visible(), ['Welcome!', 'Your name?', 'Ada', 'Your city, Ada?'])
    assert.equal(await toggle.textContent(), 'Hide earlier messages')
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
    await chat.screenshot('latest-bubbles-earlier-shown')
    await chat.page.keyboard.press('Enter')
    assert.deepEqual(await visible(), ['Your city, Ada?'])
    // The next answer hides again what was shown before it.
    await toggle.click()
    await chat.answer('Paris')
    await chat.waitForBubble('Ada from Paris.')
    assert.deepEqual(await visible(), ['Ada from Paris.'])
    assert.equal(await toggle.textContent(), 'Show earlier messages')
  })

  test('the button speaks the bot’s language; without the option every bubble stays', async (t) => {
    const french = await publish(survey({ chat: { hidePreviousBubbles: true } }, 'fr'))
    const chat = await open(t, french.publicId)
    await chat.waitForBubble('Your name?')
    await chat.answer('Ada')
    await chat.waitForBubble('Your city, Ada?')
    assert.equal(await chat.page.locator('.p-earlier').textContent(), 'Afficher les messages précédents')

    const plain = await publish(survey({}))
    const other = await open(t, plain.publicId)
    await other.waitForBubble('Your name?')
    await other.answer('Ada')
    await other.waitForBubble('Your city, Ada?')
    assert.deepEqual(await other.page.locator('.p-host-bubble:visible').allInnerTexts(), ['Welcome!', 'Your name?', 'Your city, Ada?'])
    assert.equal(await other.page.locator('.p-earlier').count(), 0)
  })
})
