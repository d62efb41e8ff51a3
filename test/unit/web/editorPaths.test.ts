// The theme and settings editors change only the keys the user touches (web/app/src/editor/settings/paths.ts).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { getPath, setPath, setPaths } from '../../../web/app/src/editor/settings/paths.js'

const theme = () => ({
  general: { font: 'Open Sans', background: { type: 'Color', content: '#ffffff' }, somethingNew: [1, 2] },
  chat: { hostBubbles: { backgroundColor: '#F7F8FF', color: '#303235' }, roundness: 'medium' },
  customCss: '',
})

describe('editor paths', () => {
  test('getPath reads deep values and gives undefined for missing or non-object steps', () => {
    assert.equal(getPath(theme(), ['chat', 'hostBubbles', 'color']), '#303235')
    assert.equal(getPath(theme(), ['chat', 'guestBubbles', 'color']), undefined)
    assert.equal(getPath(theme(), ['general', 'font', 'family']), undefined)
    assert.equal(getPath(undefined, ['a']), undefined)
  })

  test('setPath changes one key: other keys keep their values, order and identity; the input is not mutated', () => {
    const before = theme()
    const snapshot = structuredClone(before)
    const after = setPath(before, ['chat', 'hostBubbles', 'backgroundColor'], '#000000')
    assert.deepEqual(before, snapshot)
    assert.deepEqual(after, { ...snapshot, chat: { ...snapshot.chat, hostBubbles: { backgroundColor: '#000000', color: '#303235' } } })
    assert.equal(after.general, before.general)
    assert.deepEqual(Object.keys(after), Object.keys(before))
    assert.deepEqual(Object.keys(after.chat.hostBubbles), ['backgroundColor', 'color'])
  })

  test('setPath creates missing objects along the path only', () => {
    const after = setPath({}, ['general', 'rememberUser', 'storage'], 'local')
    assert.deepEqual(after, { general: { rememberUser: { storage: 'local' } } })
    const untouched = { metadata: { title: 'x' } }
    const next = setPath(untouched, ['security', 'allowedOrigins'], ['https://a.example'])
    assert.equal(next.metadata, untouched.metadata)
    assert.deepEqual(next, { metadata: { title: 'x' }, security: { allowedOrigins: ['https://a.example'] } })
  })

  test('undefined removes the key (back to the default); removing an absent key adds nothing', () => {
    const after = setPath(theme(), ['chat', 'roundness'], undefined)
    assert.equal('roundness' in after.chat, false)
    const root = { a: { b: 1 } }
    assert.equal(setPath(root, ['a', 'c'], undefined), root)
    assert.equal(setPath(root, ['x', 'y', 'z'], undefined), root)
  })

  test('a non-object step is replaced by an object (a font given as a plain string becoming { type, family })', () => {
    assert.deepEqual(setPath({ font: 'Lato' }, ['font', 'family'], 'Inter'), { font: { family: 'Inter' } })
  })

  test('setPaths applies changes in order', () => {
    const after = setPaths(theme(), [
      [['general', 'background', 'type'], 'Image'],
      [['general', 'background', 'content'], 'https://example.com/bg.png'],
    ])
    assert.deepEqual(after.general.background, { type: 'Image', content: 'https://example.com/bg.png' })
    assert.deepEqual(after.general.somethingNew, [1, 2])
  })
})
