// Typebot's real embed client (0.10.7 and 0.3.92) in headless Chromium, on what runs in the browser: a script
// that throws (the client reports it with clientLogs, stored on the result) and a completion streamed from a local
// OpenAI-compatible server (streamMessage), after which the flow goes on with the streamed text.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { clients, embedHtml, openChat, useEmbedEnvironment } from '../support/browser.js'
import { bot, say } from '../support/engine.js'
import { type OpenAiServer, pieces, startOpenAiServer } from '../support/openaiServer.js'
import { importAndPublish } from '../support/seed.js'

/** A wait begun before the page opens covers the whole conversation, not one step (10 s) of it. */
const CONVERSATION_MS = 30_000

const fast = { typingEmulation: { enabled: false } }
/** What the local model answers (streamed word by word); both clients' chats run at once, so it is the same. */
const answer = 'Blue light is scattered the most by the air.'
const textInput = (id: string, variableId: string) => ({ id, type: 'text input', options: { variableId } })

describe('Typebot embed client in Chromium: client-side actions', { concurrency: true }, () => {
  const env = useEmbedEnvironment({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'embed-test-secret-0123456789' })
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  let llm: OpenAiServer
  let credentialsId: string
  before(async () => {
    llm = await startOpenAiServer({ content: answer })
    const res = await env.server.call('POST', `/v1/workspaces/${env.owner.workspaceId}/credentials`, {
      token: env.owner.token,
      body: { type: 'openai', name: 'Local model', data: { apiKey: 'sk-embed', baseUrl: llm.baseUrl } },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    credentialsId = res.body.credentials.id
  })
  after(() => llm?.close())

  for (const client of clients) {
    describe(`@typebot.io/js ${client.version}`, { concurrency: 1 }, () => {
      test('a client-side script that throws: the client posts clientLogs, readable in the result logs', async (t) => {
        const { id, publicId } = await publish(
          bot(
            [
              [
                'g',
                [
                  say('hi', 'Before the script.'),
                  {
                    id: 'code',
                    type: 'Code',
                    options: { name: 'Broken', content: "throw new Error('broken on purpose')", isExecutedOnClient: true },
                  },
                  say('after', 'After the script. Your name?'),
                  textInput('ask', 'vName'),
                  say('bye', 'Bye {{Name}}.'),
                ],
              ],
            ],
            { variables: [{ id: 'vName', name: 'Name' }], settings: fast },
          ),
        )
        const context = await env.context(t)
        const reported = context.waitForEvent('response', { predicate: (res) => res.url().endsWith('/clientLogs'), timeout: CONVERSATION_MS })
        const chat = await openChat(context, env.site.page(embedHtml({ client, typebot: publicId, apiHost: env.server.url })))
        await chat.waitForBubble('After the script. Your name?')
        const res = await reported
        assert.equal(res.status(), 200, await res.text())
        await chat.answer('Ada')
        await chat.waitForBubble('Bye Ada.')

        const [result] = await env.results(id)
        const logs = await env.server.call('GET', `/v1/bots/${id}/results/${result.id}/logs`, { token: env.owner.token })
        assert.equal(logs.status, 200, JSON.stringify(logs.body))
        assert.deepEqual(
          logs.body.logs.map(({ status, description, context }: any) => ({ status, description, context })),
          [{ status: 'error', description: 'broken on purpose', context: 'While executing script' }],
        )
      })

      test('a completion streamed from a local OpenAI-compatible server (streamMessage) shows in a bubble, then the flow goes on', async (t) => {
        const { publicId } = await publish(
          bot(
            [
              [
                'g',
                [
                  say('hi', 'Ask me anything.'),
                  textInput('ask', 'vQuestion'),
                  {
                    id: 'ai',
                    type: 'openai',
                    options: {
                      action: 'Create chat completion',
                      credentialsId,
                      model: 'gpt-4o-mini',
                      messages: [{ role: 'user', content: '{{Question}}' }],
                      responseMapping: [{ item: 'Message content', variableId: 'vAnswer' }],
                    },
                  },
                  // As in Typebot, a completion streams when the next bubble shows just its answer: the stream stands for it.
                  say('answer', '{{Answer}}'),
                  say('after', 'Kept: {{Answer}}'),
                ],
              ],
            ],
            {
              variables: [
                { id: 'vQuestion', name: 'Question' },
                { id: 'vAnswer', name: 'Answer' },
              ],
              settings: fast,
            },
          ),
        )
        const context = await env.context(t)
        const streamed = context.waitForEvent('response', {
          predicate: (res) => /\/api\/v2\/sessions\/[^/]+\/streamMessage$/.test(res.url()),
          timeout: CONVERSATION_MS,
        })
        const chat = await openChat(context, env.site.page(embedHtml({ client, typebot: publicId, apiHost: env.server.url })))
        await chat.waitForBubble('Ask me anything.')
        await chat.answer('Why is the sky blue?')
        await chat.waitForBubble(`Kept: ${answer}`)
        const stream = await streamed
        assert.equal(stream.status(), 200)
        // One text part per piece the model sent, in the data-stream format the client parses.
        assert.equal(
          await stream.text(),
          pieces(answer)
            .map((piece) => `0:${JSON.stringify(piece)}\n`)
            .join(''),
        )
        assert.deepEqual(await chat.hostBubbles(), ['Ask me anything.', answer, `Kept: ${answer}`])
        const request = llm.requests.find((r) => r.body?.messages?.some((m: any) => m.content === 'Why is the sky blue?'))
        assert.equal(request?.body.stream, true, 'the completion was asked for as a stream')
      })
    })
  }
})
