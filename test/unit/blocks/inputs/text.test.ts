import assert from 'node:assert/strict'
import { test } from 'node:test'
import { textInput } from '../../../../src/blocks/inputs/text.js'
import type { TextInputBlock } from '../../../../src/schema/blocks/inputs.js'
import { context, parse, text } from './context.js'

const block: TextInputBlock = {
  id: 'b1',
  type: 'text input',
  outgoingEdgeId: 'e1',
  options: { variableId: 'v1', labels: { placeholder: 'Hi {{Name}}', button: 'Send' } },
}

test('text: any text is accepted as is', () => {
  assert.deepEqual(parse(textInput, block, text('  Hello there ')), { status: 'success', content: '  Hello there ' })
})

test('text: a voice message is answered with its URL', () => {
  assert.deepEqual(parse(textInput, block, { type: 'audio', url: 'https://s3/clip.webm' }), {
    status: 'success',
    content: 'https://s3/clip.webm',
  })
})

test('text: no reply or a command fails', () => {
  assert.deepEqual(parse(textInput, block, undefined), { status: 'fail' })
  assert.deepEqual(parse(textInput, block, { type: 'command', command: 'start' }), { status: 'fail' })
})

test('text: options are templated and the current string value is prefilled', () => {
  const ctx = context([
    { id: 'v1', name: 'Answer', value: 'previous' },
    { id: 'v2', name: 'Name', value: 'Ada' },
  ])
  assert.deepEqual(textInput.prepare(block, ctx), {
    ...block,
    options: { variableId: 'v1', labels: { placeholder: 'Hi Ada', button: 'Send' } },
    prefilledValue: 'previous',
  })
})

test('text: lists and empty values are not prefilled', () => {
  for (const value of [['a', 'b'], '', null]) {
    const input = textInput.prepare(block, context([{ id: 'v1', name: 'Answer', value }]))
    assert.equal('prefilledValue' in input, false)
  }
})

test('text: no retry message of its own', () => {
  assert.equal(textInput.retryMessage, undefined)
})
