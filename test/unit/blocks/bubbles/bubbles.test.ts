// Message shapes of the bubble kinds (reference 4.4).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { bubbleKinds, isBubbleWaitingForEvent } from '../../../../src/blocks/bubbles/index.js'
import { context } from './context.js'

const render = (block: { id: string; type: string; [key: string]: unknown }, ctx = context()) => bubbleKinds[block.type].render(block, ctx)

test('every bubble kind is registered by its type', () => {
  assert.deepEqual(Object.keys(bubbleKinds).sort(), ['audio', 'embed', 'image', 'text', 'video'])
})

test('a bubble without content is skipped', () => {
  for (const type of Object.keys(bubbleKinds)) assert.equal(render({ id: 'b1', type }), undefined)
})

test('text: rich text with variables templated', () => {
  const block = { id: 'b1', type: 'text', outgoingEdgeId: 'e1', content: { richText: [{ type: 'p', children: [{ text: 'Hello {{Name}}' }] }], plainText: 'x' } }
  assert.deepEqual(render(block, context({ Name: 'John' })), {
    id: 'b1',
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'John' }] }] },
  })
})

test('text: Markdown when the client asked for it', () => {
  const richText = [{ type: 'p', children: [{ text: 'Hello ' }, { text: '{{Name}}', bold: true }] }, { type: 'p', children: [{ text: 'Bye {{= 1 + 1 =}}' }] }]
  assert.deepEqual(render({ id: 'b1', type: 'text', content: { richText } }, context({ Name: 'John' }, 'markdown')), {
    id: 'b1',
    type: 'text',
    content: { type: 'markdown', markdown: 'Hello **John**\nBye 2' },
  })
})

test('text: content without rich text is an empty message', () => {
  assert.deepEqual(render({ id: 'b1', type: 'text', content: {} }), { id: 'b1', type: 'text', content: { type: 'richText', richText: [] } })
})

test('image: URL and click link templated', () => {
  const block = { id: 'b2', type: 'image', content: { url: 'https://img.io/{{Pic}}.png', clickLink: { url: '{{Link}}', alt: 'Photo of {{Name}}' } } }
  assert.deepEqual(render(block, context({ Pic: 'cat', Link: 'https://cats.io', Name: 'Tom' })), {
    id: 'b2',
    type: 'image',
    content: { url: 'https://img.io/cat.png', clickLink: { url: 'https://cats.io', alt: 'Photo of Tom' } },
  })
})

test('video: URL parsed, other fields kept, height numeric', () => {
  const block = {
    id: 'b3',
    type: 'video',
    content: { url: 'https://youtu.be/{{Vid}}?t=30', height: '{{H}}', aspectRatio: '16/9', maxWidth: '100%', areControlsDisplayed: false },
  }
  assert.deepEqual(render(block, context({ Vid: 'dQw4w9WgXcQ', H: '320.5' })), {
    id: 'b3',
    type: 'video',
    content: {
      type: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ?t=30',
      id: 'dQw4w9WgXcQ',
      queryParamsStr: '?start=30',
      height: 320.5,
      aspectRatio: '16/9',
      maxWidth: '100%',
      areControlsDisplayed: false,
    },
  })
})

test('video: height defaults to 400 unless a number or numeric text', () => {
  const height = (value: unknown) => render({ id: 'b', type: 'video', content: { url: 'https://v.io/a.mp4', height: value } })?.content.height
  assert.equal(height(undefined), 400)
  assert.equal(height(250), 250)
  assert.equal(height('300'), 300)
  assert.equal(height('{{Unknown}}'), 400)
  assert.equal(height('tall'), 400)
})

test('video: a file URL is played as is', () => {
  assert.deepEqual(render({ id: 'b3', type: 'video', content: { url: 'https://cdn.io/{{F}}' } }, context({ F: 'a.mp4' }))?.content, {
    type: 'url',
    url: 'https://cdn.io/a.mp4',
    height: 400,
  })
})

test('audio: URL templated, autoplay kept', () => {
  assert.deepEqual(render({ id: 'b4', type: 'audio', content: { url: '{{Sound}}', isAutoplayEnabled: false } }, context({ Sound: 'https://a.io/s.mp3' })), {
    id: 'b4',
    type: 'audio',
    content: { url: 'https://a.io/s.mp3', isAutoplayEnabled: false },
  })
})

test('embed: URL templated, height numeric, waitForEvent kept', () => {
  const waitForEvent = { isEnabled: true, name: 'done', saveDataInVariableId: 'v9' }
  const block = { id: 'b5', type: 'embed', content: { url: 'https://form.io/?u={{User}}', height: '{{H}}', waitForEvent } }
  assert.deepEqual(render(block, context({ User: 'u1', H: '600' })), {
    id: 'b5',
    type: 'embed',
    content: { url: 'https://form.io/?u=u1', height: 600, waitForEvent },
  })
  assert.equal(render({ id: 'b5', type: 'embed', content: { url: 'https://x.io' } })?.content.height, 400)
})

test('only an embed with waitForEvent enabled makes the flow wait', () => {
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: { waitForEvent: { isEnabled: true } } } as any), true)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: { waitForEvent: { isEnabled: false } } } as any), false)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: {} } as any), false)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'text', content: { waitForEvent: { isEnabled: true } } } as any), false)
})
