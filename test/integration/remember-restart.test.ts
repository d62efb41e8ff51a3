// Remember user with `restartOnEnd` (Typebot issue 2068): a remembered visitor whose chat reached its end starts a
// new chat, as a new result, on their next visit; one who left mid-chat still resumes. Through the API (startChat
// with the result key the widget keeps) and in Chromium (the widget, reloaded).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { importAndPublish } from '../support/seed.js'
import { sitePage, useWebChatEnvironment } from '../support/webChat.js'

const nameBot = (rememberUser: Record<string, unknown>) =>
  bot([['g', [say('hi', 'Your name?'), { id: 'name', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Bye {{Name}}.')]]], {
    variables: [{ id: 'vName', name: 'Name' }],
    settings: { typingEmulation: { enabled: false }, general: { rememberUser: { isEnabled: true, storage: 'local', ...rememberUser } } },
  })

describe('remember user: restart once the chat has ended', { concurrency: true }, () => {
  const env = useWebChatEnvironment()
  const publish = (doc: unknown) => importAndPublish(env.server, env.owner.token, env.owner.workspaceId, doc)
  const start = async (publicId: string, resultId?: string) => {
    const res = await env.server.call('POST', `/api/v1/typebots/${publicId}/startChat`, { body: resultId ? { resultId } : {} })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body as { sessionId: string; resultId: string; messages: any[] }
  }
  const answer = async (sessionId: string, text: string) => {
    const res = await env.server.call('POST', `/api/v1/sessions/${sessionId}/continueChat`, { body: { message: { type: 'text', text } } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
  }
  const results = async (botId: string) => {
    const res = await env.server.call('GET', `/v1/bots/${botId}/results`, { token: env.owner.token })
    return res.body.results as { answers: { content: string }[]; isCompleted: boolean }[]
  }

  test('API: an ended result is not resumed, an unfinished one is; without the setting an ended one is resumed too', async () => {
    const restarting = await publish(nameBot({ restartOnEnd: true }))
    const first = await start(restarting.publicId)
    // Mid-chat: the same result goes on.
    assert.equal((await start(restarting.publicId, first.resultId)).resultId, first.resultId)
    await answer(first.sessionId, 'Ada')
    const again = await start(restarting.publicId, first.resultId)
    assert.notEqual(again.resultId, first.resultId, 'a new result key')
    assert.equal(again.messages[0].content.richText[0].children[0].text, 'Your name?')
    await answer(again.sessionId, 'Grace')
    const stored = await results(restarting.id)
    assert.deepEqual(stored.map((r) => r.answers.map((a) => a.content)).sort(), [['Ada'], ['Grace']])

    const resuming = await publish(nameBot({}))
    const one = await start(resuming.publicId)
    await answer(one.sessionId, 'Ada')
    assert.equal((await start(resuming.publicId, one.resultId)).resultId, one.resultId)
    assert.equal((await results(resuming.id)).length, 1)
  })

  test('Chromium: a reload after the end shows a new chat; a reload mid-chat resumes it', async (t) => {
    const imported = await publish(nameBot({ restartOnEnd: true }))
    const chat = await env.open(
      t,
      sitePage(`<parley-standard bot="${imported.publicId}" api-host="${env.server.url}" style="height:560px"></parley-standard>`),
    )
    await chat.waitForBubble('Your name?')
    await chat.page.reload()
    await chat.waitForBubble('Your name?')
    await chat.answer('Ada')
    await chat.waitForBubble('Bye Ada.')
    await chat.page.reload()
    await chat.waitForBubble('Your name?')
    await chat.page.locator('.p-input input').waitFor()
    assert.deepEqual(await chat.hostBubbles(), ['Your name?'])
    assert.deepEqual(await chat.guestBubbles(), [])
    await chat.answer('Grace')
    await chat.waitForBubble('Bye Grace.')
    const stored = await results(imported.id)
    assert.deepEqual(stored.map((r) => r.answers.map((a) => a.content)).sort(), [['Ada'], ['Grace']])
  })
})
