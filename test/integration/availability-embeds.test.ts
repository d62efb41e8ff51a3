// Availability in Chromium: an embed-only bot (no hosted page) chats in Parley's widget and in Typebot's embed client
// on a site it allows, while its page at the public address answers 404; a bot past its closing time shows its
// closed message in the widget, in the Typebot client and on its hosted page.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { clients, embedHtml, openChat } from '../support/browser.js'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

const client = clients[0]

const askName = (general: Record<string, unknown>, settings: Record<string, unknown> = {}) =>
  bot([['g', [say('hi', 'Your name?'), { id: 'ask', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Hello {{Name}}.')]]], {
    variables: [{ id: 'vName', name: 'Name' }],
    settings: { typingEmulation: { enabled: false }, general: { systemMessages: { botClosed: 'Closed until spring' }, ...general }, ...settings },
  })

describe('embed-only and scheduled bots in Chromium', { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  /** Typebot's client, served by the same site as the widget. */
  const typebotPage = (publicId: string) => {
    env.site.asset(
      `/typebot-${client.version}/web.js`,
      readFileSync(new URL(`../../node_modules/${client.package}/dist/web.js`, import.meta.url), 'utf8'),
      'text/javascript',
    )
    return env.site.page(embedHtml({ client, typebot: publicId, apiHost: env.server.url }))
  }
  const widgetPage = (publicId: string) =>
    sitePage(`<parley-standard bot="${publicId}" api-host="${env.server.url}" style="height:560px"></parley-standard>`)

  test('embed-only: the widget and the Typebot client chat on an allowed site; the hosted page is 404', async (t) => {
    const { publicId } = await publish(askName({ isHostedPageEnabled: false }, { security: { allowedOrigins: [env.site.origin] } }))
    assert.equal((await fetch(`${env.server.contentUrl}/${publicId}`)).status, 404)

    const widget = await env.open(t, widgetPage(publicId))
    await widget.waitForBubble('Your name?')
    await widget.answer('Ada')
    await widget.waitForBubble('Hello Ada.')
    await widget.screenshot('embed-only-widget')

    const typebot = await openChat(await env.context(t), typebotPage(publicId))
    await typebot.waitForBubble('Your name?')
    await typebot.answer('Bo')
    await typebot.waitForBubble('Hello Bo.')

    // The page itself, opened in the browser: the styled "no bot here" page.
    const page = await (await env.context(t)).newPage()
    const res = await page.goto(`${env.server.contentUrl}/${publicId}`)
    assert.equal(res?.status(), 404)
    await page.getByText('There is no bot here').waitFor()
  })

  test('past its closing time: the widget, the Typebot client and the hosted page show the closed message', async (t) => {
    const { publicId } = await publish(askName({ opensAt: '2020-01-01T00:00:00Z', closesAt: '2020-02-01T00:00:00+01:00', timeZone: 'Europe/Paris' }))
    const widget = await env.open(t, widgetPage(publicId))
    await widget.page.locator('parley-standard').getByText('Closed until spring').waitFor()
    assert.deepEqual(await widget.hostBubbles(), [])
    await widget.screenshot('scheduled-closed-widget')

    const typebot = await openChat(await env.context(t), typebotPage(publicId))
    await typebot.waitForText('Closed until spring')

    const page = await (await env.context(t)).newPage()
    const res = await page.goto(`${env.server.contentUrl}/${publicId}`)
    assert.equal(res?.status(), 410)
    await page.getByRole('heading', { name: 'Closed until spring' }).waitFor()
  })
})
