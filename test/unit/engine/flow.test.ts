// The engine's walk: groups, edges, inputs, retries, start options, budgets, linked bots and events.
import assert from 'node:assert/strict'
import { defaultEmailInputOptions } from '../../../src/blocks/inputs/email/schema.js'
import { paymentInput } from '../../../src/blocks/inputs/payment/kind.js'
import { defaultPaymentInputOptions } from '../../../src/blocks/inputs/payment/schema.js'
import { botLanguage, builtInTexts } from '../../../src/contract/bot/builtInTexts.js'
import { defaultSystemMessages } from '../../../src/contract/bot/common.js'
import type { BlockContext } from '../../../src/engine/kinds.js'
import { MAX_NEW_RESULTS_PER_TURN } from '../../../src/engine/linkedBots.js'
import { MAX_VARIABLE_CHARS } from '../../../src/engine/scope.js'
import { describe, test } from 'node:test'
import { bot, compile, edge, engineChat, say, texts } from '../../support/engine.js'
import { fixtureTests, loadFixture } from '../../support/fixtures.js'

const ask = (id: string, variableId?: string, extra: Record<string, unknown> = {}) => ({ id, type: 'text input', options: { variableId }, ...extra })

describe('walking the flow', () => {
  test('bubbles until an input, then edges, fall-through and the end', async () => {
    const b = compile(
      bot(
        [
          [
            'g1',
            [
              say('b1', 'Hello'),
              say('b2', 'What is your name?'),
              ask('i1', 'vName'),
              say('b3', 'Nice to meet you {{Name}}', { outgoingEdgeId: 'e2' }),
            ],
          ],
          ['g2', [say('b4', 'Bye')]],
        ],
        { edges: [edge('e2', { blockId: 'b3' }, 'g2')], variables: [{ id: 'vName', name: 'Name' }] },
      ),
    )
    const chat = engineChat(b)
    const first = await chat.start()
    assert.deepEqual(texts(first), ['Hello', 'What is your name?'])
    assert.equal(first.response.input?.id, 'i1')
    assert.equal(first.finished, false)
    assert.equal(first.state.waiting?.blockId, 'i1')
    const second = await chat.send('Ada')
    assert.deepEqual(texts(second), ['Nice to meet you Ada', 'Bye'])
    assert.equal(second.finished, true)
    assert.deepEqual(second.effects.answers, [{ resultId: 'r1', blockId: 'i1', content: 'Ada' }])
    assert.deepEqual(second.effects.results, [
      { resultId: 'r1', botId: 'bot1', hasStarted: true, isCompleted: true, variables: [{ id: 'vName', name: 'Name', value: 'Ada' }] },
    ])
  })

  test('invalid replies: block retry text, then the bot system message, then the default', async () => {
    const withSystem = compile(
      bot([['g1', [{ id: 'n', type: 'number input', options: { min: 1, max: 5 } }]]], {
        settings: { general: { systemMessages: { invalidMessage: 'Nope, try again' } } },
      }),
    )
    const chat = engineChat(withSystem)
    await chat.start()
    const retry = await chat.send('9')
    assert.deepEqual(texts(retry), ['Nope, try again'])
    assert.equal(retry.response.input?.id, 'n')
    assert.equal(retry.state.waiting?.blockId, 'n')
    assert.deepEqual(retry.effects.answers, [])
    const plain = engineChat(compile(bot([['g1', [{ id: 'n', type: 'number input' }]]])))
    await plain.start()
    assert.deepEqual(texts(await plain.send('abc')), ['Invalid message. Please, try again.'])
    const email = engineChat(compile(bot([['g1', [{ id: 'm', type: 'email input', options: { retryMessageContent: 'Bad email {{x}}' } }]]])))
    await email.start()
    assert.deepEqual(texts(await email.send('x@')), ['Bad email '])
  })

  test("default retry texts speak the bot's language when Parley does (exact tag or same base language), else English; the author's own texts win", async () => {
    const retryOf = async (type: string, reply: string, settings: Record<string, unknown>, options: Record<string, unknown> = {}) => {
      const chat = engineChat(compile(bot([['g1', [{ id: 'i', type, options }]]], { settings })))
      await chat.start()
      return texts(await chat.send(reply))
    }
    const language = (tag: string) => ({ general: { language: tag } })
    assert.deepEqual(await retryOf('number input', 'abc', language('fr')), ['Message invalide. Veuillez réessayer.'])
    assert.deepEqual(await retryOf('number input', 'abc', language('fr-CA')), ['Message invalide. Veuillez réessayer.'])
    assert.deepEqual(await retryOf('number input', 'abc', language('pt')), ['Mensagem inválida. Por favor, tente novamente.'])
    assert.deepEqual(await retryOf('number input', 'abc', language('de-AT')), ['Ungültige Nachricht. Bitte erneut versuchen.'])
    // A language Parley does not speak, or none: English, as Typebot's.
    assert.deepEqual(await retryOf('number input', 'abc', language('it')), [defaultSystemMessages.invalidMessage])
    assert.deepEqual(await retryOf('number input', 'abc', {}), [defaultSystemMessages.invalidMessage])
    assert.deepEqual(await retryOf('email input', 'x@', language('es')), [builtInTexts.es.emailRetry])
    assert.deepEqual(await retryOf('email input', 'x@', language('zh-Hans')), [defaultEmailInputOptions.retryMessageContent])
    // URL and phone inputs fall back to the system message (Typebot's engine), in the bot's language too.
    assert.deepEqual(await retryOf('url input', 'not a url', language('de')), [builtInTexts.de.invalidMessage])
    // The author's texts win: the block's retry message, then the bot's system message.
    assert.deepEqual(await retryOf('email input', 'x@', language('fr'), { retryMessageContent: 'Adresse ?' }), ['Adresse ?'])
    assert.deepEqual(await retryOf('number input', 'abc', { general: { language: 'fr', systemMessages: { invalidMessage: 'Encore !' } } }), [
      'Encore !',
    ])
    // Payment (its retry needs Stripe to refuse, so asked of the kind directly).
    const paymentCtx = (settings: Record<string, unknown>) => ({ settings }) as unknown as BlockContext
    assert.equal(
      paymentInput.retryMessage!({ id: 'p', type: 'payment input' } as any, paymentCtx(language('pt-BR'))),
      builtInTexts['pt-BR'].paymentRetry,
    )
    assert.equal(
      paymentInput.retryMessage!({ id: 'p', type: 'payment input' } as any, paymentCtx({})),
      defaultPaymentInputOptions.retryMessageContent,
    )
    // The English texts are Typebot's.
    assert.equal(builtInTexts.en.invalidMessage, 'Invalid message. Please, try again.')
    assert.equal(builtInTexts.en.emailRetry, "This email doesn't seem to be valid. Can you type it again?")
    assert.equal(builtInTexts.en.paymentRetry, 'Payment failed. Please, try again.')
    assert.equal(botLanguage('EN-gb'), 'en')
    assert.equal(botLanguage(undefined), 'en')
  })

  test('start options: startFrom a group, a message answering a first input, prefilled variables, registering only', async () => {
    const b = compile(
      bot(
        [
          ['g1', [ask('i1', 'vA', { outgoingEdgeId: 'e2' })]],
          ['g2', [say('b2', 'A={{A}} B={{B}}')]],
        ],
        {
          edges: [edge('e2', { blockId: 'i1' }, 'g2')],
          variables: [
            { id: 'vA', name: 'A' },
            { id: 'vB', name: 'B' },
          ],
        },
      ),
    )
    const from = await engineChat(b).start({ startFrom: { type: 'group', groupId: 'g2' }, prefilledVariables: { B: 'bee', A: '' } })
    assert.deepEqual(texts(from), ['A= B=bee'])
    const withMessage = await engineChat(b).start({ message: { type: 'text', text: 'given' } })
    assert.deepEqual(texts(withMessage), ['A=given B='])
    assert.equal(withMessage.finished, true)
    // Buttons are shown, not answered by the start message (Typebot's rule).
    const buttons = compile(bot([['g1', [{ id: 'c', type: 'choice input', items: [{ id: 'x', content: 'given' }] }]]]))
    const shown = await engineChat(buttons).start({ message: { type: 'text', text: 'given' } })
    assert.equal(shown.response.input?.id, 'c')
    const chat = engineChat(b)
    const registered = await chat.start({ isOnlyRegistering: true })
    assert.deepEqual(registered.response.messages, [])
    assert.equal(registered.finished, false)
    assert.equal(registered.state.notStarted, true)
    assert.equal((await chat.send(undefined)).response.input?.id, 'i1')
    await assert.rejects(engineChat(b).start({ startFrom: { type: 'group', groupId: 'nope' } }), /Start group/)
  })

  test('a loop without input is cut off with an error log and the chat ends', async () => {
    const b = compile(
      bot([
        ['g1', [say('b1', 'tick'), { id: 'j1', type: 'Jump', options: { groupId: 'g2' } }]],
        ['g2', [{ id: 'j2', type: 'Jump', options: { groupId: 'g1' } }]],
      ]),
    )
    const outcome = await engineChat(b, { limits: { maxSteps: 200, maxMillis: 5000 } }).start()
    assert.equal(outcome.finished, true)
    assert.ok(outcome.response.messages.length < 200)
    assert.match(outcome.response.logs!.at(-1)!.description, /stopped/)
  })

  test('a block kind without a module answers with a log and the flow goes on', async () => {
    const b = compile(bot([['g1', [{ id: 'x', type: 'quantum teleport', options: {} }, say('b', 'after')]]]))
    const outcome = await engineChat(b).start()
    assert.deepEqual(texts(outcome), ['after'])
    assert.match(outcome.response.logs![0].description, /"quantum teleport" is not supported/)
    // Types of a Typebot fork (not upstream Typebot 3.18) are unknown types too.
    const fork = compile(bot([['g1', [{ id: 'o', type: 'otp input', options: {} }, { id: 'l', type: 'Loop', options: {} }, say('b', 'after')]]]))
    const forked = await engineChat(fork).start()
    assert.deepEqual(texts(forked), ['after'])
    assert.deepEqual(
      forked.response.logs!.map((l) => l.description),
      [
        'Block "otp input" is not supported by this server yet; the flow went on past it.',
        'Block "Loop" is not supported by this server yet; the flow went on past it.',
      ],
    )
    assert.deepEqual(
      outcome.effects.logs.map((l) => l.resultId),
      ['r1'],
    )
  })

  test('client-side actions carry the last bubble id', async () => {
    const b = compile(bot([['g1', [say('b1', 'Go'), { id: 'r', type: 'Redirect', options: { url: 'example.com', isNewTab: true } }]]]))
    const outcome = await engineChat(b).start()
    assert.deepEqual(outcome.response.clientSideActions, [
      { type: 'redirect', redirect: { url: 'https://example.com', isNewTab: true }, lastBubbleBlockId: 'b1' },
    ])
  })
})

describe('linked bots', () => {
  const child = compile(
    bot([['c1', [say('cb1', 'In child, hi {{Name}}'), ask('ci', 'cAge')]]], {
      variables: [
        { id: 'cName', name: 'Name' },
        { id: 'cAge', name: 'Age' },
      ],
    }),
    'child',
  )

  test('the child runs with variables by name, then the parent resumes after the link block', async () => {
    for (const mergeResults of [false, true]) {
      const parent = compile(
        bot(
          [
            [
              'p1',
              [
                ask('pi', 'pName'),
                { id: 'link', type: 'Typebot link', options: { typebotId: 'child', mergeResults } },
                say('pb', 'Back, age {{Age}}'),
              ],
            ],
          ],
          {
            variables: [
              { id: 'pName', name: 'Name' },
              { id: 'pAge', name: 'Age' },
            ],
          },
        ),
        'parent',
      )
      const chat = engineChat(parent, { others: [child] })
      await chat.start()
      const inChild = await chat.send('Ada')
      assert.deepEqual(texts(inChild), ['In child, hi Ada'])
      assert.equal(inChild.state.stack.length, 2)
      assert.deepEqual(inChild.effects.newResults.length, mergeResults ? 0 : 1)
      const back = await chat.send('36')
      assert.deepEqual(texts(back), [mergeResults ? 'Back, age 36' : 'Back, age '])
      assert.equal(back.state.stack.length, 1)
      assert.equal(back.finished, true)
      const childAnswer = back.effects.answers[0]
      assert.equal(childAnswer.resultId === 'r1', mergeResults, 'merged children answer into the parent result')
    }
  })

  test('a link to the current bot and a link cycle terminate', async () => {
    const self = compile(
      bot([
        ['g1', [say('a', 'start'), { id: 'l', type: 'Typebot link', options: { typebotId: 'current', groupId: 'g2' } }, say('c', 'after link')]],
        ['g2', [say('b', 'in g2')]],
      ]),
    )
    assert.deepEqual(texts(await engineChat(self).start()), ['start', 'in g2', 'after link'])
    const cycle = compile(bot([['g1', [say('a', 'again'), { id: 'l', type: 'Typebot link', options: { typebotId: 'current', groupId: 'g1' } }]]]))
    const outcome = await engineChat(cycle).start()
    assert.equal(outcome.finished, true)
    assert.ok(outcome.response.logs!.some((l) => /levels deep/.test(l.description)))
    const missing = compile(bot([['g1', [{ id: 'l', type: 'Typebot link', options: { typebotId: 'ghost' } }, say('n', 'next')]]]))
    const logged = await engineChat(missing).start()
    assert.deepEqual(texts(logged), ['next'])
    assert.equal(logged.response.logs![0].description, 'Failed to link typebot')
  })

  test('a link in a loop creates at most MAX_NEW_RESULTS_PER_TURN results in one turn, then is skipped with a log', async () => {
    // The child ends at once; the parent jumps back to the link: every pass would create one more result.
    const empty = compile(bot([['c1', [say('cb', 'child')]]]), 'child')
    const looping = compile(
      bot([
        [
          'g1',
          [
            { id: 'l', type: 'Typebot link', options: { typebotId: 'child' } },
            { id: 'j', type: 'Jump', options: { groupId: 'g1' } },
          ],
        ],
      ]),
      'parent',
    )
    const outcome = await engineChat(looping, { others: [empty], limits: { maxSteps: 2000, maxMillis: 5000 } }).start()
    assert.equal(outcome.effects.newResults.length, MAX_NEW_RESULTS_PER_TURN)
    assert.ok(outcome.response.logs!.some((l) => l.description.includes(`already created ${MAX_NEW_RESULTS_PER_TURN} results`)))
    assert.equal(outcome.effects.results.filter((r) => r.resultId !== 'r1').length <= MAX_NEW_RESULTS_PER_TURN, true)
  })
})

describe('events', () => {
  const withEvents = (events: any[], extraGroups: [string, any[]][] = [], edges: any[] = []) =>
    compile(
      bot([['g1', [ask('i1', 'v1', { outgoingEdgeId: 'e-next' })]], ['g2', [say('done', 'Done {{V}}')]], ...extraGroups], {
        events,
        edges: [edge('e-next', { blockId: 'i1' }, 'g2'), ...edges],
        variables: [
          { id: 'v1', name: 'V' },
          { id: 'v2', name: 'Said' },
        ],
      }),
    )

  test('a command jumps to its event group; Return comes back to the waiting input', async () => {
    const b = withEvents(
      [{ id: 'cmd', type: 'command', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e-cmd', options: { command: 'help' } }],
      [['help', [say('h', 'Here is help'), { id: 'ret', type: 'Return' }]]],
      [edge('e-cmd', { eventId: 'cmd' }, 'help')],
    )
    const chat = engineChat(b)
    await chat.start()
    const help = await chat.send({ type: 'command', command: 'help' })
    assert.deepEqual(texts(help), ['Here is help'])
    assert.equal(help.response.input?.id, 'i1')
    assert.deepEqual(texts(await chat.send('x')), ['Done x'])
    await assert.rejects(
      engineChat(b)
        .start()
        .then(() => undefined)
        .then(async () => {
          const c = engineChat(b)
          await c.start()
          return c.send({ type: 'command', command: 'unknown' })
        }),
      /Command event not found/,
    )
  })

  const replyEvent = (type: 'reply' | 'invalidReply', edgeId = `e-${type}`) => ({
    id: type,
    type,
    graphCoordinates: { x: 0, y: 0 },
    outgoingEdgeId: edgeId,
    options: { contentVariableId: 'v2', inputTypeVariableId: 'vType', inputNameVariableId: 'vName' },
  })
  const eventBot = (events: any[], handler: any[], edges: any[]) =>
    compile(
      bot(
        [
          ['Ask', [{ id: 'n', type: 'number input', options: { variableId: 'v1' }, outgoingEdgeId: 'e-next' }]],
          ['g2', [say('ok', 'Number {{V}}')]],
          ['handler', handler],
        ],
        {
          events,
          edges: [edge('e-next', { blockId: 'n' }, 'g2'), ...edges],
          variables: [
            { id: 'v1', name: 'V' },
            { id: 'v2', name: 'Said' },
            { id: 'vType', name: 'Type' },
            { id: 'vName', name: 'Group' },
          ],
        },
      ),
    )

  test('a reply event takes every reply: its variables are set, the input saves nothing, and without a Return the path ends there', async () => {
    const b = eventBot(
      [replyEvent('reply')],
      [say('s', '{{Said}} / {{Type}} / {{Group}} / [{{V}}]')],
      [edge('e-reply', { eventId: 'reply' }, 'handler')],
    )
    const chat = engineChat(b)
    await chat.start()
    const out = await chat.send('12')
    assert.deepEqual(texts(out), ['12 / number / Ask / []'])
    assert.equal(out.response.input, undefined, 'no Return: the chat ends where the event path ends')
    assert.deepEqual(out.effects.answers, [])
    assert.equal(out.finished, true)
  })

  test('a Return on the reply event path comes back and the input handles the interrupted reply in the same turn', async () => {
    const b = eventBot(
      [replyEvent('reply')],
      [say('s', 'Heard {{Said}}'), { id: 'ret', type: 'Return' }],
      // The edge points at the Return block: a reply event starts at the top of the group anyway.
      [edge('e-reply', { eventId: 'reply' }, 'handler', 'ret')],
    )
    const chat = engineChat(b)
    await chat.start()
    assert.deepEqual(texts(await chat.send('7')), ['Heard 7', 'Number 7'])
    const again = engineChat(b)
    await again.start()
    const invalid = await again.send('abc')
    assert.deepEqual(
      texts(invalid),
      ['Heard abc', 'Invalid message. Please, try again.'],
      'an invalid reply without an invalid-reply event goes through the reply event',
    )
    assert.equal(invalid.response.input?.id, 'n')
    assert.deepEqual(texts(await again.send('8')), ['Heard 8', 'Number 8'])
  })

  test('an invalid-reply event replaces the retry message; its Return asks the input again without a retry text', async () => {
    const b = eventBot(
      [replyEvent('invalidReply'), replyEvent('reply')],
      [say('b', 'Not a number: {{Said}} ({{Type}} in {{Group}})'), { id: 'ret', type: 'Return' }],
      [edge('e-invalidReply', { eventId: 'invalidReply' }, 'handler')],
    )
    const chat = engineChat(b)
    await chat.start()
    const invalid = await chat.send('abc')
    assert.deepEqual(texts(invalid), ['Not a number: abc (number in Ask)'])
    assert.equal(invalid.response.input?.id, 'n')
    assert.deepEqual(texts(await chat.send('4')), ['Number 4'], 'the reply event has no edge: valid replies reach the input')
  })

  test('an audio reply is saved by its URL', async () => {
    const b = compile(
      bot(
        [
          ['Voice', [{ id: 't', type: 'text input', options: { variableId: 'v1', audioClip: { isEnabled: true } } }]],
          ['handler', [say('s', 'Got {{Said}}')]],
        ],
        {
          events: [replyEvent('reply')],
          edges: [edge('e-reply', { eventId: 'reply' }, 'handler')],
          variables: [
            { id: 'v1', name: 'V' },
            { id: 'v2', name: 'Said' },
          ],
        },
      ),
    )
    const chat = engineChat(b)
    await chat.start()
    assert.deepEqual(texts(await chat.send({ type: 'audio', url: 'https://files.example/clip.webm' })), ['Got https://files.example/clip.webm'])
  })

  test('a command with resumeAfter comes back to the waiting input when its path ends', async () => {
    const b = withEvents(
      [{ id: 'cmd', type: 'command', graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: 'e-cmd', options: { command: 'help', resumeAfter: true } }],
      [['help', [say('h', 'Here is help')]]],
      [edge('e-cmd', { eventId: 'cmd' }, 'help')],
    )
    const chat = engineChat(b)
    await chat.start()
    const help = await chat.send({ type: 'command', command: 'help' })
    assert.deepEqual(texts(help), ['Here is help'])
    assert.equal(help.response.input?.id, 'i1')
  })
})

describe('size caps', () => {
  test('a value longer than a variable may hold is refused with a log; the variable keeps its value', async () => {
    const capped = compile(
      bot(
        [
          [
            'g',
            [
              {
                id: 'set',
                type: 'Set variable',
                options: { variableId: 'vA', expressionToEvaluate: `return "x".repeat(${MAX_VARIABLE_CHARS + 1})` },
              },
              say('s', '[{{A}}]'),
            ],
          ],
        ],
        {
          variables: [{ id: 'vA', name: 'A', value: 'before' }],
        },
      ),
    )
    const outcome = await engineChat(capped).start()
    assert.deepEqual(texts(outcome), ['[before]'])
    assert.ok(
      outcome.response.logs!.some((l) => l.description === `Variable "A" was not set: its value is longer than ${MAX_VARIABLE_CHARS} characters.`),
    )
    const prefilled = await engineChat(capped).start({ prefilledVariables: { A: 'y'.repeat(MAX_VARIABLE_CHARS + 1) } })
    assert.ok(prefilled.response.logs!.some((l) => l.description.startsWith('Variable "A" was not set')))
  })
})

fixtureTests('reply events on a Typebot export')(
  'the reply-event test bot runs as in Typebot: echo, email returns to its input, "leave" ends the chat',
  async () => {
    const b = compile(loadFixture('viewer-test-assets/replyEvent.json'))
    const chat = engineChat(b)
    await chat.start()
    const hi = await chat.send('Hi!')
    assert.deepEqual(texts(hi).slice(0, 3), ['Hi!', 'buttons', 'Welcome'], 'the event path shows the reply, the input type and the group title')
    const name = await chat.send('Baptiste')
    assert.ok(texts(name).includes('Baptiste'))
    assert.equal(name.response.input?.type, 'email input')
    const email = await chat.send('baptiste@typebot.io')
    assert.ok(!texts(email).includes('baptiste@typebot.io'), 'an email reply is not echoed: the condition returns to the input at once')
    assert.deepEqual(texts(email), ['What services are you interested in?'], 'the email input handled the reply and the flow went on')

    const leaving = engineChat(b)
    await leaving.start()
    await leaving.send('Hi!')
    const left = await leaving.send('leave')
    assert.equal(left.response.input, undefined, '"leave" matches a condition item without an edge: the chat ends')
    assert.equal(left.finished, true)
  },
)
