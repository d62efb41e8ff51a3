// Rich text ↔ Markdown: parsing variable values, serializing editor trees, plain text for transcripts.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { markdownToRichText } from '../../../src/engine/markdown.js'
import { richTextToMarkdown, richTextToPlainText } from '../../../src/engine/richText.js'
import type { RichTextNode } from '../../../src/contract/bot/blocks/shared.js'

const p = (...children: RichTextNode[]): RichTextNode => ({ type: 'p', children })
const li = (...children: RichTextNode[]): RichTextNode => ({ type: 'li', children: [{ type: 'lic', children }] })

test('Markdown: blank lines become empty paragraphs, soft breaks stay in the text', () => {
  assert.deepEqual(markdownToRichText('Hello, world!\n\n\nHello, world!'), [
    p({ text: 'Hello, world!' }),
    p({ text: '' }),
    p({ text: '' }),
    p({ text: 'Hello, world!' }),
  ])
  assert.deepEqual(markdownToRichText('**Bold**\nText'), [p({ bold: true, text: 'Bold' }, { text: '\nText' })])
  assert.deepEqual(markdownToRichText(''), [])
})

test('Markdown: inline syntax (CommonMark, no GFM)', () => {
  assert.deepEqual(markdownToRichText('_a_ **b _c_** `d` ~~e~~ [f](https://f.io) x  \ny<br>z'), [
    p(
      { italic: true, text: 'a' },
      { text: ' ' },
      { bold: true, text: 'b ' },
      { bold: true, italic: true, text: 'c' },
      { text: ' ' },
      { code: true, text: 'd' },
      { text: ' ~~e~~ ' },
      { type: 'a', url: 'https://f.io', children: [{ text: 'f' }] },
      { text: ' x' },
      { text: '\n' },
      { text: 'y' },
      { text: '\n' },
      { text: 'z' },
    ),
  ])
  assert.deepEqual(markdownToRichText('snake_case_name and https://bare.io'), [p({ text: 'snake_case_name and https://bare.io' })])
})

test('Markdown: blocks', () => {
  assert.deepEqual(markdownToRichText('# T\n> q\n\n1. a\n   - b\n\n```js\nx\ny\n```\n***'), [
    { type: 'h1', children: [{ text: 'T' }] },
    { type: 'blockquote', children: [p({ text: 'q' })] },
    p({ text: '' }),
    {
      type: 'ol',
      children: [
        {
          type: 'li',
          children: [
            { type: 'lic', children: [{ text: 'a' }] },
            { type: 'ul', children: [li({ text: 'b' })] },
          ],
        },
      ],
    },
    p({ text: '' }),
    {
      type: 'code_block',
      lang: 'js',
      children: [
        { type: 'code_line', children: [{ text: 'x' }] },
        { type: 'code_line', children: [{ text: 'y' }] },
      ],
    },
    { type: 'hr', children: [{ text: '' }] },
  ])
})

test('serializes marks like Typebot: **bold**, _italic_, underline dropped', () => {
  assert.equal(richTextToMarkdown([p({ text: '1) ' }, { bold: true, text: 'Hello world <3' })]), '1) **Hello world <3**')
  assert.equal(
    richTextToMarkdown([
      p({ text: 'a', bold: true, italic: true }, { text: ' u', underline: true }, { text: ' s', strikethrough: true }, { text: ' c', code: true }),
    ]),
    '_**a**_ u ~~s~~ `c`',
  )
})

test('marks spanning several leaves are opened once, spaces stay outside', () => {
  assert.equal(
    richTextToMarkdown([p({ text: 'Hi ', bold: true }, { text: 'you ', bold: true, italic: true }, { text: 'there', bold: true })]),
    '**Hi _you_ there**',
  )
  assert.equal(richTextToMarkdown([p({ text: ' ', bold: true }, { text: 'x' })]), ' x')
})

test('each paragraph is a line; empty paragraphs are blank lines; one trailing break dropped', () => {
  assert.equal(richTextToMarkdown([p({ text: 'Hello' }), p({ text: '' }), p({ text: 'World' })]), 'Hello\n\nWorld')
  assert.equal(richTextToMarkdown([p({ text: 'Hello' }), p({ text: 'World' }), p({ text: '' })]), 'Hello\nWorld')
  assert.equal(richTextToMarkdown([]), '')
})

test('lists, headings and the paragraph/block separators of Typebot', () => {
  const tree: RichTextNode[] = [
    p({ text: 'bold', bold: true }),
    p({ text: '' }),
    { type: 'ol', children: [li({ text: 'One' }), li({ text: 'Two' })] },
    { type: 'ul', children: [li({ text: 'One' })] },
    p({ text: 'italic', italic: true }),
    p({ text: 'underlined', underline: true }),
  ]
  assert.equal(richTextToMarkdown(tree), '**bold**\n\n1. One\n2. Two\n\n* One\n_italic_\nunderlined')
  const nested: RichTextNode[] = [
    { type: 'h2', children: [{ text: 'Menu' }] },
    {
      type: 'ul',
      children: [
        {
          type: 'li',
          children: [
            { type: 'lic', children: [{ text: 'a' }] },
            { type: 'ol', children: [li({ text: 'b' })] },
          ],
        },
      ],
    },
    { type: 'blockquote', children: [p({ text: 'q1' }), p({ text: 'q2' })] },
    { type: 'code_block', lang: 'js', children: [{ type: 'code_line', children: [{ text: 'x()' }] }] },
    { type: 'hr', children: [{ text: '' }] },
  ]
  assert.equal(richTextToMarkdown(nested), '## Menu\n\n* a\n  1. b\n\n> q1\n> q2\n\n```js\nx()\n```\n\n***')
})

test('links, bare URLs and legacy variable wrappers', () => {
  assert.equal(
    richTextToMarkdown([
      p({ text: 'Go ' }, { type: 'a', url: 'https://a.io', children: [{ text: 'here', bold: true }] }, { text: ' or https://b.io' }),
    ]),
    'Go [**here**](https://a.io) or https://b.io',
  )
  assert.equal(richTextToMarkdown([p({ type: 'a', url: 'https://a.io', children: [{ text: 'https://a.io' }] })]), 'https://a.io')
  const legacy: RichTextNode[] = [
    { type: 'variable', children: [p({ text: 'A' }), p({ text: 'B' })] },
    p({ text: 'Hi ' }, { type: 'inline-variable', children: [{ text: 'Jo', bold: true }] }),
  ]
  assert.equal(richTextToMarkdown(legacy), 'A\nB\nHi **Jo**')
})

test('plain text: one line per block, no markup', () => {
  const tree: RichTextNode[] = [
    p({ text: 'Hello ', bold: true }, { type: 'a', url: 'https://a.io', children: [{ text: 'you' }] }),
    p({ text: '' }),
    { type: 'ul', children: [li({ text: 'one' }), li({ text: 'two' })] },
  ]
  assert.equal(richTextToPlainText(tree), 'Hello you\n\none\ntwo')
})
