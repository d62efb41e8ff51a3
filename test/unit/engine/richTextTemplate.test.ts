// Variable templating inside text-bubble rich text (reference 3.10), against Typebot's observable output.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { richTextToMarkdown, templateRichText } from '../../../src/engine/richText.js'
import type { CodeEvaluator } from '../../../src/engine/types.js'
import type { RichTextNode } from '../../../src/contract/bot/blocks/shared.js'

const evaluate: CodeEvaluator = (code, globals) => ({
  ok: true,
  value: new Function(...Object.keys(globals), code)(...Object.values(globals)),
})
const vars = (values: Record<string, string | (string | null)[] | null>) =>
  Object.entries(values).map(([name, value], i) => ({ id: `v${i}`, name, value }))
const p = (...children: RichTextNode[]): RichTextNode => ({ type: 'p', children })

test('text without variables is returned unchanged', () => {
  const tree = [p({ text: 'Hello ' }, { text: 'world', bold: true }), p({ text: '' })]
  assert.deepEqual(templateRichText(tree, vars({ Name: 'John' })), tree)
})

test('an inline variable splits the leaf into before, value and after', () => {
  assert.deepEqual(templateRichText([p({ text: 'Hello {{Name}}!' })], vars({ Name: 'John' })), [
    p({ text: 'Hello ' }, { text: 'John' }, { text: '!' }),
  ])
})

test('unknown and empty variables render as nothing', () => {
  assert.deepEqual(templateRichText([p({ text: 'Hi {{Nope}}{{Empty}}.' })], vars({ Empty: null })), [p({ text: 'Hi ' }, { text: '.' })])
})

test('a paragraph holding only an unknown variable disappears', () => {
  assert.deepEqual(templateRichText([p({ text: 'A' }), p({ text: '{{Nope}}' })], []), [p({ text: 'A' })])
})

test('list variables render as JSON (v6)', () => {
  assert.deepEqual(templateRichText([p({ text: 'Items: {{List}}' })], vars({ List: ['a', 'b'] })), [p({ text: 'Items: ' }, { text: '["a","b"]' })])
})

test('an inline value keeps its Markdown: marks, links and line breaks', () => {
  const value = 'Multiline\n\nvariable\n**value** [site](https://s.io)'
  assert.deepEqual(templateRichText([p({ text: 'Hello {{Name}}!' })], vars({ Name: value })), [
    p(
      { text: 'Hello ' },
      { text: 'Multiline' },
      { text: '\n\n' },
      { text: 'variable\n' },
      { bold: true, text: 'value' },
      { text: ' ' },
      { type: 'a', url: 'https://s.io', children: [{ text: 'site' }] },
      { text: '!' },
    ),
  ])
})

test('an inline value inherits the marks of the surrounding text', () => {
  const tree = [p({ text: 'Dear {{Name}}', bold: true, underline: true, italic: false })]
  assert.deepEqual(templateRichText(tree, vars({ Name: '_Jo_' })), [
    p({ text: 'Dear ', bold: true, underline: true, italic: false }, { bold: true, underline: true, italic: true, text: 'Jo' }),
  ])
})

test('a paragraph holding only a variable becomes the blocks of its Markdown value', () => {
  const value = 'Hello World\n\n**valid markdown here**\n- one\n- two'
  assert.deepEqual(templateRichText([p({ text: 'Intro' }), p({ text: '{{Content}}' })], vars({ Content: value })), [
    p({ text: 'Intro' }),
    p({ text: 'Hello World' }),
    p({ text: '' }),
    p({ bold: true, text: 'valid markdown here' }),
    {
      type: 'ul',
      children: [
        { type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }] },
        { type: 'li', children: [{ type: 'lic', children: [{ text: 'two' }] }] },
      ],
    },
  ])
})

test('a lone marked variable keeps its marks on the value blocks', () => {
  assert.deepEqual(templateRichText([p({ text: '{{Name}}', bold: true })], vars({ Name: 'a\n\nb' })), [
    p({ bold: true, text: 'a' }),
    p({ bold: true, text: '' }),
    p({ bold: true, text: 'b' }),
  ])
})

test('block values inside a sentence are flattened onto one run of lines', () => {
  assert.deepEqual(templateRichText([p({ text: 'See: {{List}}' })], vars({ List: '# Title\n- a\n- b' })), [
    p({ text: 'See: ' }, { text: 'Title' }, { text: '\n' }, { text: 'a' }, { text: '\n' }, { text: 'b' }),
  ])
})

test('link URLs are templated and link texts stay inline', () => {
  const tree = [p({ text: '' }, { type: 'a', url: 'https://x.io/{{Path}}?q={{Q}}', children: [{ text: '{{Label}}' }] }, { text: '' })]
  assert.deepEqual(templateRichText(tree, vars({ Path: 'a b', Q: '1', Label: 'Go **now**' })), [
    p({ text: '' }, { type: 'a', url: 'https://x.io/a b?q=1', children: [{ text: 'Go ' }, { bold: true, text: 'now' }] }, { text: '' }),
  ])
})

test('a link whose text is an empty variable keeps an empty leaf', () => {
  const tree = [p({ type: 'a', url: 'https://x.io', children: [{ text: '{{Nope}}' }] })]
  assert.deepEqual(templateRichText(tree, []), [p({ type: 'a', url: 'https://x.io', children: [{ text: '' }] })])
})

test('inline code is evaluated with variables as globals', () => {
  const tree = [p({ text: 'Total: {{= {{Price}} * 2 =}} €' })]
  assert.deepEqual(templateRichText(tree, vars({ Price: '21' }), evaluate), [p({ text: 'Total: ' }, { text: '42' }, { text: ' €' })])
})

test('inline code without an evaluator is templated as text (values are trimmed as Markdown paragraphs)', () => {
  assert.deepEqual(templateRichText([p({ text: '{{= {{Price}} =}}' })], vars({ Price: '21' })), [p({ text: '21' })])
})

test('the $ before a variable is kept', () => {
  assert.deepEqual(templateRichText([p({ text: 'x${{Price}}' })], vars({ Price: '5' })), [p({ text: 'x$' }, { text: '5' })])
})

test('templated trees serialize like Typebot (inline and lone variables, variable links)', () => {
  const tree = [
    p({ text: 'Welcome to ' }, { bold: true, text: 'AA' }, { text: ' (Awesome Agency)' }),
    p({ text: '' }),
    p({ text: '{{URL}}' }),
    p({ text: '' }),
    p({ text: '' }, { type: 'a', url: '{{URL}}', children: [{ text: 'Yo' }] }, { text: '' }),
  ]
  const url = 'https://example.com?test=test&val=val'
  assert.equal(richTextToMarkdown(templateRichText(tree, vars({ URL: url }))), `Welcome to **AA** (Awesome Agency)\n\n${url}\n\n[Yo](${url})`)
  const multiline = templateRichText([p({ text: 'Hello {{Name}}!' })], vars({ Name: 'Multiline\n\nvariable\n**value**' }))
  assert.equal(richTextToMarkdown(multiline), 'Hello Multiline\n\nvariable\n**value**!')
})
