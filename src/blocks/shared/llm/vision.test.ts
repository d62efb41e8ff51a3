import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Variable } from '../../../contract/bot/common.js'
import { type AnthropicServer, startAnthropicServer } from '../../../../test/support/anthropicServer.js'
import { kindContext } from '../../../../test/support/llmKinds.js'
import { type OpenAiServer, startOpenAiServer } from '../../../../test/support/openaiServer.js'
import { type Peer, startPeer } from '../../../../test/support/peer.js'
import { forgedAnthropic } from '../../forge/anthropic/kind.js'
import { forgedOpenai } from '../../forge/openai/kind.js'
import { anthropicModelSeesImages, openAiModelSeesImages } from './vision.js'

let files: Peer
let openai: OpenAiServer
let claude: AnthropicServer
before(async () => {
  files = await startPeer(({ path }, res) => {
    if (path === '/cat.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('png')
    if (path === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>')
    res.writeHead(404).end()
  })
  ;[openai, claude] = await Promise.all([startOpenAiServer(), startAnthropicServer()])
})
after(() => Promise.all([files.close(), openai.close(), claude.close()]))

const message = () =>
  [
    'What is in these?',
    `${files.origin}/cat.png`,
    `["${files.origin}/page", "${files.origin}/missing"]`,
    'http://169.254.169.254/latest/meta-data',
    'Thanks',
  ].join('\n\n')

const run = (kind: typeof forgedOpenai, type: string, model: string, baseUrl: string, action = 'Create chat completion') => {
  const block = {
    id: 'ai',
    type,
    options: { action, credentialsId: 'c1', model, messages: [{ role: 'user', content: '{{Question}}' }] },
  }
  const variables: Variable[] = [{ id: 'vQ', name: 'Question', value: message() }]
  return kind.execute(
    block,
    kindContext({ blocks: [block], variables, credentials: [{ id: 'c1', type, name: type, data: { apiKey: 'k', baseUrl } }] }),
  )
}

test('the models that see images, as Typebot lists them', () => {
  for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-5', 'gpt-4-turbo', 'gpt-4-vision-preview']) assert.ok(openAiModelSeesImages(model), model)
  for (const model of ['gpt-4-turbo-preview', 'gpt-3.5-turbo', 'o3', 'gpt-4.1']) assert.ok(!openAiModelSeesImages(model), model)
  assert.ok(anthropicModelSeesImages('claude-sonnet-4-5') && !anthropicModelSeesImages('sonnet'))
})

test('OpenAI: an image URL becomes an image_url part, another URL stays text, a missing or refused one is dropped', async () => {
  const before = files.requests.length
  await run(forgedOpenai, 'openai', 'gpt-4o', openai.baseUrl)
  assert.deepEqual(openai.requests.at(-1)!.body.messages, [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'image_url', image_url: { url: `${files.origin}/cat.png` } },
        { type: 'text', text: `${files.origin}/page\n\nThanks` },
      ],
    },
  ])
  assert.deepEqual(
    files.requests
      .slice(before)
      .map((r) => r.path)
      .sort(),
    ['/cat.png', '/missing', '/page'],
    'the metadata address was never fetched',
  )
  await run(forgedOpenai, 'openai', 'gpt-3.5-turbo', openai.baseUrl)
  assert.equal(openai.requests.at(-1)!.body.messages[0].content, message(), 'a model without vision gets the text as it is')
})

test('Anthropic: images as url image blocks', async () => {
  await run(forgedAnthropic, 'anthropic', 'claude-sonnet-4-5', claude.baseUrl, 'Create Chat Message')
  assert.deepEqual(claude.requests.at(-1)!.body.messages, [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'image', source: { type: 'url', url: `${files.origin}/cat.png` } },
        { type: 'text', text: `${files.origin}/page\n\nThanks` },
      ],
    },
  ])
})
