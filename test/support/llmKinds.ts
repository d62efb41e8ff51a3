// Running LLM block kinds in unit tests: a context whose bot holds the block (so the streaming decision sees the
// bubble after it) with loopback HTTP, the stream a paused block asks for, and the shared checks of the
// OpenAI-compatible forged blocks.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Variable } from '../../src/contract/bot/common.js'
import type { ActionKind, ActionResult, BlockContext, StoredCredentials } from '../../src/engine/kinds.js'
import type { Runtime } from '../../src/engine/types.js'
import { blockContext } from './blocks.js'
import { bot, compile, say } from './engine.js'
import { startOpenAiServer } from './openaiServer.js'
import { loopbackHttp } from './peer.js'

export type KindContextOptions = {
  /** The blocks of the bot's one group (the block under test first). */
  blocks: any[]
  variables: Variable[]
  credentials: StoredCredentials[]
  isStreamEnabled?: boolean
  runtime?: Partial<Runtime>
}

export const kindContext = (options: KindContextOptions): BlockContext => {
  const { ctx } = blockContext({
    variables: options.variables,
    credentials: options.credentials,
    runtime: { httpRequest: loopbackHttp, ...options.runtime },
  })
  const compiled = compile(bot([['g', options.blocks]], { variables: options.variables }))
  return { ...ctx, bot: compiled, isStreamEnabled: options.isStreamEnabled ?? false }
}

/** Streams what a paused block asked for, as streamMessage does; then resumes the block with the full text. */
export const streamAndResume = async (kind: ActionKind, block: any, paused: ActionResult, ctx: BlockContext) => {
  assert.equal(paused.waitsForReply, true)
  const stream = await kind.stream!(paused.waitingData, { runtime: ctx.runtime, credentials: ctx.credentials, variables: ctx.variables })
  if (typeof stream !== 'function') throw new Error(stream.error)
  const pieces: string[] = []
  const end = await stream((piece) => pieces.push(piece))
  const resumed = end.ok
    ? await kind.resume!(block, { type: 'text', text: end.text }, ctx, { data: paused.waitingData, delivered: end.delivered })
    : undefined
  return { pieces, end, resumed }
}

/**
 * The checks every OpenAI-compatible forged block passes: the credentials' base URL and key, dialogue and mapping,
 * the provider's default endpoint without a base URL, a missing model, streaming (asking for token counts when the
 * provider takes `stream_options`), and no "Generate variables".
 */
export const openAiCompatibleKindTests = (kind: ActionKind, provider: { label: string; defaultBaseUrl: string; streamUsage?: boolean }) => {
  const variables: Variable[] = [
    { id: 'vHistory', name: 'History', value: ['Hi', 'Hello!', 'Who are you?'] },
    { id: 'vAnswer', name: 'Answer' },
    { id: 'vTokens', name: 'Tokens' },
  ]
  const block = (options: Record<string, unknown>) => ({
    id: 'ai',
    type: kind.type,
    options: {
      action: 'Create chat completion',
      credentialsId: 'c1',
      model: 'some-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'Dialogue', dialogueVariableId: 'vHistory' },
      ],
      responseMapping: [{ variableId: 'vAnswer' }, { item: 'Total tokens', variableId: 'vTokens' }],
      ...options,
    },
  })
  const credentials = (data: Record<string, string>): StoredCredentials[] => [{ id: 'c1', type: kind.type, name: provider.label, data }]

  test(`${kind.type}: a completion over the dialogue, at the credentials' base URL, mapped into variables`, async () => {
    const llm = await startOpenAiServer()
    try {
      llm.reply({ content: 'I am a bot.', totalTokens: 21 })
      const b = block({})
      const ctx = kindContext({ blocks: [b], variables, credentials: credentials({ apiKey: 'k-1', baseUrl: llm.baseUrl }) })
      const result = await kind.execute(b, ctx)
      assert.deepEqual(result.variableUpdates, [
        { variableId: 'vAnswer', value: 'I am a bot.' },
        { variableId: 'vTokens', value: '21' },
      ])
      assert.equal(llm.requests[0].headers.authorization, 'Bearer k-1')
      assert.deepEqual(llm.requests[0].body, {
        model: 'some-model',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: 'Who are you?' },
        ],
      })
    } finally {
      await llm.close()
    }
  })

  test(`${kind.type}: without a base URL the provider's endpoint is called; no model or no credentials: an error log`, async () => {
    const urls: string[] = []
    const offline = {
      httpRequest: async (req: { url: string }) => {
        urls.push(req.url)
        return { ok: false as const, reason: 'network' as const, message: 'offline' }
      },
    }
    const b = block({})
    const ctx = kindContext({ blocks: [b], variables, credentials: credentials({ apiKey: 'k-1' }), runtime: offline })
    const failed = await kind.execute(b, ctx)
    assert.deepEqual(urls, [`${provider.defaultBaseUrl}/chat/completions`])
    assert.deepEqual(failed.logs, [{ status: 'error', description: `${provider.label} request failed: offline` }])
    const noModel = await kind.execute(block({ model: ' ' }), ctx)
    assert.deepEqual(noModel.logs, [{ status: 'error', description: `The ${provider.label} block has no model; skipped.` }])
    const noCredentials = await kind.execute(block({ credentialsId: undefined }), ctx)
    assert.match(noCredentials.logs?.[0].description ?? '', /^Credentials not provided for integration/)
    const generate = await kind.execute(block({ action: 'Generate variables', prompt: 'x' }), ctx)
    assert.match(generate.logs?.[0].description ?? '', new RegExp(`^${provider.label} "Generate variables" is not supported`))
    assert.equal(urls.length, 1)
  })

  test(`${kind.type}: streamed when the next bubble shows the answer; the resume maps text and tokens`, async () => {
    const llm = await startOpenAiServer()
    try {
      llm.reply({ content: 'Streamed words here.', totalTokens: 30 })
      const b = block({})
      const ctx = kindContext({
        blocks: [b, say('show', '{{Answer}}')],
        variables,
        credentials: credentials({ apiKey: 'k-1', baseUrl: llm.baseUrl }),
        isStreamEnabled: true,
      })
      const paused = await kind.execute(b, ctx)
      assert.deepEqual(paused.clientSideActions, [{ type: 'stream', stream: true, expectsDedicatedReply: true }])
      assert.ok(!JSON.stringify(paused.waitingData).includes('k-1'), 'no key in the session')
      const { pieces, resumed } = await streamAndResume(kind, b, paused, ctx)
      assert.deepEqual(pieces, ['Streamed ', 'words ', 'here.'])
      assert.equal(llm.requests[0].body.stream, true)
      assert.deepEqual(llm.requests[0].body.stream_options, provider.streamUsage ? { include_usage: true } : undefined)
      assert.deepEqual(resumed, {
        variableUpdates: [
          { variableId: 'vAnswer', value: 'Streamed words here.' },
          { variableId: 'vTokens', value: '30' },
        ],
        skipsNextBubble: true,
      })
    } finally {
      await llm.close()
    }
  })
}
