// Message shapes of the bubble kinds (reference 4.4).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { BubbleKind } from '../../engine/kinds.js'
import { allKinds } from '../index.js'
import { embedBubble } from './embed/kind.js'
import { context } from '../../../test/support/blocks.js'

const bubbleKinds = Object.fromEntries(allKinds.filter((k): k is BubbleKind => k.category === 'bubble').map((k) => [k.type, k]))
const render = (block: { id: string; type: string; [key: string]: unknown }, ctx = context()) => bubbleKinds[block.type].render(block, ctx)
const isBubbleWaitingForEvent = (block: any) => block.type === 'embed' && embedBubble.waitsForReply!(block)

test('every bubble kind is registered by its type', async () => {
  assert.deepEqual(Object.keys(bubbleKinds).sort(), ['audio', 'embed', 'image', 'text', 'video'])
})

test('a bubble without content is skipped', async () => {
  for (const type of Object.keys(bubbleKinds)) assert.equal(await render({ id: 'b1', type }), undefined)
})

test('text: rich text with variables templated', async () => {
  const block = {
    id: 'b1',
    type: 'text',
    outgoingEdgeId: 'e1',
    content: { richText: [{ type: 'p', children: [{ text: 'Hello {{Name}}' }] }], plainText: 'x' },
  }
  assert.deepEqual(await render(block, context({ Name: 'John' })), {
    id: 'b1',
    type: 'text',
    content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'John' }] }] },
  })
})

test('text: Markdown when the client asked for it', async () => {
  const richText = [
    { type: 'p', children: [{ text: 'Hello ' }, { text: '{{Name}}', bold: true }] },
    { type: 'p', children: [{ text: 'Bye {{= 1 + 1 =}}' }] },
  ]
  assert.deepEqual(await render({ id: 'b1', type: 'text', content: { richText } }, context({ Name: 'John' }, 'markdown')), {
    id: 'b1',
    type: 'text',
    content: { type: 'markdown', markdown: 'Hello **John**\nBye 2' },
  })
})

test('text: content without rich text is one empty paragraph (never an empty tree: Typebot client 0.3.x reads its first node)', async () => {
  const empty = { id: 'b1', type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: '' }] }] } }
  assert.deepEqual(await render({ id: 'b1', type: 'text', content: {} }), empty)
  assert.deepEqual(await render({ id: 'b1', type: 'text', content: { richText: [] } }), empty)
})

test('image: URL and click link templated', async () => {
  const block = { id: 'b2', type: 'image', content: { url: 'https://img.io/{{Pic}}.png', clickLink: { url: '{{Link}}', alt: 'Photo of {{Name}}' } } }
  assert.deepEqual(await render(block, context({ Pic: 'cat', Link: 'https://cats.io', Name: 'Tom' })), {
    id: 'b2',
    type: 'image',
    content: { url: 'https://img.io/cat.png', clickLink: { url: 'https://cats.io', alt: 'Photo of Tom' } },
  })
})

test('video: URL parsed, other fields kept, height numeric', async () => {
  const block = {
    id: 'b3',
    type: 'video',
    content: { url: 'https://youtu.be/{{Vid}}?t=30', height: '{{H}}', aspectRatio: '16/9', maxWidth: '100%', areControlsDisplayed: false },
  }
  assert.deepEqual(await render(block, context({ Vid: 'dQw4w9WgXcQ', H: '320.5' })), {
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

test('video: height defaults to 400 unless a number or numeric text', async () => {
  const height = async (value: unknown) =>
    (await render({ id: 'b', type: 'video', content: { url: 'https://v.io/a.mp4', height: value } }))?.content.height
  assert.equal(await height(undefined), 400)
  assert.equal(await height(250), 250)
  assert.equal(await height('300'), 300)
  assert.equal(await height('{{Unknown}}'), 400)
  assert.equal(await height('tall'), 400)
})

test('video: a file URL is played as is', async () => {
  assert.deepEqual((await render({ id: 'b3', type: 'video', content: { url: 'https://cdn.io/{{F}}' } }, context({ F: 'a.mp4' })))?.content, {
    type: 'url',
    url: 'https://cdn.io/a.mp4',
    height: 400,
  })
})

test('audio: URL templated, autoplay kept', async () => {
  assert.deepEqual(
    await render({ id: 'b4', type: 'audio', content: { url: '{{Sound}}', isAutoplayEnabled: false } }, context({ Sound: 'https://a.io/s.mp3' })),
    {
      id: 'b4',
      type: 'audio',
      content: { url: 'https://a.io/s.mp3', isAutoplayEnabled: false },
    },
  )
})

test('embed: URL templated, height numeric, waitForEvent kept', async () => {
  const waitForEvent = { isEnabled: true, name: 'done', saveDataInVariableId: 'v9' }
  const block = { id: 'b5', type: 'embed', content: { url: 'https://form.io/?u={{User}}', height: '{{H}}', waitForEvent } }
  assert.deepEqual(await render(block, context({ User: 'u1', H: '600' })), {
    id: 'b5',
    type: 'embed',
    content: { url: 'https://form.io/?u=u1', height: 600, waitForEvent },
  })
  assert.equal((await render({ id: 'b5', type: 'embed', content: { url: 'https://x.io' } }))?.content.height, 400)
})

test('only an embed with waitForEvent enabled makes the flow wait', async () => {
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: { waitForEvent: { isEnabled: true } } } as any), true)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: { waitForEvent: { isEnabled: false } } } as any), false)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'embed', content: {} } as any), false)
  assert.equal(isBubbleWaitingForEvent({ id: 'b', type: 'text', content: { waitForEvent: { isEnabled: true } } } as any), false)
})
