import assert from 'node:assert/strict'
import { test } from 'node:test'
import { urlInput } from './kind.js'
import type { UrlInputBlock } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block: UrlInputBlock = { id: 'b1', type: 'url input', options: { variableId: 'v1' } }

test('url: URLs with or without protocol are kept as typed', async () => {
  for (const value of ['https://typebot.io/docs?x=1', 'example.com', 'www.Example.org/Path', 'http://127.0.0.1:8080']) {
    assert.deepEqual(await parse(urlInput, block, text(value)), { status: 'success', content: value }, value)
  }
})

test('url: non URLs fail', async () => {
  for (const value of ['hello', 'http://', 'example', 'not a url.com', '']) {
    assert.deepEqual(await parse(urlInput, block, text(value)), { status: 'fail' }, value)
  }
})

test('url: retry message only when the block sets one', async () => {
  const ctx = context()
  assert.equal(urlInput.retryMessage!(await urlInput.prepare(block, ctx), ctx), undefined)
  const input = await urlInput.prepare({ ...block, options: { retryMessageContent: 'Bad URL' } }, ctx)
  assert.equal(urlInput.retryMessage!(input, ctx), 'Bad URL')
})
