import assert from 'node:assert/strict'
import { test } from 'node:test'
import { kindContext, openAiCompatibleKindTests } from '../../../../test/support/llmKinds.js'
import { startOpenAiServer } from '../../../../test/support/openaiServer.js'
import { forgedPerplexity } from './kind.js'

openAiCompatibleKindTests(forgedPerplexity, { label: 'Perplexity', defaultBaseUrl: 'https://api.perplexity.ai' })

test('perplexity: tools are not sent (its API takes none)', async () => {
  const llm = await startOpenAiServer()
  try {
    const block = {
      id: 'ai',
      type: 'perplexity',
      options: {
        action: 'Create chat completion',
        credentialsId: 'c1',
        model: 'sonar',
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ name: 'f', code: 'return 1' }],
        responseMapping: [{ variableId: 'vAnswer' }],
      },
    }
    const ctx = kindContext({
      blocks: [block],
      variables: [{ id: 'vAnswer', name: 'Answer' }],
      credentials: [{ id: 'c1', type: 'perplexity', name: 'P', data: { apiKey: 'k', baseUrl: llm.baseUrl } }],
    })
    assert.deepEqual((await forgedPerplexity.execute(block, ctx)).variableUpdates, [{ variableId: 'vAnswer', value: 'Hello from the model' }])
    assert.equal(llm.requests[0].body.tools, undefined)
  } finally {
    await llm.close()
  }
})
