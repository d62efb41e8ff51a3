import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type AssistantsServer, startAssistantsServer } from '../../../../test/support/assistantsServer.js'
import { kindContext, streamAndResume } from '../../../../test/support/llmKinds.js'
import { askAssistant } from './assistant.js'
import { forgedOpenai } from './kind.js'

let openai: AssistantsServer
before(async () => {
  openai = await startAssistantsServer()
  openai.assistants.add('asst_1')
})
after(() => openai.close())

const variables = (thread: string | null = null): Variable[] => [
  { id: 'vThread', name: 'Thread', value: thread },
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vCity', name: 'City' },
  { id: 'vThreadOut', name: 'Thread out' },
]
const credentials = (data: Record<string, string> = {}) => [
  { id: 'c1', type: 'openai', name: 'OpenAI', data: { apiKey: 'sk-1', baseUrl: openai.baseUrl, ...data } },
]
const block = (options: Record<string, unknown> = {}) => ({
  id: 'a',
  type: 'openai',
  options: {
    action: 'Ask Assistant',
    credentialsId: 'c1',
    assistantId: 'asst_1',
    threadVariableId: 'vThread',
    message: 'What is the weather in {{City}}?',
    responseMapping: [{ item: 'Message' as const, variableId: 'vAnswer' }],
    ...options,
  },
})
const run = (b: ReturnType<typeof block>, vars: Variable[], data?: Record<string, string>) =>
  forgedOpenai.execute(b, kindContext({ blocks: [b], variables: vars, credentials: credentials(data) }))

test('a new thread: its id saved in the thread variable, the message added, the run polled, the answer without citations', async () => {
  openai.runs({ reply: 'It is sunny【4:0†source】 today.' })
  const vars = variables().map((v) => (v.id === 'vCity' ? { ...v, value: 'Paris' } : v))
  const result = await run(block({ additionalInstructions: 'Be short.' }), vars)
  assert.equal(result.logs, undefined, JSON.stringify(result.logs))
  const [thread, answer] = result.variableUpdates ?? []
  assert.equal(thread.variableId, 'vThread')
  assert.match(String(thread.value), /^thread_\d+$/)
  assert.deepEqual(answer, { variableId: 'vAnswer', value: 'It is sunny today.' })
  const messages = openai.threads.get(String(thread.value))!
  assert.deepEqual(
    messages.map((m) => [m.role, m.content[0].text.value]),
    [
      ['user', 'What is the weather in Paris?'],
      ['assistant', 'It is sunny【4:0†source】 today.'],
    ],
  )
  const create = openai.requests.find((r) => r.method === 'POST' && r.path.endsWith('/runs'))!
  assert.deepEqual(create.body, { assistant_id: 'asst_1', additional_instructions: 'Be short.' })
  assert.equal(create.headers.authorization, 'Bearer sk-1')
})

test('the thread in the variable is continued; a Thread ID mapping gets it; Azure api-version on every call', async () => {
  const first = await run(block(), variables())
  const threadId = String(first.variableUpdates?.[0].value)
  const before = openai.requests.length
  openai.runs({ reply: 'Second answer.' })
  const second = await run(
    block({ responseMapping: [{ variableId: 'vAnswer' }, { item: 'Thread ID', variableId: 'vThreadOut' }] }),
    variables(threadId),
    { apiVersion: '2024-05-01-preview' },
  )
  assert.deepEqual(second.variableUpdates, [
    { variableId: 'vAnswer', value: 'Second answer.' },
    { variableId: 'vThreadOut', value: threadId },
  ])
  const calls = openai.requests.slice(before)
  assert.ok(!calls.some((r) => r.path === '/v1/threads'), 'no new thread')
  assert.ok(
    calls.every((r) => /[?&]api-version=2024-05-01-preview$/.test(r.path)),
    calls.map((r) => r.path).join(' '),
  )
  assert.ok(calls.some((r) => r.path.startsWith(`/v1/threads/${threadId}/messages?run_id=`)))
})

test("function calls run the block's function in the sandbox: its output goes back to the run, its setVariable calls apply", async () => {
  openai.runs({ reply: 'Report: {output}', call: { name: 'get_weather', arguments: '{"city":"Lyon"}' } })
  const functions = [{ name: 'get_weather', code: "setVariable('City', city)\nreturn 'Rainy in ' + city" }]
  const result = await run(block({ functions }), variables())
  assert.deepEqual(result.variableUpdates?.slice(1), [
    { variableId: 'vCity', value: 'Lyon' },
    { variableId: 'vAnswer', value: 'Report: Rainy in Lyon' },
  ])
  const submitted = openai.requests.find((r) => r.path.endsWith('/submit_tool_outputs'))!
  assert.deepEqual(submitted.body, { tool_outputs: [{ tool_call_id: 'call_1', output: 'Rainy in Lyon' }] })
  openai.runs({ reply: 'Report: {output}', call: { name: 'unknown_fn', arguments: '{}' } })
  const missing = await run(block({ functions }), variables())
  assert.deepEqual(missing.variableUpdates?.at(-1), { variableId: 'vAnswer', value: 'Report: {"error":"Function \\"unknown_fn\\" not found"}' })
})

test('failed runs, API errors and runs that do not end are logged; a run left going is cancelled', async () => {
  openai.runs({ fail: 'Rate limit exceeded' })
  assert.deepEqual((await run(block(), variables('')))?.logs, [
    { status: 'error', description: 'The OpenAI Assistant run failed: it ended failed: Rate limit exceeded.' },
  ])
  const unknown = await run(block({ assistantId: 'asst_nope' }), variables())
  assert.deepEqual(unknown.logs, [{ status: 'error', description: "OpenAI Assistant API error - 404: No assistant found with id 'asst_nope'." }])
  assert.equal(unknown.variableUpdates?.[0].variableId, 'vThread', 'the new thread is kept')
  openai.runs({ stuck: true })
  const b = block()
  const ctx = kindContext({ blocks: [b], variables: variables(), credentials: credentials() })
  const stuck = await askAssistant(b.options, { label: 'OpenAI', credentialsId: 'c1', noCredentials: '-', defaultBaseUrl: '-' }, ctx, 'a', {
    maxWaitMs: 30,
    firstPollMs: 10,
    maxPollMs: 10,
    maxToolRounds: 1,
  })
  assert.deepEqual(stuck.logs, [{ status: 'error', description: 'The OpenAI Assistant run failed: it did not end within 0 s and was cancelled.' }])
  assert.ok(openai.requests.at(-1)!.path.endsWith('/cancel'))
})

test('no assistant id or message: an error log and no call', async () => {
  const before = openai.requests.length
  assert.deepEqual((await run(block({ assistantId: ' ' }), variables())).logs, [
    { status: 'error', description: 'The OpenAI "Ask Assistant" action has no assistant ID; skipped.' },
  ])
  assert.deepEqual((await run(block({ message: '' }), variables())).logs, [
    { status: 'error', description: 'The OpenAI "Ask Assistant" action has no message; skipped.' },
  ])
  assert.equal(openai.requests.length, before)
})

test('streamed: the client streams the run, the answer and the new thread id are saved; a failed run is a stream error', async () => {
  openai.runs({ reply: 'Streaming【1:0†source】 works.' }, { fail: 'Server overloaded' })
  const b = block()
  const show = { id: 'show', type: 'text', content: { richText: [{ type: 'p', children: [{ text: '{{Answer}}' }] }] } }
  const context = () => kindContext({ blocks: [b, show], variables: variables(), credentials: credentials(), isStreamEnabled: true })
  const ctx = context()
  const paused = await forgedOpenai.execute(b, ctx)
  assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
  assert.equal(JSON.stringify(paused.waitingData).includes('sk-1'), false, 'the session keeps no key')
  const { pieces, end, resumed } = await streamAndResume(forgedOpenai, b, paused, ctx)
  assert.deepEqual(pieces, ['Streaming【1:0†source】 ', 'works.'])
  assert.equal(end.ok && end.text, 'Streaming works.')
  const updates = Object.fromEntries((resumed?.variableUpdates ?? []).map((u) => [u.variableId, u.value]))
  assert.match(String(updates.vThread), /^thread_\d+$/)
  const failing = context()
  const failed = await streamAndResume(forgedOpenai, b, await forgedOpenai.execute(b, failing), failing)
  assert.equal(failed.end.ok, false)
  assert.match(!failed.end.ok ? failed.end.message : '', /the run ended failed: Server overloaded/)
})

test('streamed with functions: the run asks for a function mid-stream, its output is submitted with stream: true, the answer streams on', async () => {
  openai.runs({ reply: 'Report: {output}', call: { name: 'get_weather', arguments: '{"city":"Lyon"}' } })
  const functions = [{ name: 'get_weather', code: "setVariable('City', city)\nreturn 'Rainy in ' + city" }]
  const b = block({ functions })
  const show = { id: 'show', type: 'text', content: { richText: [{ type: 'p', children: [{ text: '{{Answer}}' }] }] } }
  const ctx = kindContext({ blocks: [b, show], variables: variables(), credentials: credentials(), isStreamEnabled: true })
  const paused = await forgedOpenai.execute(b, ctx)
  assert.equal(paused.waitsForReply, true, 'streamed, functions and all')
  assert.equal(JSON.stringify(paused.waitingData).includes('sk-1'), false, 'the session keeps no key')
  const { pieces, end, resumed } = await streamAndResume(forgedOpenai, b, paused, ctx)
  assert.equal(pieces.join(''), 'Report: Rainy in Lyon')
  assert.equal(end.ok && end.text, 'Report: Rainy in Lyon')
  const submitted = openai.requests.filter((r) => r.path.endsWith('/submit_tool_outputs')).at(-1)!
  assert.deepEqual(submitted.body, { tool_outputs: [{ tool_call_id: 'call_1', output: 'Rainy in Lyon' }], stream: true })
  const updates = Object.fromEntries((resumed?.variableUpdates ?? []).map((u) => [u.variableId, u.value]))
  assert.equal(updates.vCity, 'Lyon')
  assert.equal(updates.vAnswer, 'Report: Rainy in Lyon')

  // A block without functions cannot answer: the run is cancelled, and the stream fails with why.
  openai.runs({ reply: 'Report: {output}', call: { name: 'get_weather', arguments: '{"city":"Lyon"}' } })
  const bare = block()
  const bareCtx = kindContext({ blocks: [bare, show], variables: variables(), credentials: credentials(), isStreamEnabled: true })
  const failed = await streamAndResume(forgedOpenai, bare, await forgedOpenai.execute(bare, bareCtx), bareCtx)
  assert.match(!failed.end.ok ? failed.end.message : '', /asked for a function, and this block has none/)
  assert.ok(openai.requests.at(-1)!.path.endsWith('/cancel'))
})
