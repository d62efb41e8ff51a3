// Typebot's real embed client (0.10.7 and 0.3.92) in headless Chromium against a real Parley server, on a website
// of another origin: conversations, themes, conditions, linked bots, a real template, remember-user and preview.
// The two clients run side by side (most of the time goes to the clients' own bubble animations).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { clients, useEmbedEnvironment } from '../support/browser.js'
import { bot, edge, say } from '../support/engine.js'
import { fixtureTests, loadFixture } from '../support/fixtures.js'
import { importAndPublish, importBot } from '../support/seed.js'

/** Bubbles show at once: the client's typing emulation would only slow the tests down. */
const fast = { typingEmulation: { enabled: false } }

const textInput = (id: string, variableId: string) => ({ id, type: 'text input', options: { variableId } })
const buttons = (id: string, variableId: string, labels: string[]) => ({
  id,
  type: 'choice input',
  options: { variableId },
  items: labels.map((content, i) => ({ id: `${id}-${i}`, content })),
})

describe('Typebot embed client in Chromium: conversations', { concurrency: true }, () => {
  const env = useEmbedEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  const withFixtures = fixtureTests('the embed clients on a Typebot template')

  for (const client of clients) {
    describe(`@typebot.io/js ${client.version}`, { concurrency: 1 }, () => {
      test('text, buttons and email; a refused email gets the retry message; the answers are stored', async (t) => {
        const doc = bot(
          [
            [
              'g',
              [
                say('hi', 'Welcome! What is your name?'),
                textInput('name', 'vName'),
                say('drink', 'Nice to meet you {{Name}}. Coffee or tea?'),
                buttons('pick', 'vDrink', ['Coffee', 'Tea']),
                say('ask-email', 'Your email, please?'),
                { id: 'email', type: 'email input', options: { variableId: 'vEmail', retryMessageContent: 'That email looks wrong, try again.' } },
                say('bye', '{{Drink}} it is, {{Name}}: we write to {{Email}}.'),
              ],
            ],
          ],
          {
            variables: [
              { id: 'vName', name: 'Name' },
              { id: 'vDrink', name: 'Drink' },
              { id: 'vEmail', name: 'Email' },
            ],
            settings: fast,
          },
        )
        const imported = await publish(doc)
        const chat = await env.open(t, client, imported.publicId)
        await chat.waitForBubble('Welcome! What is your name?')
        await chat.answer('Ada')
        await chat.waitForBubble('Nice to meet you Ada. Coffee or tea?')
        await chat.click('Tea')
        await chat.waitForBubble('Your email, please?')
        // The browser's own check (type=email) lets this one through; the server refuses it (no top-level domain).
        await chat.answer('ada@example')
        await chat.waitForBubble('That email looks wrong, try again.')
        await chat.answer('ada@example.com')
        await chat.waitForBubble('Tea it is, Ada: we write to ada@example.com.')
        assert.deepEqual(await chat.hostBubbles(), [
          'Welcome! What is your name?',
          'Nice to meet you Ada. Coffee or tea?',
          'Your email, please?',
          'That email looks wrong, try again.',
          'Tea it is, Ada: we write to ada@example.com.',
        ])
        assert.deepEqual(await chat.guestBubbles(), ['Ada', 'Tea', 'ada@example', 'ada@example.com'])

        const [result] = await env.results(imported.id)
        assert.deepEqual(
          result.answers.map((a: any) => a.content),
          ['Ada', 'Tea', 'ada@example.com'],
        )
        assert.equal(result.isCompleted, true)
      })

      test('a theme (font, colours), a Condition and a Typebot link to another bot of the workspace', async (t) => {
        const linked = await publish(
          bot([['l', [say('l-hi', 'Hello from the linked bot. Your city?'), textInput('city', 'vCity'), say('l-bye', 'Noted: {{City}}.')]]], {
            variables: [{ id: 'vCity', name: 'City' }],
            settings: fast,
          }),
        )
        const doc = bot(
          [
            ['g', [say('hi', 'Coffee or tea?'), buttons('pick', 'vDrink', ['Coffee', 'Tea'])]],
            [
              'check',
              [
                {
                  id: 'cond',
                  type: 'Condition',
                  outgoingEdgeId: 'e-coffee',
                  items: [
                    {
                      id: 'is-tea',
                      outgoingEdgeId: 'e-tea',
                      content: { comparisons: [{ id: 'c1', variableId: 'vDrink', comparisonOperator: 'Equal to', value: 'Tea' }] },
                    },
                  ],
                },
              ],
            ],
            [
              'tea',
              [
                say('tea', 'Tea lovers go on elsewhere.'),
                { id: 'link', type: 'Typebot link', options: { typebotId: linked.id } },
                say('back', 'Back in the first bot.'),
              ],
            ],
            ['coffee', [say('coffee', 'Coffee it is.')]],
          ],
          {
            edges: [
              edge('e-picked', { blockId: 'pick' }, 'check'),
              edge('e-tea', { blockId: 'cond', itemId: 'is-tea' }, 'tea'),
              edge('e-coffee', { blockId: 'cond' }, 'coffee'),
            ],
            variables: [{ id: 'vDrink', name: 'Drink' }],
            settings: fast,
            theme: {
              general: { font: { type: 'Google', family: 'Lato' }, background: { type: 'Color', content: '#102030' } },
              chat: { hostBubbles: { backgroundColor: '#123456', color: '#FEDCBA' }, buttons: { backgroundColor: '#00AA55' } },
            },
          },
        )
        doc.groups[0].blocks[1].outgoingEdgeId = 'e-picked'
        const imported = await publish(doc)
        const chat = await env.open(t, client, imported.publicId)
        const bubble = await chat.waitForBubble('Coffee or tea?')
        // The theme reaches the client: its CSS variables, and what they paint.
        const container = chat.root.locator('typebot-standard .typebot-container')
        const cssVariable = (name: string) => container.evaluate((el: any, n) => el.style.getPropertyValue(n).trim(), name)
        assert.equal(await cssVariable('--typebot-host-bubble-bg-rgb'), '18, 52, 86')
        assert.equal(await cssVariable('--typebot-container-font-family'), 'Lato')
        assert.equal(await cssVariable('--typebot-button-bg-rgb'), '0, 170, 85')
        const colour = await bubble
          .locator('.typebot-host-bubble, .bubble-typing')
          .first()
          .evaluate((el: any) => el.ownerDocument.defaultView.getComputedStyle(el).backgroundColor)
        assert.equal(colour, 'rgb(18, 52, 86)')

        await chat.click('Tea')
        await chat.waitForBubble('Hello from the linked bot. Your city?')
        await chat.answer('Lyon')
        await chat.waitForBubble('Back in the first bot.')
        assert.deepEqual(await chat.hostBubbles(), [
          'Coffee or tea?',
          'Tea lovers go on elsewhere.',
          'Hello from the linked bot. Your city?',
          'Noted: Lyon.',
          'Back in the first bot.',
        ])
      })

      withFixtures('a real template export (lead-gen.json) from welcome to goodbye', async (t) => {
        const template = loadFixture('templates/lead-gen.json')
        template.settings.typingEmulation = fast.typingEmulation
        const imported = await publish(template)
        const chat = await env.open(t, client, imported.publicId)
        await chat.waitForBubble('Welcome to AA (Awesome Agency)')
        await chat.click('Hi!')
        await chat.waitForBubble("What's your name?")
        await chat.answer('Ada')
        await chat.waitForBubble('Nice to meet you Ada')
        await chat.answer('ada@example.com')
        await chat.waitForBubble('What services are you interested in?')
        await chat.click('Website dev')
        await chat.click('Social Media')
        await chat.click('Send')
        await chat.waitForBubble('Can you tell me a bit more about your needs?')
        await chat.answer('A new website.')
        await chat.waitForBubble("We'll get back to you at ada@example.com")
        const [result] = await env.results(imported.id)
        assert.deepEqual(
          result.answers.map((a: any) => a.content),
          ['Hi!', 'Ada', 'ada@example.com', 'Website dev, Social Media', 'A new website.'],
        )
      })

      test('remember-user (local storage): after a reload the conversation is restored and goes on in the same session', async (t) => {
        const doc = bot(
          [
            [
              'g',
              [
                say('q1', 'First question?'),
                textInput('a1', 'vOne'),
                say('q2', 'Second question?'),
                textInput('a2', 'vTwo'),
                say('end', 'Got {{One}} and {{Two}}.'),
              ],
            ],
          ],
          {
            variables: [
              { id: 'vOne', name: 'One' },
              { id: 'vTwo', name: 'Two' },
            ],
            settings: { ...fast, general: { rememberUser: { isEnabled: true, storage: 'local' } } },
          },
        )
        const imported = await publish(doc)
        const chat = await env.open(t, client, imported.publicId)
        const sessions: string[] = []
        chat.page.on('request', (req) => {
          const continued = /\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url())
          if (continued) sessions.push(continued[1])
        })
        await chat.waitForBubble('First question?')
        await chat.answer('one')
        await chat.waitForBubble('Second question?')

        await chat.page.reload()
        await chat.waitForBubble('Second question?')
        assert.deepEqual(await chat.hostBubbles(), ['First question?', 'Second question?'])
        assert.deepEqual(await chat.guestBubbles(), ['one'])
        await chat.answer('two')
        await chat.waitForBubble('Got one and two.')
        assert.equal(sessions.length, 2)
        assert.equal(sessions[1], sessions[0], 'the restored chat continues the session it had')
        const stored = await env.results(imported.id)
        assert.equal(stored.length, 1)
        assert.deepEqual(
          stored[0].answers.map((a: any) => a.content),
          ['one', 'two'],
        )
      })

      test('preview of a bot object, authenticated as the builder does', async (t) => {
        const draft = await importBot(
          env.server,
          env.owner.token,
          env.owner.workspaceId,
          bot([['g', [say('hi', 'Saved draft.'), textInput('ask', 'vName'), say('bye', 'Bye {{Name}}.')]]], {
            variables: [{ id: 'vName', name: 'Name' }],
            settings: fast,
          }),
        )
        // The builder's unsaved state: the same bot with its first bubble changed.
        const edited = structuredClone(draft)
        edited.groups[0].blocks[0].content.richText[0].children[0].text = 'Unsaved change. Your name?'
        const chat = await env.open(t, client, edited, { token: env.owner.token })
        await chat.waitForBubble('Unsaved change. Your name?')
        await chat.answer('Ada')
        await chat.waitForBubble('Bye Ada.')
        assert.deepEqual(await env.results(draft.id), [], 'a preview stores no result')
      })
    })
  }
})
