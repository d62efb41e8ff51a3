import assert from 'node:assert/strict'
import { test } from 'node:test'
import { textInput } from './kind.js'
import { type TextInputBlock, textInputPreparedSchema } from './schema.js'
import { context, parse, text } from '../../../../test/support/blocks.js'

const block: TextInputBlock = {
  id: 'b1',
  type: 'text input',
  outgoingEdgeId: 'e1',
  options: { variableId: 'v1', labels: { placeholder: 'Hi {{Name}}', button: 'Send' } },
}

test('text: any text is accepted as is', async () => {
  assert.deepEqual(await parse(textInput, block, text('  Hello there ')), { status: 'success', content: '  Hello there ' })
})

test('text: a voice message is answered with its URL', async () => {
  assert.deepEqual(await parse(textInput, block, { type: 'audio', url: 'https://s3/clip.webm' }), {
    status: 'success',
    content: 'https://s3/clip.webm',
  })
})

test('text: no reply or a command fails', async () => {
  assert.deepEqual(await parse(textInput, block, undefined), { status: 'fail' })
  assert.deepEqual(await parse(textInput, block, { type: 'command', command: 'start' }), { status: 'fail' })
})

test('text: options are templated and the current string value is prefilled', async () => {
  const ctx = context([
    { id: 'v1', name: 'Answer', value: 'previous' },
    { id: 'v2', name: 'Name', value: 'Ada' },
  ])
  assert.deepEqual(await textInput.prepare(block, ctx), {
    ...block,
    options: { variableId: 'v1', labels: { placeholder: 'Hi Ada', button: 'Send' } },
    prefilledValue: 'previous',
  })
})

test('text: what it sends to clients parses with its prepared schema', async () => {
  const input = await textInput.prepare(block, context([{ id: 'v1', name: 'Answer', value: 'previous' }]))
  assert.deepEqual(textInputPreparedSchema.parse(input), input)
})

test('text: lists and empty values are not prefilled', async () => {
  for (const value of [['a', 'b'], '', null]) {
    const input = await textInput.prepare(block, context([{ id: 'v1', name: 'Answer', value }]))
    assert.equal('prefilledValue' in input, false)
  }
})

test('text: no retry message of its own', async () => {
  assert.equal(textInput.retryMessage, undefined)
})
