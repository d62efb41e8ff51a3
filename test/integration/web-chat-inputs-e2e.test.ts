// Every input kind end to end: one published bot asks in turn for a number, an email, a URL, a phone number, a
// date, a date range, a time, a picture, a rating, a file and a card, through Parley's web chat widget in
// Chromium against a real Parley server, driven as a visitor would (keyboard where natural). The server's
// formatted answers come back in the next bubbles; the owner's results API holds them; the payment step that
// follows shows that payments cannot be made here. A second bot covers refusals and the kinds' other forms.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bot, edge, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

const fast = { typingEmulation: { enabled: false } }
const gif = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'
const pdf = Buffer.from('%PDF-1.4\n% an invoice\n%%EOF\n')

const names = ['Count', 'Email', 'Site', 'Phone', 'Day', 'Stay', 'Hour', 'Place', 'Score', 'Invoice', 'Plan']
const variables = names.map((name) => ({ id: `v${name}`, name }))
const input = (type: string, name: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: `in-${name}`,
  type,
  options: { variableId: `v${name}`, ...options },
  ...extra,
})

const inputsBot = bot(
  [
    [
      'ask',
      [
        say('q-count', 'How many seats?'),
        input('number input', 'Count', { min: 1, max: 50 }),
        say('q-email', 'Your email?'),
        input('email input', 'Email'),
        say('q-site', 'Your website?'),
        input('url input', 'Site'),
        say('q-phone', 'Your phone?'),
        input('phone number input', 'Phone', { defaultCountryCode: 'FR' }),
        say('q-day', 'Got {{Phone}}. Which day?'),
        input('date input', 'Day', { format: 'd MMMM yyyy' }),
        say('q-stay', 'Arrival and departure?'),
        input('date input', 'Stay', { isRange: true, labels: { from: 'Arrival', to: 'Departure', button: 'Book' } }),
        say('q-hour', 'At what time?'),
        input('time input', 'Hour', { format: 'h:mm a' }),
        say('q-place', 'Where to?'),
        input(
          'picture choice input',
          'Place',
          {},
          {
            items: [
              { id: 'pic-m', pictureSrc: gif, title: 'Mountains', description: 'Cold and high' },
              { id: 'pic-s', pictureSrc: gif, title: 'Sea', value: 'beach' },
            ],
          },
        ),
        say('q-score', 'How likely are you to recommend us?'),
        input('rating input', 'Score', { labels: { left: 'Not likely', right: 'Very likely' } }),
        say('q-invoice', 'Attach your last invoice.'),
        input('file input', 'Invoice'),
        say('q-plan', 'Pick a plan.'),
        input(
          'cards',
          'Plan',
          {},
          {
            items: [
              { id: 'card-1', title: 'Starter', description: 'For one person', paths: [{ id: 'path-1', text: 'Pick Starter' }] },
              {
                id: 'card-2',
                title: 'Team',
                description: 'Up to ten people',
                paths: [
                  { id: 'path-2', text: 'Pick Team', outgoingEdgeId: 'e-team' },
                  { id: 'path-3', text: 'Ask sales' },
                ],
              },
            ],
          },
        ),
      ],
    ],
    [
      'pay',
      [
        say('summary', 'Summary: {{Count}} | {{Email}} | {{Site}} | {{Day}} | {{Stay}} | {{Hour}} | {{Place}} | {{Score}} | {{Plan}}'),
        { id: 'in-pay', type: 'payment input', options: { amount: '30.50', currency: 'USD' } },
      ],
    ],
  ],
  { variables, settings: fast, edges: [edge('e-team', { blockId: 'in-Plan', itemId: 'card-2', pathId: 'path-2' }, 'pay')] },
)

// The variants: answers the server refuses (its retry message, then a good answer), a date range with times,
// several pictures and an icon rating by keyboard, an optional upload skipped, cards built from a list variable.
const variantsBot = bot(
  [
    [
      'ask',
      [
        say('q-count', 'How many seats (1 to 50)?'),
        input('number input', 'Count', { min: 1, max: 50 }),
        say('q-site', 'Your website?'),
        input('url input', 'Site', { retryMessageContent: 'That is not a web address.' }),
        say('q-phone', 'Your phone?'),
        input('phone number input', 'Phone', { defaultCountryCode: 'US', retryMessageContent: 'That number looks wrong.' }),
        say('q-stay', 'When exactly?'),
        input('date input', 'Stay', { isRange: true, hasTime: true, labels: { button: 'Book' } }),
        say('q-place', 'Which places?'),
        input(
          'picture choice input',
          'Place',
          { isMultipleChoice: true, buttonLabel: 'Done' },
          {
            items: [
              { id: 'pic-m', pictureSrc: gif, title: 'Mountains' },
              { id: 'pic-s', pictureSrc: gif, title: 'Sea', value: 'beach' },
              { id: 'pic-c', pictureSrc: gif, title: 'City' },
            ],
          },
        ),
        say('q-score', 'Stars?'),
        input('rating input', 'Score', { buttonType: 'Icons', length: 5, isOneClickSubmitEnabled: true }),
        say('q-invoice', 'An invoice, if you have one.'),
        input('file input', 'Invoice', { isRequired: false }),
        say('q-plan', 'Pick a plan.'),
        input(
          'cards',
          'Plan',
          { saveResponseMapping: [{ field: 'Button', variableId: 'vButton' }] },
          { items: [{ id: 'card', title: '{{Plans}}', paths: [{ id: 'path', text: 'Choose', outgoingEdgeId: 'e-plan' }] }] },
        ),
      ],
    ],
    ['end', [say('summary', 'Summary: {{Count}} | {{Site}} | {{Phone}} | {{Stay}} | {{Place}} | {{Score}} | {{Plan}} by {{Button}}')]],
  ],
  {
    variables: [...variables, { id: 'vButton', name: 'Button' }, { id: 'vPlans', name: 'Plans', value: ['Basic', 'Pro', 'Team'] }],
    settings: fast,
    edges: [edge('e-plan', { blockId: 'in-Plan', itemId: 'card', pathId: 'path' }, 'end')],
  },
)

describe('Parley web chat widget: every input kind against a real server', { concurrency: true }, () => {
  const env = useWebChatEnvironment()

  test('number, email, URL, phone, dates, time, picture, rating, file and cards answered in the widget and stored', async (t) => {
    const imported = await importAndPublish(env.server, env.owner.token, env.owner.workspaceId, inputsBot)
    const chat = await env.open(
      t,
      sitePage(`<parley-standard bot="${imported.publicId}" api-host="${env.server.url}" style="height:640px"></parley-standard>`),
    )
    const { page } = chat
    const keys = (text: string) => page.keyboard.type(text)

    await chat.waitForBubble('How many seats?')
    // The number field has the focus: typed and sent with Enter.
    await keys('12')
    await page.keyboard.press('Enter')
    await chat.waitForBubble('Your email?')
    await keys('Ada@Example.com')
    await page.keyboard.press('Enter')
    await chat.waitForBubble('Your website?')
    await keys('parley.dev')
    await page.keyboard.press('Enter')

    await chat.waitForBubble('Your phone?')
    const country = page.getByRole('combobox', { name: 'Country' })
    assert.equal(await country.inputValue(), 'FR', "the block's default country")
    // Keyboard: from the number field back to the picker, a country chosen, forward to the number.
    await page.keyboard.press('Shift+Tab')
    await country.selectOption('GB')
    await page.keyboard.press('Tab')
    await keys('07911 123456')
    await page.keyboard.press('Enter')
    // The server keeps the number in E.164 form (the trunk zero dropped).
    await chat.waitForBubble('Got +447911123456. Which day?')

    await page.getByLabel('Date', { exact: true }).fill('2025-06-10')
    await page.keyboard.press('Enter')
    await chat.waitForBubble('Arrival and departure?')
    await page.getByLabel('Arrival').fill('2025-07-01')
    await page.getByLabel('Departure').fill('2025-07-08')
    await page.getByRole('button', { name: 'Book' }).click()
    await chat.waitForBubble('At what time?')
    await page.getByLabel('Time').fill('14:30')
    await page.keyboard.press('Enter')

    await chat.waitForBubble('Where to?')
    await page.getByRole('button', { name: 'Sea' }).click()
    await chat.waitForBubble('How likely are you to recommend us?')
    await page.getByRole('button', { name: '9', exact: true }).click()
    await page.getByRole('button', { name: 'Send' }).click()

    await chat.waitForBubble('Attach your last invoice.')
    await page.locator('.p-input input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf })
    await chat.waitForBubble('Pick a plan.')
    await page.getByRole('button', { name: 'Pick Team' }).click()

    const summary = await chat.waitForBubble('Summary:')
    assert.equal(
      await summary.textContent(),
      'Summary: 12 | ada@example.com | parley.dev | 10 June 2025 | 01/07/2025 to 08/07/2025 | 2:30 PM | beach | 9 | Team',
    )
    await page.getByRole('status').getByText('Payments are not supported in this chat yet.').waitFor()
    // The log scrolls smoothly to the payment step: the screenshot waits for the end.
    await page.waitForFunction(() => {
      const log = (globalThis as any).document.querySelector('parley-standard').shadowRoot.querySelector('.p-log')
      return log.scrollTop + log.clientHeight >= log.scrollHeight - 1
    })
    await chat.screenshot('inputs-e2e')

    assert.deepEqual(await chat.guestBubbles(), [
      '12',
      'ada@example.com',
      'parley.dev',
      '+447911123456',
      '10 June 2025',
      '01/07/2025 to 08/07/2025',
      '2:30 PM',
      'Sea',
      '9',
      'File uploaded',
      'Pick Team',
    ])

    const res = await env.server.call('GET', `/v1/bots/${imported.id}/results`, { token: env.owner.token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const [result] = res.body.results
    assert.deepEqual(
      result.answers.map((a: any) => a.blockId),
      names.map((name) => `in-${name}`),
    )
    const answers = result.answers.map((a: any) => a.content)
    const fileUrl = answers[9]
    assert.match(fileUrl, /^http:\/\/.+invoice\.pdf$/)
    assert.deepEqual(answers, [
      '12',
      'ada@example.com',
      'parley.dev',
      '+447911123456',
      '10 June 2025',
      '01/07/2025 to 08/07/2025',
      '2:30 PM',
      'beach',
      '9',
      fileUrl,
      'Team',
    ])
    assert.deepEqual(result.answers[9].attachedFileUrls, [fileUrl])
    const values = Object.fromEntries(result.variables.map((v: any) => [v.name, v.value]))
    assert.deepEqual(
      names.map((name) => values[name]),
      answers,
    )
    assert.equal(result.isCompleted, false, 'the chat waits on its payment step')
    const served = await fetch(fileUrl)
    assert.equal(Buffer.from(await served.arrayBuffer()).equals(pdf), true, 'the uploaded file is served back')
    // Without Stripe credentials the payment form cannot be prepared: the owner reads why in the result's logs.
    const logs = await env.server.call('GET', `/v1/bots/${imported.id}/results/${result.id}/logs`, { token: env.owner.token })
    assert.ok(
      logs.body.logs.some((l: any) => l.description === 'Payment is not available: the payment form could not be prepared.'),
      JSON.stringify(logs.body),
    )
  })

  test('refused answers retried, a range with times, several pictures, icons by keyboard, a skipped upload, dynamic cards', async (t) => {
    const imported = await importAndPublish(env.server, env.owner.token, env.owner.workspaceId, variantsBot)
    const chat = await env.open(
      t,
      sitePage(`<parley-standard bot="${imported.publicId}" api-host="${env.server.url}" style="height:640px"></parley-standard>`),
    )
    const { page } = chat

    await chat.waitForBubble('How many seats (1 to 50)?')
    await chat.answer('99')
    // A number block has no retry text of its own (as in Typebot): the server's general one.
    await chat.waitForBubble('Invalid message. Please, try again.')
    await chat.answer('7')
    await chat.waitForBubble('Your website?')
    await chat.answer('not a site')
    await chat.waitForBubble('That is not a web address.')
    await chat.answer('https://parley.dev/docs')
    await chat.waitForBubble('Your phone?')
    await chat.answer('12')
    await chat.waitForBubble('That number looks wrong.')
    await chat.answer('202 555 0123')

    await chat.waitForBubble('When exactly?')
    await page.getByLabel('From:').fill('2025-07-01T09:30')
    await page.getByLabel('To:').fill('2025-07-03T18:00')
    await page.getByRole('button', { name: 'Book' }).click()

    // Several pictures by keyboard: Space toggles each, the send button closes the row.
    await chat.waitForBubble('Which places?')
    await page.getByRole('button', { name: 'Mountains' }).focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await page.getByRole('button', { name: 'Done' }).focus()
    await page.keyboard.press('Enter')

    await chat.waitForBubble('Stars?')
    await page.getByRole('button', { name: '1 of 5' }).focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')

    await chat.waitForBubble('An invoice, if you have one.')
    await page.getByRole('button', { name: 'Skip' }).click()

    // One card per entry of the list variable, each with its own button.
    await chat.waitForBubble('Pick a plan.')
    const cards = page.locator('.p-card')
    assert.deepEqual(await cards.locator('.p-card-title').allTextContents(), ['Basic', 'Pro', 'Team'])
    await cards.nth(1).getByRole('button', { name: 'Choose' }).click()

    const summary = await chat.waitForBubble('Summary:')
    assert.equal(
      await summary.textContent(),
      'Summary: 7 | https://parley.dev/docs | +12025550123 | 01/07/2025 09:30 to 03/07/2025 18:00 | Mountains, City | 4 | Pro by Choose',
    )
    assert.deepEqual(await chat.guestBubbles(), [
      '99',
      '7',
      'not a site',
      'https://parley.dev/docs',
      '+1 12',
      '+12025550123',
      '01/07/2025 09:30 to 03/07/2025 18:00',
      'Mountains, City',
      '4',
      'Skip',
      'Choose',
    ])
    await chat.screenshot('inputs-e2e-variants')

    const res = await env.server.call('GET', `/v1/bots/${imported.id}/results`, { token: env.owner.token })
    const [result] = res.body.results
    assert.deepEqual(
      result.answers.map((a: any) => [a.blockId, a.content]),
      [
        ['in-Count', '7'],
        ['in-Site', 'https://parley.dev/docs'],
        ['in-Phone', '+12025550123'],
        ['in-Stay', '01/07/2025 09:30 to 03/07/2025 18:00'],
        ['in-Place', 'Mountains, City'],
        ['in-Score', '4'],
        ['in-Plan', 'Pro'],
      ],
    )
    assert.equal(result.isCompleted, true)
  })
})
