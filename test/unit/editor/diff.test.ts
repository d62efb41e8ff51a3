// The conflict dialog's differences, which autosave also reads to tell its own stored draft from someone else's.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffBots } from '../../../web/app/src/editor/save/diff.js'
import type { EditorBot } from '../../../web/app/src/editor/types.js'

const bot = (over: Partial<EditorBot> = {}) =>
  ({
    name: 'Pizza',
    groups: [{ id: 'g', title: 'Welcome', graphCoordinates: { x: 0, y: 0 }, blocks: [] }],
    events: [],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
    selectedThemeTemplateId: null,
    ...over,
  }) as unknown as EditorBot

test('two copies of one draft differ in nothing; a theme template chosen elsewhere is a difference', () => {
  assert.deepEqual(diffBots(bot(), bot()), [])
  assert.deepEqual(
    diffBots(bot(), bot({ selectedThemeTemplateId: 'minimal' } as Partial<EditorBot>)).map((d) => d.what),
    ['Theme'],
  )
  assert.deepEqual(
    diffBots(bot(), bot({ name: 'Pasta' })).map((d) => d.what),
    ['Name'],
  )
})
