// The chat wire clients read (wire.ts) is what the kinds answer: a chat through every bubble, input and client-side
// action kind (a live chat: trackers' start props come first), each answer parsed with the wire's schemas; and the schemas refuse what a kind does not send.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bot, compile, engineChat, say } from '../../test/support/engine.js'
import { assertWire } from '../../test/support/wire.js'
import { type ChatInput, type ChatMessage, chatInputSchema, chatMessageSchema, continueChatResponse } from './wire.js'
import { clientSideActionSchema } from '../contract/chatWire.js'

const blocks = [
  say('b-text', 'Hello {{Name}}'),
  { id: 'b-image', type: 'image', content: { url: 'https://example.com/a.png', clickLink: { url: 'https://example.com' } } },
  { id: 'b-video', type: 'video', content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
  { id: 'b-audio', type: 'audio', content: { url: 'https://example.com/a.mp3' } },
  { id: 'b-embed', type: 'embed', content: { url: 'https://example.com/page', height: '300' } },
  { id: 'b-code', type: 'Code', options: { content: 'console.log({{Name}})' } },
  { id: 'b-redirect', type: 'Redirect', options: { url: 'https://example.com/next', isNewTab: true } },
  { id: 'b-wait', type: 'Wait', options: { secondsToWaitFor: '1' } },
  { id: 'b-ga', type: 'Google Analytics', options: { trackingId: 'G-TEST', action: 'Signed up', value: '12' } },
  { id: 'b-pixel', type: 'Pixel', options: { pixelId: '123', eventType: 'Lead', params: [{ key: 'value', value: '5' }] } },
  { id: 'b-chatwoot', type: 'Chatwoot', options: { websiteToken: 'token' } },
  { id: 'b-setvar', type: 'Set variable', options: { variableId: 'v-name', expressionToEvaluate: 'return "x"', isExecutedOnClient: true } },
  {
    id: 'b-http',
    type: 'Webhook',
    options: { isExecutedOnClient: true, webhook: { url: 'https://example.com/hook', method: 'POST', body: '{"a":1}' } },
  },
  { id: 'b-listen', type: 'webhook' },
  { id: 'b-cal', type: 'cal-com', options: { action: 'Book event', link: 'https://cal.com/ada/30min' } },
  { id: 'i-text', type: 'text input', options: { variableId: 'v-name' } },
  { id: 'i-number', type: 'number input', options: { min: '{{Min}}', max: '10' } },
  { id: 'i-email', type: 'email input' },
  { id: 'i-url', type: 'url input' },
  { id: 'i-phone', type: 'phone number input' },
  { id: 'i-date', type: 'date input', options: { min: '2020-01-01' } },
  { id: 'i-time', type: 'time input' },
  { id: 'i-rating', type: 'rating input', options: { startsAt: '1' } },
  { id: 'i-choice', type: 'choice input', items: [{ id: 'c1', content: 'Yes' }] },
  { id: 'i-pictures', type: 'picture choice input', items: [{ id: 'p1', title: 'Cat', pictureSrc: 'https://example.com/cat.png' }] },
  { id: 'i-cards', type: 'cards', items: [{ id: 'k1', title: 'Card', paths: [{ id: 'path1', text: 'Go' }] }] },
  { id: 'i-file', type: 'file input' },
  { id: 'i-payment', type: 'payment input', options: { amount: '10', currency: 'EUR' } },
]

const replies: Record<string, string> = {
  'b-setvar': 'x',
  'b-http': '{"statusCode":200,"data":{}}',
  'b-listen': '{}',
  'b-cal': '2026-12-01',
  'i-text': 'Ada',
  'i-number': '5',
  'i-email': 'ada@example.com',
  'i-url': 'https://example.com',
  'i-phone': '+33612345678',
  'i-date': '01/02/2025',
  'i-time': '10:30',
  'i-rating': '3',
  'i-choice': 'Yes',
  'i-pictures': 'Cat',
  'i-cards': 'path1',
  'i-file': 'http://localhost/files/report.pdf',
}

test('a chat through every kind answers what the wire declares, message, input and action', async () => {
  const chat = engineChat(
    compile(
      bot([['g1', blocks]], {
        variables: [
          { id: 'v-name', name: 'Name', value: 'you' },
          { id: 'v-min', name: 'Min', value: '1' },
        ],
      }),
    ),
  )
  const seen = { messages: new Set<string>(), inputs: new Set<string>(), actions: new Set<string>() }
  let outcome = await chat.start()
  for (let turn = 0; ; turn++) {
    const response = outcome.response
    assertWire(response, 'continue', `turn ${turn}`)
    for (const message of response.messages) seen.messages.add(message.type)
    for (const action of response.clientSideActions ?? []) seen.actions.add(action.type)
    if (response.input) seen.inputs.add(response.input.type)
    const blockId = outcome.state.waiting?.blockId
    if (response.input?.type === 'payment input' || !blockId || turn > 40) break
    const reply = replies[blockId]
    assert.ok(reply !== undefined, `turn ${turn} waits on ${blockId}: ${JSON.stringify(response)}`)
    outcome = await chat.send(reply)
  }
  const declared = (schema: { options: readonly { shape: { type: { value: string } } }[] }) => schema.options.map((o) => o.shape.type.value).sort()
  // Streams need a language model (the LLM tests check them) and code actions a plugin's credentials.
  const untried = ['codeToExecute', 'stream', 'streamOpenAiChatCompletion']
  assert.deepEqual([...seen.messages].sort(), declared(chatMessageSchema))
  assert.deepEqual([...seen.inputs].sort(), declared(chatInputSchema))
  assert.deepEqual(
    [...seen.actions].sort(),
    declared(clientSideActionSchema).filter((type) => !untried.includes(type)),
  )
})

test('the wire refuses what no kind sends', () => {
  const refused = (response: unknown) => !continueChatResponse.safeParse(response).success
  // A video's height is a number once rendered; an input of an unknown type; a number input's limits are numbers.
  assert.ok(refused({ messages: [{ id: 'b', type: 'video', content: { url: 'https://example.com/v.mp4', height: '400' } }] }))
  assert.ok(refused({ messages: [], input: { id: 'i', type: 'no such input' } }))
  assert.ok(refused({ messages: [], input: { id: 'i', type: 'number input', options: { min: '{{Min}}' } } }))
  assert.ok(refused({ messages: [], clientSideActions: [{ type: 'redirect', redirect: { url: 'https://example.com' } }] }))
  const message: ChatMessage = { id: 'b', type: 'text', content: { type: 'markdown', markdown: 'Hi' } }
  const input: ChatInput = { id: 'i', type: 'number input', options: { min: 1 } }
  assert.ok(!refused({ messages: [message], input }))
})
