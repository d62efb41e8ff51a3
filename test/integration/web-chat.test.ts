// Parley's web chat widget (web/chat) in headless Chromium against a real Parley server, embedded in a website of
// another origin: conversations, a refused answer, network errors, theme, typing emulation, client-side actions,
// remember-user, keyboard-only use at 320 px, and the popup and bubble modes.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bot, edge, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

// Callbacks given to page.evaluate run in the browser; this file compiles without the DOM types.
declare const document: any, getComputedStyle: any, localStorage: any

const fast = { typingEmulation: { enabled: false } }
const textInput = (id: string, variableId: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'text input',
  options: { variableId, ...extra },
})
const buttons = (id: string, variableId: string, labels: string[], options: Record<string, unknown> = {}) => ({
  id,
  type: 'choice input',
  options: { variableId, ...options },
  items: labels.map((content, i) => ({ id: `${id}-${i}`, content })),
})
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

describe('Parley web chat widget in Chromium', { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  const inline = (publicId: string, attrs = '') =>
    sitePage(`<parley-standard bot="${publicId}" api-host="${env.server.url}" style="height:560px" ${attrs}></parley-standard>`)

  test('text, buttons and a refused email then retried; the callbacks fire; the answers are stored', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Welcome! What is your name?'),
              textInput('name', 'vName', { labels: { placeholder: 'Your name', button: 'Go' } }),
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
      ),
    )
    const chat = await env.open(
      t,
      sitePage(`<div id="chat" style="height:560px"></div>
<script>window.events = []; Parley.initStandard({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)}, element: document.getElementById('chat'),
  onAnswer: (a) => events.push('answer:' + a.message), onNewInputBlock: (i) => events.push('input:' + i.type), onEnd: () => events.push('end') })</script>`),
    )
    await chat.waitForBubble('Welcome! What is your name?')
    assert.equal(await chat.page.getByRole('textbox', { name: 'Your name' }).count(), 1)
    await chat.answer('Ada')
    await chat.waitForBubble('Nice to meet you Ada. Coffee or tea?')
    await chat.click('Tea')
    await chat.waitForBubble('Your email, please?')
    await chat.answer('ada@example')
    await chat.waitForBubble('That email looks wrong, try again.')
    // The server saves the address in lower case and says so (lastMessageNewFormat): the bubble shows it that way.
    await chat.answer('Ada@Example.com')
    await chat.waitForBubble('Tea it is, Ada: we write to ada@example.com.')
    await chat.page.getByRole('button', { name: 'Restart' }).waitFor()
    assert.deepEqual(await chat.hostBubbles(), [
      'Welcome! What is your name?',
      'Nice to meet you Ada. Coffee or tea?',
      'Your email, please?',
      'That email looks wrong, try again.',
      'Tea it is, Ada: we write to ada@example.com.',
    ])
    assert.deepEqual(await chat.guestBubbles(), ['Ada', 'Tea', 'ada@example', 'ada@example.com'])
    assert.deepEqual(await chat.page.evaluate(() => (globalThis as any).events), [
      'input:text input',
      'answer:Ada',
      'input:choice input',
      'answer:Tea',
      'input:email input',
      'answer:ada@example',
      'input:email input',
      'answer:Ada@Example.com',
      'end',
    ])
    await chat.screenshot('conversation')
    assert.equal(await chat.page.locator('head link').count(), 0, 'no font is loaded when the theme names none')
    const res = await env.server.call('GET', `/v1/bots/${imported.id}/results`, { token: env.owner.token })
    assert.deepEqual(
      res.body.results[0].answers.map((a: any) => a.content),
      ['Ada', 'Tea', 'ada@example.com'],
    )
    // Restart: a new chat from the start.
    await chat.page.getByRole('button', { name: 'Restart' }).click()
    await chat.page.getByRole('textbox', { name: 'Your name' }).waitFor()
    assert.deepEqual(await chat.hostBubbles(), ['Welcome! What is your name?'])
    assert.deepEqual(await chat.guestBubbles(), [])
  })
  test('rich text (marks, safe links, lists), image with link, videos, audio, and an embed that waits for its event', async (t) => {
    const embedPage = env.site.page(
      `<!doctype html><title>Booking</title><p>Booking widget</p><script>parent.postMessage({ name: 'booked', data: { slot: '10:00' } }, '*')</script>`,
    )
    const rich = {
      id: 'rich',
      type: 'text',
      content: {
        richText: [
          {
            type: 'p',
            children: [
              { text: 'Bold', bold: true },
              { text: ', ' },
              { text: 'italic', italic: true },
              { text: ', ' },
              { text: 'underlined', underline: true },
              { text: ', ' },
              { type: 'a', url: 'https://example.com/docs', children: [{ text: 'the docs' }] },
              { text: ' and ' },
              { type: 'a', url: 'javascript:alert(1)', children: [{ text: 'not a link' }] },
            ],
          },
          {
            type: 'ul',
            children: [
              { type: 'li', children: [{ type: 'lic', children: [{ text: 'first' }] }] },
              { type: 'li', children: [{ type: 'lic', children: [{ text: 'second' }] }] },
            ],
          },
        ],
      },
    }
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              rich,
              {
                id: 'img',
                type: 'image',
                content: { url: 'https://example.com/cat.png', clickLink: { url: 'https://example.com/cats', alt: 'A cat' } },
              },
              { id: 'yt', type: 'video', content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
              { id: 'file', type: 'video', content: { url: 'https://example.com/clip.mp4' } },
              { id: 'sound', type: 'audio', content: { url: 'https://example.com/hello.mp3' } },
              {
                id: 'embed',
                type: 'embed',
                content: { url: embedPage, height: 180, waitForEvent: { isEnabled: true, name: 'booked', saveDataInVariableId: 'vBooked' } },
              },
              say('after', 'Booked: {{Booked}}'),
            ],
          ],
        ],
        { variables: [{ id: 'vBooked', name: 'Booked' }], settings: fast },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.waitForBubble(/Booked: .*10:00/)
    const bubble = chat.page.locator('.p-host-bubble').first()
    assert.equal(await bubble.locator('strong').textContent(), 'Bold')
    assert.equal(await bubble.locator('em').textContent(), 'italic')
    assert.equal(await bubble.locator('u').textContent(), 'underlined')
    const links = bubble.locator('a')
    assert.equal(await links.count(), 1)
    assert.deepEqual([await links.getAttribute('href'), await links.getAttribute('rel')], ['https://example.com/docs', 'noopener noreferrer'])
    assert.deepEqual(await bubble.locator('ul li').allTextContents(), ['first', 'second'])
    const image = chat.page.locator('.p-host-bubble a:has(img)')
    assert.equal(await image.getAttribute('href'), 'https://example.com/cats')
    assert.equal(await image.locator('img').getAttribute('alt'), 'A cat')
    assert.equal(await chat.page.locator('iframe.p-video').getAttribute('src'), 'https://www.youtube.com/embed/dQw4w9WgXcQ')
    assert.equal(await chat.page.locator('video.p-video').getAttribute('src'), 'https://example.com/clip.mp4')
    assert.equal(await chat.page.locator('audio').getAttribute('autoplay'), null)
    const embed = chat.page.locator('iframe.p-embed')
    assert.equal(await embed.getAttribute('src'), embedPage)
    assert.equal(await embed.evaluate((el) => getComputedStyle(el).height), '180px')
    await chat.screenshot('media')
  })

  test('a network error shows a clear message and Retry, which sends the answer again', async (t) => {
    const imported = await publish(
      bot([['g', [say('hi', 'Your name?'), textInput('name', 'vName'), say('bye', 'Thanks {{Name}}.')]]], {
        variables: [{ id: 'vName', name: 'Name' }],
        settings: fast,
      }),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.waitForBubble('Your name?')
    // The first answer never reaches the server (the connection fails); the retry goes through.
    let refused = 0
    await chat.page.route('**/continueChat', (route) => (refused++ === 0 ? route.abort('connectionrefused') : route.continue()))
    await chat.answer('Ada')
    const alert = chat.page.getByRole('alert')
    await alert.getByText('Could not reach the server. Check your connection.').waitFor()
    await chat.screenshot('network-error')
    await alert.getByRole('button', { name: 'Retry' }).click()
    await chat.waitForBubble('Thanks Ada.')
    assert.equal(await alert.count(), 0)
    assert.deepEqual(await chat.guestBubbles(), ['Ada'])
  })

  test('the theme becomes computed styles: colours, font, roundness, avatar, progress bar and custom CSS', async (t) => {
    const theme = {
      general: { font: 'Lato', background: { type: 'Color', content: '#FDF6E3' }, progressBar: { isEnabled: true, color: '#FF0000', thickness: 6 } },
      chat: {
        hostAvatar: { isEnabled: true, url: 'https://example.com/bot.png' },
        hostBubbles: { backgroundColor: '#101820', color: '#F2AA4C' },
        guestBubbles: { backgroundColor: '#2F4F4F', color: '#FFFFFF' },
        buttons: { backgroundColor: '#8B0000', color: '#FFFAF0' },
        roundness: 'large',
      },
      customCss: '.p-host-bubble { letter-spacing: 2px; }',
    }
    const imported = await publish(
      bot([['g', [say('hi', 'Styled hello. Pick one.'), buttons('pick', 'vPick', ['One', 'Two']), say('bye', 'Done.')]]], {
        variables: [{ id: 'vPick', name: 'Pick' }],
        settings: fast,
        theme,
      }),
    )
    const chat = await env.open(t, inline(imported.publicId))
    const host = await chat.waitForBubble('Styled hello')
    const style = (locator: typeof host, ...props: string[]) =>
      locator.evaluate((el, props) => {
        const s = getComputedStyle(el)
        return props.map((p) => s.getPropertyValue(p))
      }, props)
    assert.deepEqual(await style(host, 'background-color', 'color', 'border-top-left-radius', 'letter-spacing'), [
      'rgb(16, 24, 32)',
      'rgb(242, 170, 76)',
      '20px',
      '2px',
    ])
    assert.match((await style(host, 'font-family'))[0]!, /^"?Lato"?,/)
    // The font the theme names is loaded from Google Fonts (the only outside request the widget makes, and only then).
    assert.equal(await chat.page.locator('head link[href^="https://fonts.googleapis.com/css2?family=Lato"]').count(), 1)
    // Without a reduced-motion preference, bubbles slide in.
    assert.deepEqual(await style(chat.page.locator('.p-row').first(), 'animation-name'), ['p-in'])
    const button = chat.page.locator('.p-input .p-button', { hasText: 'One' })
    assert.deepEqual(await style(button, 'background-color', 'color'), ['rgb(139, 0, 0)', 'rgb(255, 250, 240)'])
    assert.deepEqual(await style(chat.page.locator('.p-chat'), 'background-color'), ['rgb(253, 246, 227)'])
    assert.equal(await chat.page.locator('.p-host img.p-avatar').first().getAttribute('src'), 'https://example.com/bot.png')
    await chat.click('One')
    await chat.waitForBubble('Done.')
    const guest = chat.page.locator('.p-guest-bubble').last()
    assert.deepEqual(await style(guest, 'background-color', 'color'), ['rgb(47, 79, 79)', 'rgb(255, 255, 255)'])
    const bar = chat.page.getByRole('progressbar')
    assert.equal(await bar.getAttribute('aria-valuenow'), '100')
    assert.deepEqual(await style(bar.locator('div'), 'background-color'), ['rgb(255, 0, 0)'])
    assert.deepEqual(await style(bar, 'height'), ['6px'])
    await chat.screenshot('theme')
  })

  test('typing emulation: no delay on the first message, then a typing indicator for the time the words take', async (t) => {
    const words = 'this second message has exactly eight words here'
    const imported = await publish(
      bot([['g', [say('one', 'Hello.'), say('two', words), textInput('name', 'vName')]]], {
        variables: [{ id: 'vName', name: 'Name' }],
        // 60 words a minute: 8 words would take 8 s, capped at 2 s (the default speed would give 1.2 s, the default cap 3 s).
        settings: { typingEmulation: { enabled: true, speed: 60, maxDelay: 2, isDisabledOnFirstMessage: true } },
      }),
    )
    // Timed in the page (the machine may be slow to poll): every bubble and typing indicator the widget adds.
    const context = await env.context(t)
    await context.addInitScript(() => {
      const seen: [string, number][] = ((globalThis as any).seen = [])
      const attach = (globalThis as any).Element.prototype.attachShadow
      ;(globalThis as any).Element.prototype.attachShadow = function (this: any, init: unknown) {
        const root = attach.call(this, init)
        ;new (globalThis as any).MutationObserver((records: any[]) => {
          for (const r of records)
            for (const n of r.addedNodes) {
              const el = n.nodeType === 1 ? n.querySelector?.('.p-host-bubble') : null
              if (el) seen.push([el.classList.contains('p-typing') ? 'typing' : el.textContent, performance.now()])
            }
        }).observe(root, { childList: true, subtree: true })
        return root
      }
    })
    const chat = await env.openIn(context, env.site.page(inline(imported.publicId)))
    await chat.waitForBubble(words)
    const seen: [string, number][] = await chat.page.evaluate(() => (globalThis as any).seen)
    assert.deepEqual(
      seen.map(([what]) => what),
      ['Hello.', 'typing', words],
    )
    const waited = seen[2]![1] - seen[0]![1]
    // Not before its typing delay (a busy machine only makes it later, so there is no upper bound).
    assert.ok(waited >= 1800, `the second bubble came ${waited} ms after the first`)
    assert.equal(await chat.page.getByRole('status', { name: 'The bot is typing' }).count(), 0)
  })

  test('a script action runs on the page with the variables, then a redirect navigates', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Your name?'),
              textInput('name', 'vName'),
              { id: 'code', type: 'Code', options: { name: 'Mark', content: "localStorage.setItem('scripted', 'Hello ' + {{Name}})" } },
              say('going', 'Taking you there.'),
              { id: 'go', type: 'Redirect', options: { url: '{{Site}}/landed?name={{Name}}', isNewTab: false } },
            ],
          ],
        ],
        {
          variables: [
            { id: 'vName', name: 'Name' },
            { id: 'vSite', name: 'Site' },
          ],
          settings: fast,
        },
      ),
    )
    const chat = await env.open(
      t,
      sitePage(`<parley-standard style="height:560px"></parley-standard>
<script>Parley.initStandard({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)}, prefilledVariables: { Site: ${json(env.site.origin)} } })</script>`),
    )
    await chat.waitForBubble('Your name?')
    // Not chat.answer: the page may have left before the answer's bubble could be seen.
    await chat.page.locator('.p-input input').fill('Ada')
    await chat.page.locator('.p-input input').press('Enter')
    await chat.page.waitForURL(`${env.site.origin}/landed?name=Ada`)
    assert.equal(await chat.page.evaluate(() => localStorage.getItem('scripted')), 'Hello Ada')
  })

  test('remember user: a reload resumes the conversation where it was, in the same result', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Your name?'),
              textInput('name', 'vName'),
              say('ask-city', 'Your city, {{Name}}?'),
              textInput('city', 'vCity'),
              say('bye', '{{Name}} from {{City}}.'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vName', name: 'Name' },
            { id: 'vCity', name: 'City' },
          ],
          settings: { ...fast, general: { rememberUser: { isEnabled: true, storage: 'local' } } },
        },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId))
    await chat.waitForBubble('Your name?')
    await chat.answer('Ada')
    await chat.waitForBubble('Your city, Ada?')
    await chat.page.reload()
    await chat.waitForBubble('Your city, Ada?')
    assert.deepEqual(await chat.hostBubbles(), ['Your name?', 'Your city, Ada?'])
    assert.deepEqual(await chat.guestBubbles(), ['Ada'])
    await chat.answer('Paris')
    await chat.waitForBubble('Ada from Paris.')
    const res = await env.server.call('GET', `/v1/bots/${imported.id}/results`, { token: env.owner.token })
    assert.equal(res.body.results.length, 1)
    assert.deepEqual(
      res.body.results[0].answers.map((a: any) => a.content),
      ['Ada', 'Paris'],
    )
  })

  test('keyboard only at 320 px wide: focus moves to each new input, choices by Tab and Enter, no sideways scroll', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Hello! What should we call you?'),
              textInput('name', 'vName'),
              say('pick', 'Which plan, {{Name}}?'),
              buttons('plan', 'vPlan', ['Starter', 'Business', 'Enterprise']),
              say('bye', '{{Plan}} for {{Name}}.'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vName', name: 'Name' },
            { id: 'vPlan', name: 'Plan' },
          ],
          settings: fast,
        },
      ),
    )
    const chat = await env.open(t, inline(imported.publicId), { viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' })
    await chat.waitForBubble('Hello!')
    const focused = () => chat.page.evaluate(() => document.querySelector('parley-standard')?.shadowRoot?.activeElement?.outerHTML ?? '')
    await chat.page.waitForFunction(() => document.querySelector('parley-standard')?.shadowRoot?.activeElement?.tagName === 'INPUT')
    await chat.page.keyboard.type('Grace')
    await chat.page.keyboard.press('Enter')
    await chat.waitForBubble('Which plan, Grace?')
    await chat.page.waitForFunction(() => document.querySelector('parley-standard')?.shadowRoot?.activeElement?.textContent === 'Starter')
    await chat.page.keyboard.press('Tab')
    assert.match(await focused(), /Business/)
    await chat.screenshot('320px')
    await chat.page.keyboard.press('Enter')
    await chat.waitForBubble('Business for Grace.')
    assert.deepEqual(await chat.guestBubbles(), ['Grace', 'Business'])
    assert.ok(await chat.page.evaluate(() => document.documentElement.scrollWidth <= 320), 'the page scrolls sideways')
    // prefers-reduced-motion: bubbles appear without animation.
    assert.equal(
      await chat.page
        .locator('.p-row')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
      'none',
    )
    // Every control has a name.
    const unnamed = await chat.page.evaluate(() =>
      [...(document.querySelector('parley-standard')?.shadowRoot?.querySelectorAll('button, input, textarea') ?? [])]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim()))
        .map((el) => el.outerHTML),
    )
    assert.deepEqual(unnamed, [])
  })

  test('multiple choice with a search filter; commands: setPrefilledVariables, setInputValue', async (t) => {
    const imported = await publish(
      bot(
        [
          [
            'g',
            [
              say('hi', 'Hello {{Name}}! Which fruits?'),
              buttons('fruits', 'vFruits', ['Apple', 'Banana', 'Cherry', 'Mango'], {
                isMultipleChoice: true,
                isSearchable: true,
                buttonLabel: 'Done',
              }),
              say('ask-note', 'Any note?'),
              textInput('note', 'vNote'),
              say('bye', '{{Fruits}}; {{Note}}'),
            ],
          ],
        ],
        {
          variables: [
            { id: 'vName', name: 'Name' },
            { id: 'vFruits', name: 'Fruits' },
            { id: 'vNote', name: 'Note' },
          ],
          settings: fast,
        },
      ),
    )
    const chat = await env.open(
      t,
      sitePage(`<script>Parley.initPopup({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)} })
Parley.setPrefilledVariables({ Name: 'Zoe' }); Parley.open()</script>`),
    )
    await chat.waitForBubble('Hello Zoe! Which fruits?')
    await chat.page.getByRole('searchbox').fill('an')
    assert.deepEqual(await chat.page.locator('.p-choice-item').allTextContents(), ['Banana', 'Mango'])
    await chat.click('Mango')
    await chat.page.getByRole('searchbox').fill('')
    await chat.click('Banana')
    assert.deepEqual(await chat.page.locator('.p-choice-item[aria-pressed=true]').allTextContents(), ['Banana', 'Mango'])
    await chat.page.getByRole('button', { name: 'Done' }).click()
    await chat.waitForBubble('Any note?')
    await chat.page.evaluate(() => (globalThis as any).Parley.setInputValue('ripe please'))
    await chat.page.locator('.p-input input').press('Enter')
    await chat.waitForBubble('Banana, Mango; ripe please')
    // Sent in the order of the items, whatever the order of the clicks.
    assert.deepEqual(await chat.guestBubbles(), ['Banana, Mango', 'ripe please'])
  })

  test('an input whose variable holds a value shows it pre-typed only when the bot enables input prefill', async (t) => {
    for (const isInputPrefillEnabled of [false, true]) {
      const imported = await publish(
        bot([['g', [say('hi', 'Your city?'), textInput('city', 'vCity'), say('bye', 'Bye')]]], {
          variables: [{ id: 'vCity', name: 'City' }],
          settings: { ...fast, general: { isInputPrefillEnabled } },
        }),
      )
      const chat = await env.open(
        t,
        sitePage(`<parley-standard style="height:560px"></parley-standard>
<script>Parley.initStandard({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)}, prefilledVariables: { City: 'Lyon' }, element: document.querySelector('parley-standard') })</script>`),
      )
      await chat.waitForBubble('Your city?')
      assert.equal(await chat.page.locator('.p-input input').inputValue(), isInputPrefillEnabled ? 'Lyon' : '')
    }
  })

  test("sendCommand runs the bot's command event, then the chat goes back to the waiting input", async (t) => {
    const imported = await publish(
      bot(
        [
          ['g', [say('hi', 'Your name?'), textInput('name', 'vName'), say('bye', 'Bye {{Name}}.')]],
          ['help', [say('help-text', 'Type your first name, then Enter.')]],
        ],
        {
          variables: [{ id: 'vName', name: 'Name' }],
          settings: fast,
          events: [
            {
              id: 'cmd',
              type: 'command',
              graphCoordinates: { x: 0, y: 0 },
              options: { command: 'help', resumeAfter: true },
              outgoingEdgeId: 'e-help',
            },
          ],
          edges: [edge('e-help', { eventId: 'cmd' }, 'help')],
        },
      ),
    )
    const chat = await env.open(
      t,
      sitePage(`<parley-standard style="height:560px"></parley-standard>
<script>Parley.initStandard({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)} })</script>`),
    )
    await chat.waitForBubble('Your name?')
    await chat.page.evaluate(() => (globalThis as any).Parley.sendCommand('help'))
    await chat.waitForBubble('Type your first name, then Enter.')
    await chat.answer('Ada')
    await chat.waitForBubble('Bye Ada.')
    assert.deepEqual(await chat.hostBubbles(), ['Your name?', 'Type your first name, then Enter.', 'Bye Ada.'])
  })

  test('a dynamic avatar (a variable in the theme) and a popup element that opens by itself (auto-show-delay)', async (t) => {
    const imported = await publish(
      bot([['g', [say('hi', 'Hello from your agent.'), textInput('name', 'vName')]]], {
        variables: [{ id: 'vAvatar', name: 'Avatar' }],
        settings: fast,
        theme: { chat: { hostAvatar: { isEnabled: true, url: '{{Avatar}}' } } },
      }),
    )
    const chat = await env.open(
      t,
      sitePage(`<parley-popup bot="${imported.publicId}" api-host="${env.server.url}" auto-show-delay="200"></parley-popup>
<script>document.querySelector('parley-popup').options = { bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)}, prefilledVariables: { Avatar: 'https://example.com/agent-7.png' } }</script>`),
    )
    await chat.waitForBubble('Hello from your agent.')
    assert.equal(await chat.page.locator('.p-host img.p-avatar').getAttribute('src'), 'https://example.com/agent-7.png')
  })

  test('popup mode opens and closes (command, Escape, close button); bubble mode has a launcher and a preview message', async (t) => {
    const imported = await publish(
      bot(
        [['g', [say('hi', 'Hi there, how can we help?'), buttons('pick', 'vPick', ['Sales', 'Support']), say('bye', 'Connecting you to {{Pick}}.')]]],
        {
          variables: [{ id: 'vPick', name: 'Pick' }],
          settings: fast,
        },
      ),
    )
    const popup = await env.open(
      t,
      sitePage(`<button id="open" onclick="Parley.open()">Talk to us</button>
<script>Parley.initPopup({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)} })</script>`),
    )
    const dialog = popup.page.getByRole('dialog', { name: 'Chat' })
    assert.equal(await dialog.count(), 0)
    await popup.page.click('#open')
    await popup.waitForBubble('Hi there')
    await popup.screenshot('popup')
    // Focus is on the first choice; Tab stays within the dialog: from the last control back to its first.
    const active = () =>
      popup.page.evaluate(
        () =>
          document.querySelector('parley-popup')?.shadowRoot?.activeElement?.textContent ||
          document.querySelector('parley-popup')?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      )
    await popup.page.waitForFunction(() => document.querySelector('parley-popup')?.shadowRoot?.activeElement?.textContent === 'Sales')
    await popup.page.keyboard.press('Tab')
    assert.equal(await active(), 'Support')
    await popup.page.keyboard.press('Tab')
    assert.equal(await active(), 'Close the chat')
    await popup.page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    assert.equal(await popup.page.evaluate(() => document.activeElement?.id), 'open', 'the focus went back to the opener')
    await popup.page.evaluate(() => (globalThis as any).Parley.toggle())
    await popup.click('Sales')
    await popup.waitForBubble('Connecting you to Sales.')
    await dialog.getByRole('button', { name: 'Close the chat' }).first().click()
    await dialog.waitFor({ state: 'detached' })

    const bubble = await env.open(
      t,
      sitePage(`<p>Questions? Use the chat button.</p>
<script>Parley.initBubble({ bot: ${json(imported.publicId)}, apiHost: ${json(env.server.url)}, previewMessage: { message: 'Need a hand?', autoShowDelay: 100 }, button: { backgroundColor: '#0B6E4F' } })</script>`),
    )
    const launcher = bubble.page.getByRole('button', { name: 'Open the chat' })
    await bubble.page.getByText('Need a hand?').waitFor()
    assert.equal(await launcher.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(11, 110, 79)')
    await bubble.screenshot('bubble-preview')
    await launcher.click()
    await bubble.waitForBubble('Hi there')
    assert.equal(await bubble.page.getByText('Need a hand?').count(), 0)
    await bubble.screenshot('bubble-open')
    await bubble.page.keyboard.press('Escape')
    await bubble.page.getByRole('dialog', { name: 'Chat' }).waitFor({ state: 'detached' })
    assert.equal(
      await bubble.page.evaluate(() => document.querySelector('parley-bubble')?.shadowRoot?.activeElement?.getAttribute('aria-label')),
      'Open the chat',
    )
    // At 320 px the open chat covers the page; its own close button replaces the launcher.
    await bubble.page.setViewportSize({ width: 320, height: 640 })
    await launcher.click()
    await bubble.waitForBubble('Hi there')
    assert.equal(await bubble.page.locator('.p-launcher').isVisible(), false)
    await bubble.screenshot('bubble-320px')
    await bubble.page.getByRole('dialog', { name: 'Chat' }).getByRole('button', { name: 'Close the chat' }).click()
    await bubble.page.getByRole('dialog', { name: 'Chat' }).waitFor({ state: 'detached' })
    await bubble.page.evaluate(() => (globalThis as any).Parley.unmount())
    assert.equal(await bubble.page.locator('parley-bubble').count(), 0)
  })
})
