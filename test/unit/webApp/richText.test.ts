// The text bubble editor's Slate setup, headless: Typebot's rich text goes in and comes back unchanged, and the
// toolbar's operations write Typebot's shapes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type Descendant, Editor, Transforms } from 'slate'
import {
  insertVariable,
  isMarkActive,
  linkAddress,
  removeLink,
  setLink,
  toggleList,
  toggleMark,
} from '../../../web/app/src/editor/richText/commands.js'
import { createRichTextEditor } from '../../../web/app/src/editor/richText/editor.js'
import { fromEditorValue, type RichTextNode, toEditorValue, withRichText } from '../../../web/app/src/editor/richText/shape.js'
import { describeWithFixtures, listFixtures } from '../../support/fixtures.js'

/** Loads a tree as the component does, then forces Slate to normalise every node. */
const editorWith = (richText: RichTextNode[]) => {
  const editor = createRichTextEditor()
  editor.children = toEditorValue(richText)
  Editor.normalize(editor, { force: true })
  return editor
}
const readBack = (editor: Editor) => fromEditorValue(editor.children)

/** Every text bubble in a bot of any schema version (legacy bots nest blocks differently). */
const textBubbles = (value: unknown, found: { id?: string; content: { richText: RichTextNode[] } }[] = []) => {
  if (Array.isArray(value)) value.forEach((v) => textBubbles(v, found))
  else if (value && typeof value === 'object') {
    const node = value as Record<string, any>
    if (node.type === 'text' && Array.isArray(node.content?.richText)) found.push(node as any)
    else Object.values(node).forEach((v) => textBubbles(v, found))
  }
  return found
}

describeWithFixtures('rich text round trip on the Typebot fixtures', () => {
  const fixtures = listFixtures()
  test('the fixtures hold text bubbles', () => assert.ok(fixtures.flatMap(({ bot }) => textBubbles(bot)).length > 300))
  for (const { name, bot } of fixtures) {
    const bubbles = textBubbles(bot)
    if (bubbles.length === 0) continue
    test(`${name}: ${bubbles.length} text bubble(s) read back unchanged`, () => {
      for (const bubble of bubbles) {
        const original = structuredClone(bubble.content.richText)
        assert.deepEqual(readBack(editorWith(bubble.content.richText)), original, `bubble ${bubble.id}`)
        assert.deepEqual(bubble.content.richText, original, `bubble ${bubble.id} left as it was`)
      }
    })
  }
})

test('a paragraph ending with a link: padding added for Slate, dropped on the way back', () => {
  const richText = [{ type: 'p', children: [{ text: 'See ' }, { type: 'a', url: 'https://x.test', children: [{ text: 'docs' }] }] }]
  const editor = editorWith(richText)
  assert.equal((editor.children[0] as any).children.length, 3)
  assert.deepEqual(readBack(editor), richText)
  Transforms.select(editor, Editor.end(editor, []))
  Transforms.insertText(editor, '!')
  assert.deepEqual(readBack(editor), [
    { type: 'p', children: [{ text: 'See ' }, { type: 'a', url: 'https://x.test', children: [{ text: 'docs' }] }, { text: '!' }] },
  ])
})

test('an empty or missing tree opens as one empty paragraph', () => {
  assert.deepEqual(readBack(editorWith([])), [{ type: 'p', children: [{ text: '' }] }])
  assert.deepEqual(fromEditorValue(toEditorValue(undefined)), [{ type: 'p', children: [{ text: '' }] }])
})

const paragraphs = (...lines: string[]): RichTextNode[] => lines.map((text) => ({ type: 'p', children: [{ text }] }))

test('bold on a selection splits the leaf and marks the middle; toggling again removes the key', () => {
  const editor = editorWith(paragraphs('Hello world'))
  Transforms.select(editor, { anchor: { path: [0, 0], offset: 6 }, focus: { path: [0, 0], offset: 11 } })
  toggleMark(editor, 'bold')
  assert.deepEqual(readBack(editor), [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'world', bold: true }] }])
  assert.equal(isMarkActive(editor, 'bold'), true)
  toggleMark(editor, 'italic')
  toggleMark(editor, 'bold')
  assert.deepEqual(readBack(editor), [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'world', italic: true }] }])
  toggleMark(editor, 'italic')
  assert.deepEqual(readBack(editor), paragraphs('Hello world'))
})

test('a list of two lines, switched to numbered, then back to paragraphs', () => {
  const editor = editorWith(paragraphs('one', 'two', 'after'))
  Transforms.select(editor, { anchor: Editor.start(editor, [0]), focus: Editor.end(editor, [1]) })
  toggleList(editor, 'ul')
  const item = (text: string) => ({ type: 'li', children: [{ type: 'lic', children: [{ text }] }] })
  assert.deepEqual(readBack(editor), [{ type: 'ul', children: [item('one'), item('two')] }, ...paragraphs('after')])
  toggleList(editor, 'ol')
  assert.deepEqual(readBack(editor), [{ type: 'ol', children: [item('one'), item('two')] }, ...paragraphs('after')])
  toggleList(editor, 'ol')
  assert.deepEqual(readBack(editor), paragraphs('one', 'two', 'after'))
})

test('turning the middle line of a list back into a paragraph splits the list', () => {
  const editor = editorWith(paragraphs('one', 'two', 'three'))
  Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) })
  toggleList(editor, 'ol')
  Transforms.select(editor, Editor.start(editor, [0, 1]))
  toggleList(editor, 'ol')
  const list = (text: string) => ({ type: 'ol', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text }] }] }] })
  assert.deepEqual(readBack(editor), [list('one'), ...paragraphs('two'), list('three')])
})

test('a variable goes in at the cursor, or replaces the selection', () => {
  const editor = editorWith(paragraphs('Hi !'))
  insertVariable(editor, 'First name', { path: [0, 0], offset: 3 })
  assert.deepEqual(readBack(editor), paragraphs('Hi {{First name}}!'))
  insertVariable(editor, 'Name', { anchor: { path: [0, 0], offset: 3 }, focus: { path: [0, 0], offset: 17 } })
  assert.deepEqual(readBack(editor), paragraphs('Hi {{Name}}!'))
})

test('links: wrap a selection, change the address, remove; a bare cursor inserts the address', () => {
  const editor = editorWith(paragraphs('Read the docs'))
  setLink(editor, 'https://a.test', { anchor: { path: [0, 0], offset: 9 }, focus: { path: [0, 0], offset: 13 } })
  const linked = (url: string) => [{ type: 'p', children: [{ text: 'Read the ' }, { type: 'a', url, children: [{ text: 'docs' }] }, { text: '' }] }]
  assert.deepEqual(readBack(editor), linked('https://a.test'))
  setLink(editor, 'https://b.test', { path: [0, 1, 0], offset: 2 })
  assert.deepEqual(readBack(editor), linked('https://b.test'))
  removeLink(editor, { path: [0, 1, 0], offset: 2 })
  assert.deepEqual(readBack(editor), paragraphs('Read the docs'))
  setLink(editor, 'https://c.test', Editor.end(editor, []))
  assert.deepEqual(readBack(editor), [
    { type: 'p', children: [{ text: 'Read the docs' }, { type: 'a', url: 'https://c.test', children: [{ text: 'https://c.test' }] }, { text: '' }] },
  ])
})

test('Enter in a paragraph with an id: the new paragraph does not copy it', () => {
  const editor = editorWith([{ type: 'p', id: 'p1', children: [{ text: 'ab' }] }] as Descendant[] as RichTextNode[])
  Transforms.select(editor, { path: [0, 0], offset: 1 })
  Editor.insertBreak(editor)
  assert.deepEqual(readBack(editor), [
    { type: 'p', id: 'p1', children: [{ text: 'a' }] },
    { type: 'p', children: [{ text: 'b' }] },
  ])
})

test('a text bubble edit writes richText, keeps other content keys and drops the html/plainText copies', () => {
  const richText = paragraphs('new')
  assert.deepEqual(withRichText({ richText: paragraphs('old'), html: '<p>old</p>', plainText: 'old', custom: 1 }, richText), { richText, custom: 1 })
  assert.deepEqual(withRichText(undefined, richText), { richText })
})

test('link addresses: web, mail, phone, SMS and variables kept, bare hosts get https, other schemes refused', () => {
  for (const url of ['https://a.test/x', 'http://a.test', 'mailto:a@b.test', 'tel:+331', 'sms:+331', '{{Site}}/page'])
    assert.equal(linkAddress(` ${url} `), url)
  assert.equal(linkAddress('example.com/docs'), 'https://example.com/docs')
  assert.equal(linkAddress('localhost:3000'), 'https://localhost:3000')
  for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '  ']) assert.equal(linkAddress(url), undefined)
})
