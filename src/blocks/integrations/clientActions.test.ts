import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { chatwoot } from './chatwoot/kind.js'
import { googleAnalytics } from './googleAnalytics/kind.js'
import { pixel } from './pixel/kind.js'
import { blockContext } from '../../../test/support/blocks.js'

describe('Google Analytics block', () => {
  test('a googleAnalytics action with templated options: empty ones dropped, numbers typed', async () => {
    const { ctx } = blockContext({ variables: { Score: '12', Plan: 'pro' } })
    const block = {
      id: 'b',
      type: 'Google Analytics' as const,
      options: { trackingId: 'G-123', category: 'Signup', action: '{{Plan}}', label: '{{Missing}}', value: '{{Score}}' },
    }
    const result = await googleAnalytics.execute(block, ctx)
    assert.deepEqual(result.clientSideActions, [
      { type: 'googleAnalytics', googleAnalytics: { trackingId: 'G-123', category: 'Signup', action: 'pro', value: 12 } },
    ])
  })

  test('nothing in preview', async () => {
    const { ctx } = blockContext({ isPreview: true })
    assert.deepEqual(await googleAnalytics.execute({ id: 'b', type: 'Google Analytics', options: { trackingId: 'G-1' } }, ctx), {})
  })
})

describe('Pixel block', () => {
  test('a pixel action for an event: params templated, the pixel id as written', async () => {
    const { ctx } = blockContext({ variables: { Total: '49.5' } })
    const options = {
      pixelId: '0123',
      eventType: 'Purchase' as const,
      params: [
        { id: 'p1', key: 'value', value: '{{Total}}' },
        { id: 'p2', key: 'currency', value: 'EUR' },
      ],
    }
    const result = await pixel.execute({ id: 'b', type: 'Pixel', options }, ctx)
    assert.deepEqual(result.clientSideActions, [
      {
        type: 'pixel',
        pixel: {
          pixelId: '0123',
          eventType: 'Purchase',
          params: [
            { id: 'p1', key: 'value', value: 49.5 },
            { id: 'p2', key: 'currency', value: 'EUR' },
          ],
        },
      },
    ])
  })

  test('no event (init only), no pixel id or preview: nothing to do', async () => {
    const live = blockContext().ctx
    assert.deepEqual(await pixel.execute({ id: 'b', type: 'Pixel', options: { pixelId: '1' } }, live), {})
    assert.deepEqual(await pixel.execute({ id: 'b', type: 'Pixel', options: { eventType: 'Lead' } }, live), {})
    assert.deepEqual(
      await pixel.execute({ id: 'b', type: 'Pixel', options: { pixelId: '1', eventType: 'Lead' } }, blockContext({ isPreview: true }).ctx),
      {},
    )
  })
})

describe('Chatwoot block', () => {
  test('Show widget: a chatwoot action whose script loads the SDK and opens the widget for the user', async () => {
    const { ctx } = blockContext({ variables: { Email: 'ada@example.com', Name: 'Ada "the first"' } })
    const block = { id: 'b', type: 'Chatwoot' as const, options: { websiteToken: 'tok', user: { email: '{{Email}}', name: '{{Name}}' } } }
    const [action] = (await chatwoot.execute(block, ctx)).clientSideActions!
    assert.equal(action.type, 'chatwoot')
    const script = (action.chatwoot as any).scriptToExecute
    assert.deepEqual(script.args, [])
    assert.match(script.content, /var baseUrl = "https:\/\/app\.chatwoot\.com";/)
    assert.match(script.content, /"\/packs\/js\/sdk\.js"/)
    assert.match(script.content, /websiteToken: "tok"/)
    assert.match(script.content, /setUser\("ada@example\.com", \{ email: "ada@example\.com", name: "Ada \\"the first\\"", avatar_url: undefined/)
    assert.match(script.content, /"parley_result_id":"r1"/)
    assert.match(script.content, /toggle\("open"\)/)
    assert.doesNotThrow(() => new Function(script.content), 'the script is valid JavaScript')
  })

  test('no user id or email: no setUser', async () => {
    const { ctx } = blockContext()
    const [action] = (await chatwoot.execute({ id: 'b', type: 'Chatwoot', options: { baseUrl: 'https://chat.example.com' } }, ctx)).clientSideActions!
    assert.equal(action.type, 'chatwoot')
    const content = action.type === 'chatwoot' ? action.chatwoot.scriptToExecute.content : ''
    assert.doesNotMatch(content, /setUser/)
    assert.match(content, /"https:\/\/chat\.example\.com"/)
  })

  test('Close widget closes it, preview included; Show widget in preview is only logged', async () => {
    const preview = blockContext({ isPreview: true }).ctx
    const [close] = (await chatwoot.execute({ id: 'b', type: 'Chatwoot', options: { task: 'Close widget' } }, preview)).clientSideActions!
    assert.match(close.type === 'chatwoot' ? close.chatwoot.scriptToExecute.content : '', /toggle\("close"\)[\s\S]*toggleBubbleVisibility\("hide"\)/)
    const shown = await chatwoot.execute({ id: 'b', type: 'Chatwoot', options: { websiteToken: 't' } }, preview)
    assert.deepEqual(shown, { logs: [{ status: 'info', description: 'Chatwoot block is not supported in preview' }] })
  })
})
