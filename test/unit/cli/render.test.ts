// How `parley chat` renders bubbles and inputs, and the "did you mean" of unknown commands.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { renderInput, renderMessage, replyFor } from '../../../src/cli/chat/render.js'
import { editDistance, suggest } from '../../../src/cli/suggest.js'

const paragraph = {
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hi ' }, { text: 'you', bold: true, italic: true }] }] },
}

test('rich text: ANSI bold and italic on a terminal, plain otherwise; links keep their address; lists get bullets', () => {
  assert.equal(renderMessage(paragraph, { ansi: false }), 'Hi you')
  assert.equal(renderMessage(paragraph, { ansi: true }), 'Hi \u001b[1;3myou\u001b[0m')
  const link = {
    type: 'text',
    content: { richText: [{ type: 'p', children: [{ type: 'a', url: 'https://x.test', children: [{ text: 'site' }] }] }] },
  }
  assert.equal(renderMessage(link, { ansi: false }), 'site (https://x.test)')
  const list = {
    type: 'text',
    content: {
      richText: [
        {
          type: 'ul',
          children: [
            { type: 'li', children: [{ text: 'a' }] },
            { type: 'li', children: [{ text: 'b' }] },
          ],
        },
      ],
    },
  }
  assert.equal(renderMessage(list, { ansi: false }), '• a\n• b')
  assert.equal(renderMessage({ type: 'video', content: { url: 'https://v.test/1' } }, { ansi: false }), '[Video] https://v.test/1')
  assert.equal(renderMessage({ type: 'embed', content: {} }, { ansi: false }), '[Embed]')
})

test('inputs: numbered buttons answered by number or text, multiple choice, placeholders and hints', () => {
  const buttons = {
    id: 'b',
    type: 'choice input',
    items: [
      { id: '1', content: 'Red' },
      { id: '2', content: 'Blue' },
    ],
  }
  assert.equal(renderInput(buttons), '  1) Red\n  2) Blue\nChoose one: its number or its text.')
  assert.equal(replyFor(buttons, '2'), 'Blue')
  assert.equal(replyFor(buttons, 'Red'), 'Red')
  assert.equal(replyFor(buttons, '7'), '7', 'out of range: sent as typed, the bot says it is not a choice')
  const multiple = { ...buttons, options: { isMultipleChoice: true } }
  assert.match(renderInput(multiple), /Choose one or more/)
  assert.equal(replyFor(multiple, '1, Blue'), 'Red, Blue')
  assert.equal(renderInput({ id: 'e', type: 'email input', options: { labels: { placeholder: 'Your email' } } }), 'Your email (an email address)')
  assert.equal(replyFor({ id: 't', type: 'text input' }, '3'), '3', 'numbers are numbers elsewhere')
})

test('suggestions: the nearest command when close enough', () => {
  assert.equal(editDistance('serv', 'serve'), 1)
  assert.equal(suggest('serv', ['serve', 'doctor']), 'serve')
  assert.equal(suggest('docter', ['serve', 'doctor']), 'doctor')
  assert.equal(suggest('Token', ['token']), 'token')
  assert.equal(suggest('zzzzzz', ['serve', 'doctor']), undefined)
})

test('suggestions: a swap of two adjacent letters is one edit (chta → chat), as are the other edits', () => {
  const commands = ['serve', 'doctor', 'import', 'chat', 'backup', 'token', 'user']
  assert.equal(editDistance('chta', 'chat'), 1)
  assert.equal(editDistance('hcat', 'chat'), 1)
  assert.equal(editDistance('ab', 'ba'), 1)
  assert.equal(suggest('chta', commands), 'chat')
  assert.equal(suggest('tokne', commands), 'token')
  assert.equal(suggest('usre', commands), 'user')
  // The classic distances stay: insertions, deletions, substitutions, and none for equal words.
  assert.equal(editDistance('kitten', 'sitting'), 3)
  assert.equal(editDistance('', 'abc'), 3)
  assert.equal(editDistance('chat', 'chat'), 0)
  // Optimal string alignment edits no letter twice: 'ca' → 'abc' is 3 (full Damerau–Levenshtein would say 2).
  assert.equal(editDistance('ca', 'abc'), 3)
  assert.equal(editDistance('abcd', 'badc'), 2, 'two separate swaps')
})
