import assert from 'node:assert/strict'
import { test } from 'node:test'
import { errorMessage, sseReader } from './client.js'
import { nextBubbleShowsVariable } from './completion.js'
import { extractionPrompt, parseExtraction, type Field } from './generateVariables.js'
import { asList, buildMessages, dialogueMessages, sequenceMessages } from './messages.js'
import type { Variable } from '../../../contract/bot/common.js'
import { blockContext } from '../../../../test/support/blocks.js'
import { bot, compile, edge, say } from '../../../../test/support/engine.js'

const context = (variables: Variable[]) => blockContext({ variables, runtime: { evaluate: async () => ({ ok: true, value: 42 }) } }).ctx

test('a dialogue alternates from the user by default, from the assistant when told, and skips empty turns', async () => {
  assert.deepEqual(dialogueMessages(['hi', 'hello', 'how?']), [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
    { role: 'user', content: 'how?' },
  ])
  assert.deepEqual(dialogueMessages(['Welcome', 'thanks', null, 'bye'], 'assistant'), [
    { role: 'assistant', content: 'Welcome' },
    { role: 'user', content: 'thanks' },
    { role: 'user', content: 'bye' },
  ])
})

test('a messages sequence starts with the longer list; equal lengths start with the assistant', async () => {
  assert.deepEqual(sequenceMessages(['u1', 'u2'], ['a1']), [
    { role: 'user', content: 'u1' },
    { role: 'assistant', content: 'a1' },
    { role: 'user', content: 'u2' },
  ])
  assert.deepEqual(sequenceMessages(['u1'], ['a1']), [
    { role: 'assistant', content: 'a1' },
    { role: 'user', content: 'u1' },
  ])
})

test('list values: lists kept, JSON arrays parsed, other text as one item', async () => {
  assert.deepEqual(asList(['a', null]), ['a', null])
  assert.deepEqual(asList('["a","b"]'), ['a', 'b'])
  assert.deepEqual(asList('plain'), ['plain'])
  assert.equal(asList(undefined), undefined)
})

test('buildMessages templates plain messages, drops empty ones, spreads dialogues and converts sequence variables to lists', async () => {
  const ctx = context([
    { id: 'vName', name: 'Name', value: 'Ada' },
    { id: 'vHistory', name: 'History', value: ['Hi', 'Hello Ada'] },
    { id: 'vUser', name: 'User', value: 'question' },
    { id: 'vBot', name: 'Bot', value: ['answer'] },
  ])
  const { messages, variableUpdates } = await buildMessages(
    [
      { role: 'system', content: 'You help {{Name}}. {{=1+1=}}' },
      { role: 'user', content: '{{Unknown}}' },
      { role: 'assistant', content: 'Named', name: '{{Name}}' },
      { role: 'Dialogue', dialogueVariableId: 'vHistory' },
      { role: 'Messages sequence ✨', content: { userMessagesVariableId: 'vUser', assistantMessagesVariableId: 'vBot' } },
      { role: 'Dialogue' },
      { role: 'bogus', content: 'x' },
    ],
    ctx,
  )
  assert.deepEqual(messages, [
    { role: 'system', content: 'You help Ada. 42' },
    { role: 'assistant', content: 'Named', name: 'Ada' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello Ada' },
    { role: 'assistant', content: 'answer' },
    { role: 'user', content: 'question' },
  ])
  assert.deepEqual(variableUpdates, [{ variableId: 'vUser', value: ['question'] }])
})

test('the extraction prompt lists each key with its type; the answer is coerced per type', async () => {
  const fields: Field[] = [
    { variableId: 'v1', name: 'Company', type: 'string', description: 'Where they work', isRequired: true, values: [] },
    { variableId: 'v2', name: 'Revenue', type: 'number', isRequired: false, values: [] },
    { variableId: 'v3', name: 'Plan', type: 'enum', isRequired: true, values: ['basic', 'pro'] },
    { variableId: 'v4', name: 'Tags', type: 'array', isRequired: true, values: [] },
    { variableId: 'v5', name: 'Urgent', type: 'boolean', isRequired: true, values: [] },
  ]
  const prompt = extractionPrompt('Extract from: "I run Acme"', fields)
  assert.match(prompt, /^Extract from: "I run Acme"\n\nAnswer with a JSON object only/)
  assert.match(prompt, /- "Company" \(string\): Where they work/)
  assert.match(prompt, /- "Revenue" \(number, or null\)/)
  assert.match(prompt, /- "Plan" \(one of "basic", "pro"\)/)
  assert.match(prompt, /Use null for a value/)
  assert.deepEqual(parseExtraction('{"Company":"Acme","Revenue":"12.5","Plan":"gold","Tags":["a","b"],"Urgent":false}', fields), [
    { variableId: 'v1', value: 'Acme' },
    { variableId: 'v2', value: '12.5' },
    { variableId: 'v4', value: ['a', 'b'] },
    { variableId: 'v5', value: 'false' },
  ])
  assert.deepEqual(parseExtraction('```json\n{"Company":null,"Revenue":3}\n```', fields), [{ variableId: 'v2', value: '3' }])
  assert.equal(parseExtraction('not json', fields), undefined)
  assert.equal(parseExtraction('[1]', fields), undefined)
})

test('the SSE reader yields data payloads across chunk and character boundaries', async () => {
  const seen: string[] = []
  const reader = sseReader((data) => seen.push(data))
  const bytes = new TextEncoder().encode('data: {"t":"é"}\r\n\n: comment\ndata: [DONE]')
  const cut = bytes.indexOf(0xa9) // inside the two bytes of "é"
  reader.push(bytes.slice(0, cut))
  reader.push(bytes.slice(cut))
  assert.deepEqual(seen, ['{"t":"é"}'])
  reader.end()
  assert.deepEqual(seen, ['{"t":"é"}', '[DONE]'])
})

test('provider error bodies become readable messages', async () => {
  assert.equal(errorMessage('{"error":{"message":"Incorrect API key provided"}}'), 'Incorrect API key provided')
  assert.equal(errorMessage('{"object":"error","message":"Unauthorized"}'), 'Unauthorized')
  assert.equal(errorMessage('{"detail":[{"msg":"bad"}]}'), '[{"msg":"bad"}]')
  assert.equal(errorMessage('Bad gateway'), 'Bad gateway')
  assert.equal(errorMessage(''), 'no error message')
})

test('streaming needs the next block (in the group, else across the edge) to be a bubble opening with the answer variable', async () => {
  const variables = [{ id: 'vA', name: 'Answer' }]
  const ai = { id: 'ai', type: 'openai', options: {} }
  const sameGroup = compile(bot([['g', [ai, say('show', '{{Answer}}')]]], { variables }))
  assert.equal(nextBubbleShowsVariable(sameGroup, 'ai', 'vA'), true)
  assert.equal(nextBubbleShowsVariable(sameGroup, 'ai', 'unknown'), false)
  const acrossEdge = compile(
    bot(
      [
        ['g1', [{ ...ai, outgoingEdgeId: 'e1' }]],
        ['g2', [say('show', '{{Answer}}')]],
      ],
      { variables, edges: [edge('e1', { blockId: 'ai' }, 'g2')] },
    ),
  )
  assert.equal(nextBubbleShowsVariable(acrossEdge, 'ai', 'vA'), true)
  const otherText = compile(bot([['g', [ai, say('show', 'Answer: {{Answer}}')]]], { variables }))
  assert.equal(nextBubbleShowsVariable(otherText, 'ai', 'vA'), false)
})
