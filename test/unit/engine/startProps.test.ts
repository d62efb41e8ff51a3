import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { buildStartProps, sanitizeHeadCode } from '../../../src/engine/startProps.js'
import { bot, compile, engineChat, say } from '../../support/engine.js'

const tracked = bot(
  [
    [
      'g1',
      [
        say('m1', 'Hi'),
        { id: 'ga', type: 'Google Analytics', options: { trackingId: 'G-1' } },
        { id: 'ga2', type: 'Google Analytics', options: { trackingId: 'G-2' } },
        { id: 'px1', type: 'Pixel', options: { pixelId: '111' } },
        { id: 'px2', type: 'Pixel', options: { pixelId: '222', isInitSkip: true } },
        { id: 'px3', type: 'Pixel', options: { pixelId: '333', eventType: 'Lead' } },
      ],
    ],
  ],
  {
    settings: {
      metadata: { googleTagManagerId: 'GTM-9', customHeadCode: 'loose text <meta name="a" content="b">\n<script>if (a < b) go()</script>' },
    },
  },
)

describe('startPropsToInject', () => {
  test('head code keeps top-level elements and comments, drops loose text and badge rules', async () => {
    assert.equal(
      sanitizeHeadCode('hello <script src="x.js"></script> world <!-- c --><link rel="x">'),
      '<script src="x.js"></script>\n<!-- c -->\n<link rel="x">',
    )
    assert.equal(sanitizeHeadCode('<div><div>a</div>b</div>tail'), '<div><div>a</div>b</div>')
    assert.equal(
      sanitizeHeadCode('<style>\n#lite-badge { display: none !important; }\nbody { color: red }\n</style>'),
      '<style>\n\nbody { color: red }\n</style>',
    )
    assert.equal(sanitizeHeadCode('just text'), '')
  })

  test('built once from settings and blocks: the first GA id, pixels without isInitSkip', async () => {
    // The compiled bot's start props: built from its settings and what its blocks' kinds ask for.
    const props = compile(tracked).startProps
    assert.deepEqual(props?.action, {
      type: 'startPropsToInject',
      startPropsToInject: {
        customHeadCode: '<meta name="a" content="b">\n<script>if (a < b) go()</script>',
        gtmId: 'GTM-9',
        googleAnalyticsId: 'G-1',
        pixelIds: ['111', '333'],
      },
    })
    assert.equal(props?.previewLog.description, 'Custom head code, Google Analytics, Pixel, Google Tag Manager are not enabled in Preview mode')
    assert.equal(
      buildStartProps({ metadata: { googleTagManagerId: 'GTM-1' } }, [])?.previewLog.description,
      'Google Tag Manager is not enabled in Preview mode',
    )
    assert.equal(buildStartProps({ metadata: { customHeadCode: '  ' } }, []), undefined)
  })

  test('live starts begin with it; previews log instead', async () => {
    const compiled = compile(tracked)
    const live = await engineChat(compiled).start()
    const actions = live.response.clientSideActions!
    assert.equal(actions[0].type, 'startPropsToInject')
    assert.deepEqual(
      actions.slice(1).map((a) => a.type),
      ['googleAnalytics', 'googleAnalytics', 'pixel'],
    )
    assert.equal(live.response.logs, undefined)

    const preview = await engineChat(compiled).start({ isPreview: true, resultId: undefined })
    assert.equal(preview.response.clientSideActions, undefined)
    assert.deepEqual(preview.response.logs, [
      { status: 'info', description: 'Custom head code, Google Analytics, Pixel, Google Tag Manager are not enabled in Preview mode' },
    ])
  })
})
