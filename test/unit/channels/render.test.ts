// Rendering turns for messaging apps: rich text in each app's markup, WhatsApp's button rules, Telegram's keyboards.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { meetsStartCondition } from '../../../src/app/startCondition.js'
import type { ChatInput, ChatMessage } from '../../../src/blocks/wire.js'
import { richTextIn } from '../../../src/channels/richText.js'
import { telegramRenderer, telegramStyle } from '../../../src/channels/telegram/render.js'
import { whatsAppRenderer, whatsAppStyle } from '../../../src/channels/whatsapp/render.js'

const rich = [
  {
    type: 'p',
    children: [{ text: 'Hi ' }, { text: 'there ', bold: true }, { text: 'you', italic: true }, { text: ' & ' }, { text: 'old', strikethrough: true }],
  },
  { type: 'p', children: [{ type: 'a', url: 'https://example.com', children: [{ text: 'site' }] }, { text: ' <b>' }] },
  {
    type: 'ol',
    children: [
      { type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }] },
      { type: 'li', children: [{ type: 'lic', children: [{ text: 'two' }] }] },
    ],
  },
]
const textMessage = (id: string, t: string): ChatMessage =>
  ({ id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: t }] }] } }) as ChatMessage
const choice = (contents: string[], multiple = false) =>
  ({
    id: 'i',
    type: 'choice input',
    items: contents.map((content, i) => ({ id: `c${i}`, content })),
    options: { isMultipleChoice: multiple },
  }) as ChatInput

describe('rich text in messaging apps', () => {
  test('WhatsApp: *bold* _italic_ ~strike~, links as "text (url)", lists as lines; marks keep off the spaces', () => {
    assert.equal(richTextIn(rich as any, whatsAppStyle), 'Hi *there* _you_ & ~old~\nsite (https://example.com) <b>\n1. one\n2. two')
  })
  test('Telegram: HTML with everything else escaped', () => {
    assert.equal(
      richTextIn(rich as any, telegramStyle),
      'Hi <b>there</b> <i>you</i> &amp; <s>old</s>\n<a href="https://example.com">site</a> &lt;b&gt;\n1. one\n2. two',
    )
  })
})

describe('WhatsApp buttons', () => {
  const render = whatsAppRenderer({ interactiveGroupSize: 3 })
  test('titles are cut to 20 characters and kept unique; groups of three; the prompt is the first body', () => {
    const messages = render.input(
      choice(['Same long title for two items', 'Same long title for two items', 'B', 'C']),
      textMessage('q', 'Which?'),
      {},
    )
    const buttons = messages.map((m: any) => m.body.interactive.action.buttons.map((b: any) => b.reply.title))
    assert.deepEqual(buttons, [['Same long title fo..', 'Same long title (2)', 'B'], ['C']])
    assert.ok(buttons.flat().every((t: string) => [...t].length <= 20))
    assert.deepEqual(
      messages.map((m: any) => m.body.interactive.body.text),
      ['Which?', '―'],
    )
  })
  test('a multiple choice is one numbered text', () => {
    const [m] = render.input(choice(['A', 'B'], true), undefined, {})
    assert.deepEqual(m.body, { type: 'text', text: { body: '1. A\n2. B' } })
  })
  test('a picture choice uses the bot’s Select label', () => {
    const input = { id: 'i', type: 'picture choice input', items: [{ id: 'p', title: 'Cat' }] } as ChatInput
    const [m] = render.input(input, undefined, { general: { systemMessages: { whatsAppPictureChoiceSelectLabel: 'Escolher' } } })
    assert.deepEqual((m.body as any).interactive.action.buttons, [{ type: 'reply', reply: { id: 'p', title: 'Escolher' } }])
  })
  test('text-like inputs send nothing of their own', () => {
    assert.deepEqual(render.input({ id: 'i', type: 'email input' } as ChatInput, undefined, {}), [])
  })
})

describe('Telegram keyboards', () => {
  test('one button a row, the item id as data, under the question', () => {
    const [m] = telegramRenderer.input(choice(['Yes', 'No']), textMessage('q', 'Ok?'), {})
    assert.deepEqual(m.body.reply_markup, { inline_keyboard: [[{ text: 'Yes', callback_data: 'c0' }], [{ text: 'No', callback_data: 'c1' }]] })
    assert.equal(m.body.text, 'Ok?')
  })
})

describe('start conditions', () => {
  const regex = {
    testRegex: async (source: string, subject: string) => ({ verdict: new RegExp(source).test(subject), timedOut: false, elapsedMs: 0 }),
  }
  const when = (comparisons: any[], logicalOperator?: 'AND' | 'OR') => ({ comparisons, ...(logicalOperator && { logicalOperator }) })
  test('operators read the message text; AND by default; no comparison never matches', async () => {
    assert.equal(await meetsStartCondition(when([{ comparisonOperator: 'Contains', value: ' PROMO ' }]), 'I saw the promo', regex), true)
    assert.equal(await meetsStartCondition(when([{ comparisonOperator: 'Equal to', value: 'Hi' }]), 'hi', regex), false)
    assert.equal(
      await meetsStartCondition(
        when([
          { comparisonOperator: 'Starts with', value: 'vip' },
          { comparisonOperator: 'Ends with', value: '!' },
        ]),
        'VIP now',
        regex,
      ),
      false,
    )
    assert.equal(
      await meetsStartCondition(
        when(
          [
            { comparisonOperator: 'Starts with', value: 'vip' },
            { comparisonOperator: 'Ends with', value: '!' },
          ],
          'OR',
        ),
        'VIP now',
        regex,
      ),
      true,
    )
    assert.equal(await meetsStartCondition(when([{ comparisonOperator: 'Greater or equal to', value: '10' }]), '10', regex), true)
    assert.equal(await meetsStartCondition(when([{ comparisonOperator: 'Matches regex', value: '^\\d{3}$' }]), '123', regex), true)
    assert.equal(await meetsStartCondition(when([{ comparisonOperator: 'Is set' }]), undefined, regex), false)
    assert.equal(await meetsStartCondition(when([]), 'anything', regex), false)
  })
})
