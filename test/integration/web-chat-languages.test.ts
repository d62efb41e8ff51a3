// The widget's built-in texts and the server's default retry messages in the bot's language
// (`settings.general.language`), in Chromium: a French bot reads French whatever the browser's language; a bot
// without one follows the browser for the widget's own texts, while the server's retry texts stay English.
import assert from 'node:assert/strict'
import { describe, type TestContext, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

const fast = { typingEmulation: { enabled: false } }

const emailThenPhone = (settings: Record<string, unknown>) =>
  bot(
    [
      [
        'g',
        [
          say('ask', 'Email?'),
          { id: 'email', type: 'email input', options: { variableId: 'vEmail' } },
          say('ask-phone', 'Phone?'),
          { id: 'phone', type: 'phone number input', options: { variableId: 'vPhone', defaultCountryCode: 'FR' } },
          say('bye', 'Done: {{Email}}'),
        ],
      ],
    ],
    {
      variables: [
        { id: 'vEmail', name: 'Email' },
        { id: 'vPhone', name: 'Phone' },
      ],
      settings: { ...fast, ...settings },
    },
  )

describe("the widget speaks the bot's language", { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  /** The chat of `publicId` in a browser whose language is `locale`. */
  const openIn = async (t: TestContext, locale: string, publicId: string) => {
    const context = await env.browser.newContext({ locale })
    context.setDefaultTimeout(10_000)
    t.after(() => context.close())
    return env.openIn(
      context,
      env.site.page(sitePage(`<parley-standard bot="${publicId}" api-host="${env.server.url}" style="height:560px"></parley-standard>`)),
    )
  }

  test('a French bot in an English browser: French buttons, placeholders, country names and retry message', async (t) => {
    const imported = await publish(emailThenPhone({ general: { language: 'fr' } }))
    const chat = await openIn(t, 'en-US', imported.publicId)
    await chat.waitForBubble('Email?')
    const field = chat.page.getByRole('textbox', { name: 'Saisissez votre e-mail...' })
    await field.waitFor()
    assert.equal(await chat.page.locator('.p-input button[type=submit]').textContent(), 'Envoyer')
    assert.equal(await chat.page.getByRole('log').getAttribute('aria-label'), 'Conversation')
    await chat.answer('ada@example')
    await chat.waitForBubble('Cette adresse e-mail ne semble pas valide. Pouvez-vous la saisir à nouveau\u00a0?')
    await chat.answer('ada@example.com')
    await chat.waitForBubble('Phone?')
    // Countries named and sorted in French.
    const country = chat.page.getByRole('combobox', { name: 'Pays' })
    assert.equal(await country.inputValue(), 'FR')
    assert.equal(await country.locator('option[value=DE]').textContent(), 'Allemagne (+49)')
    const names = (await country.locator('option').allTextContents()).map((o) => o.replace(/ \(\+\d+\)$/, ''))
    assert.deepEqual(names, [...names].sort(new Intl.Collator('fr').compare))
    assert.equal(await chat.page.getByRole('textbox', { name: 'Saisissez votre numéro de téléphone...' }).count(), 1)
    await chat.answer('6 12 34 56 78')
    await chat.waitForBubble('Done: ada@example.com')
    await chat.page.getByRole('button', { name: 'Recommencer' }).waitFor()
    await chat.screenshot('french')
  })

  test('a bot without a language: English in an English browser; in a French browser the widget follows it, the server stays English', async (t) => {
    const imported = await publish(emailThenPhone({}))
    const english = await openIn(t, 'en-US', imported.publicId)
    await english.waitForBubble('Email?')
    await english.page.getByRole('textbox', { name: 'Type your email...' }).waitFor()
    assert.equal(await english.page.locator('.p-input button[type=submit]').textContent(), 'Send')
    await english.answer('ada@example')
    await english.waitForBubble("This email doesn't seem to be valid. Can you type it again?")

    const french = await openIn(t, 'fr-FR', imported.publicId)
    await french.waitForBubble('Email?')
    await french.page.getByRole('textbox', { name: 'Saisissez votre e-mail...' }).waitFor()
    assert.equal(await french.page.locator('.p-input button[type=submit]').textContent(), 'Envoyer')
    await french.answer('ada@example')
    await french.waitForBubble("This email doesn't seem to be valid. Can you type it again?")
  })
})
