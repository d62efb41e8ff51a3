// Typebot's real embed client (0.10.7 and 0.3.92) in headless Chromium: embedded in an iframe of another site,
// `settings.security.allowedOrigins`, and the error screens the client shows from Parley's answers.
import assert from 'node:assert/strict'
import { describe, type TestContext, test } from 'node:test'
import type { Request } from 'playwright-core'
import { clients, embedHtml, iframeHtml, openChat, useEmbedEnvironment } from '../support/browser.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'

const fast = { typingEmulation: { enabled: false } }

/** One question, one answer. */
const askName = (settings: Record<string, unknown> = {}) =>
  bot([['g', [say('hi', 'Your name?'), { id: 'ask', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Hello {{Name}}.')]]], {
    variables: [{ id: 'vName', name: 'Name' }],
    settings: { ...fast, ...settings },
  })

describe('Typebot embed client in Chromium: origins and error screens', { concurrency: true }, () => {
  const env = useEmbedEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  /** Parley's refusal (src/app/sessionState.ts checkOrigin), which the client shows as is. */
  const notAllowed = (origin: string) => `Origin ${origin} is not allowed to chat with this bot.`

  for (const client of clients) {
    describe(`@typebot.io/js ${client.version}`, { concurrency: 1 }, () => {
      /** The bot on a page of `inner`, itself in an iframe of a page of `outer`; with the client's startChat requests. */
      const openFramed = async (t: TestContext, publicId: string, inner = env.site, outer = env.otherSite) => {
        const context = await env.context(t)
        const starts: Request[] = []
        context.on('request', (req) => req.url().endsWith('/startChat') && starts.push(req))
        const framed = inner.page(embedHtml({ client, typebot: publicId, apiHost: env.server.url }))
        return { chat: await openChat(context, outer.page(iframeHtml(framed)), { inIframe: true }), starts }
      }

      test('in an iframe of another site: the chat works', async (t) => {
        const { publicId } = await publish(askName())
        const { chat, starts } = await openFramed(t, publicId)
        await chat.waitForBubble('Your name?')
        // The frame's own origin calls Parley, and the client says which site holds the frame.
        const headers = await starts[0].allHeaders()
        assert.equal(headers.origin, env.site.origin)
        assert.equal(headers['x-typebot-iframe-referrer-origin'], env.otherSite.origin)
        await chat.answer('Ada')
        await chat.waitForBubble('Hello Ada.')
      })

      test("allowedOrigins: the listed site's frame chats; a frame of another site gets the client's refusal screen", async (t) => {
        const { id, publicId } = await publish(askName({ security: { allowedOrigins: [env.site.origin] } }))
        const { chat: allowed } = await openFramed(t, publicId)
        await allowed.waitForBubble('Your name?')
        await allowed.answer('Ada')
        await allowed.waitForBubble('Hello Ada.')

        const { chat: refused } = await openFramed(t, publicId, env.otherSite, env.site)
        await refused.waitForText(notAllowed(env.otherSite.origin))
        assert.deepEqual(await refused.hostBubbles(), [])
        assert.equal((await env.results(id)).length, 1, 'only the allowed chat left a result')
      })

      test("error screens: unknown bot, closed bot (its own message), page of an origin that isn't allowed", async (t) => {
        const unknown = await env.open(t, client, 'no-such-bot')
        await unknown.waitForText("The bot you're looking for doesn't exist.")

        const closed = await publish(askName())
        const patched = await env.server.call('PATCH', `/v1/bots/${closed.id}`, {
          token: env.owner.token,
          body: { bot: { isClosed: true, settings: { general: { systemMessages: { botClosed: 'Closed for the holidays.' } } } } },
        })
        assert.equal(patched.status, 200, JSON.stringify(patched.body))
        assert.equal((await env.server.call('POST', `/v1/bots/${closed.id}/publish`, { token: env.owner.token })).status, 200)
        const closedChat = await env.open(t, client, closed.publicId)
        await closedChat.waitForText('Closed for the holidays.')

        const { publicId } = await publish(askName({ security: { allowedOrigins: ['https://shop.example.com'] } }))
        const elsewhere = await env.open(t, client, publicId)
        await elsewhere.waitForText(notAllowed(env.site.origin))
      })
    })
  }
})
