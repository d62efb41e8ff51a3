// Hostile bots against a `parley serve` process with small budgets: input-less loops, link cycles, regex bombs,
// sandbox memory bombs and infinite loops, 10 MB variables, HTTP requests aimed at internal addresses. Each
// hostile turn must end within its budget with a log saying why, the process must survive, and a normal chat
// served meanwhile must keep answering (its turns are answered while a long hostile turn runs: orders, not times).
import assert from 'node:assert/strict'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { backend, createTestDatabase, type TestDatabase } from '../../support/database.js'
import { bot, edge, say } from '../../support/engine.js'
import { resultIdOfKey } from '../../support/seed.js'
import { spawnServer } from '../../support/process.js'
import { remoteClient, seedPublishedBot, type RemoteCall, type RemoteReply } from '../../support/remote.js'
import { openStore } from '../../../src/store/index.js'

const ADMIN_TOKEN = `hostile-admin-${Math.random().toString(36).slice(2)}-token`
const MAX_STEPS = 300
const TURN_MS = 1500
const SANDBOX_MS = 200
/** A regex that only JavaScript's backtracking engine (the worker) can run, and that explodes on `bomb` below. */
const REGEX_BOMB = '^(a+)+\\1b'

const variables = [
  { id: 'vAnswer', name: 'Answer' },
  { id: 'vSubject', name: 'Subject' },
  { id: 'vBig', name: 'Big' },
  { id: 'vX', name: 'X' },
]

/**
 * POSTs a body announced (Content-Length) at `declared` bytes but sends only its first part, and resolves with
 * the answer the server gives before the upload is over (a server that read the whole body first would hang
 * until the timeout). Uploading all 10 MB would race the server closing the connection after its 413.
 */
const postOversized = (url: string, prefix: string, declared: number) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'content-length': declared } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text })
          req.destroy()
        })
      },
    )
    req.setTimeout(10_000, () => req.destroy(new Error('no answer before the upload was over')))
    req.on('error', reject)
    req.write(prefix)
  })

const textOf = (message: any): string => message.content.richText.map((p: any) => p.children.map((c: any) => c.text ?? '').join('')).join('\n')
const logText = (res: RemoteReply) => JSON.stringify(res.body?.logs ?? [])
const STOPPED = /The flow was stopped: it ran too long without waiting for the user/

describe(`hostile bots (${backend})`, () => {
  let db: TestDatabase
  let server: Awaited<ReturnType<typeof spawnServer>>
  let call: RemoteCall
  let workspaceId: string
  let normal: { sessionId: string; turns: number }
  let listener: Server
  let listenerPort = 0
  let connections = 0

  before(async () => {
    listener = createServer((_req, res) => res.end('{"secret":"internal"}'))
    listener.on('connection', () => connections++)
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r))
    listenerPort = (listener.address() as { port: number }).port
    db = await createTestDatabase()
    server = await spawnServer({
      DATABASE_URL: db.url,
      PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
      PARLEY_MAX_STEPS_PER_TURN: String(MAX_STEPS),
      PARLEY_TURN_TIMEOUT_MS: String(TURN_MS),
      PARLEY_SANDBOX_TIMEOUT_MS: String(SANDBOX_MS),
      PARLEY_SANDBOX_MEMORY_MB: '32',
      HTTP_REQUEST_ALLOWLIST: '',
    })
    call = remoteClient(server.url)
    const looping = bot(
      [
        [
          'g',
          [
            say('echo', 'You said {{Answer}}'),
            { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } },
            { id: 'back', type: 'Jump', options: { groupId: 'g' } },
          ],
        ],
      ],
      { variables },
    )
    const seeded = await seedPublishedBot(call, ADMIN_TOKEN, looping)
    workspaceId = seeded.workspaceId
    const start = await call('POST', `/v1/bots/${seeded.publicId}/startChat`, { token: ADMIN_TOKEN, body: {} })
    assert.equal(start.status, 200, start.text)
    normal = { sessionId: start.body.sessionId, turns: 0 }
  })
  after(async () => {
    await server?.stop()
    await db?.drop()
    await new Promise((r) => listener?.close(r))
  })

  /** One turn of the normal chat, checked and timed. */
  const normalTurn = async () => {
    const message = `normal-${++normal.turns}`
    const res = await call('POST', `/v1/sessions/${normal.sessionId}/continueChat`, {
      token: ADMIN_TOKEN,
      body: { message },
      signal: AbortSignal.timeout(60_000),
    })
    assert.equal(res.status, 200, res.text)
    assert.equal(textOf(res.body.messages[0]), `You said ${message}`)
    return res.ms
  }

  /**
   * Starts a hostile bot over HTTP (live chat) while the normal chat keeps sending turns; returns the hostile
   * answer and the times of the normal chat's turns answered meanwhile, then of one after the hostile answer.
   */
  const hostile = async (definition: unknown, startBody: Record<string, unknown> = {}) => {
    const { publicId } = await seedPublishedBot(call, ADMIN_TOKEN, definition, workspaceId)
    await normalTurn() // warm: the normal chat answers before
    let done = false
    const turn = call('POST', `/v1/bots/${publicId}/startChat`, { token: ADMIN_TOKEN, body: startBody, signal: AbortSignal.timeout(60_000) }).finally(
      () => (done = true),
    )
    const latencies: number[] = []
    await new Promise((r) => setTimeout(r, 20)) // let the hostile turn get going first
    // Normal turns answered while the hostile turn runs are kept (see assertServed).
    while (!done) {
      const ms = await normalTurn()
      if (!done) latencies.push(ms)
    }
    const res = await turn
    latencies.push(await normalTurn()) // and after
    assert.equal(server.child.exitCode, null, 'the server process is alive')
    return { res, latencies }
  }

  /**
   * The normal chat kept answering (each of its turns checks its answer). A hostile turn that waits on several sandbox
   * deadlines must not hold the event loop meanwhile: with `interleaved`, a normal turn sent after it started was
   * answered before it ended. Orders, not milliseconds: the hostile turns' own budgets show in their logs and answers.
   */
  const assertServed = (what: string, latencies: number[], { interleaved = false } = {}) => {
    // The last normal turn is the one sent after the hostile answer.
    const during = latencies.length - 1
    if (interleaved) assert.ok(during >= 1, `${what}: no normal turn was answered while the hostile turn ran: it holds the event loop`)
  }

  test('an input-less Jump cycle is cut off by the step budget, with a log; the chat ends', async () => {
    const { res, latencies } = await hostile(bot([['loop', [say('tick', 'tick'), { id: 'again', type: 'Jump', options: { groupId: 'loop' } }]]]))
    assert.equal(res.status, 200, res.text)
    assert.match(logText(res), STOPPED)
    assert.match(logText(res), new RegExp(`more than ${MAX_STEPS} blocks`))
    assert.equal(res.body.input, undefined)
    const after = await call('POST', `/v1/sessions/${res.body.sessionId}/continueChat`, { token: ADMIN_TOKEN, body: { message: 'x' } })
    assert.equal(after.status, 404, 'the chat ended')
    assertServed('a Jump cycle', latencies)
  })

  test('a Typebot link cycle (current bot, its own group) ends with a log, within the budget', async () => {
    const { res, latencies } = await hostile(
      bot([
        [
          'g',
          [
            say('hi', 'hi'),
            { id: 'link', type: 'Typebot link', options: { typebotId: 'current', groupId: 'g' } },
            { id: 'back', type: 'Jump', options: { groupId: 'g' } },
          ],
        ],
      ]),
    )
    assert.equal(res.status, 200, res.text)
    assert.match(logText(res), /Typebot link skipped: bots are linked more than 16 levels deep/)
    assertServed('a link cycle', latencies)
  })

  const regexCondition = (id: string, match: string, otherwise?: string) => ({
    id,
    type: 'Condition',
    items: [
      {
        id: `${id}-i`,
        content: { comparisons: [{ id: `${id}-c`, variableId: 'vSubject', comparisonOperator: 'Matches regex', value: REGEX_BOMB }] },
        outgoingEdgeId: match,
      },
    ],
    ...(otherwise && { outgoingEdgeId: otherwise }),
  })
  const bomb = `${'a'.repeat(48)}!`

  test('a catastrophic regex (a backreference, for the worker) on "aaaa…!" gets no verdict within its budget', async () => {
    const { res, latencies } = await hostile(
      bot(
        [
          ['g', [regexCondition('cond', 'e-yes', 'e-no')]],
          ['yes', [say('matched', 'matched')]],
          ['no', [say('nomatch', 'no verdict')]],
        ],
        {
          variables,
          edges: [edge('e-yes', { blockId: 'cond', itemId: 'cond-i' }, 'yes'), edge('e-no', { blockId: 'cond' }, 'no')],
        },
      ),
      { prefilledVariables: { Subject: bomb } },
    )
    assert.equal(res.status, 200, res.text)
    assert.deepEqual(res.body.messages.map(textOf), ['no verdict'])
    assertServed('a regex bomb', latencies)
  })

  test('a regex bomb in a loop is cut off by the turn timeout, with a log', async () => {
    const { res, latencies } = await hostile(
      bot(
        [
          ['g', [regexCondition('cond', 'e-yes'), { id: 'back', type: 'Jump', options: { groupId: 'g' } }]],
          ['yes', [say('matched', 'matched')]],
        ],
        {
          variables,
          edges: [edge('e-yes', { blockId: 'cond', itemId: 'cond-i' }, 'yes')],
        },
      ),
      { prefilledVariables: { Subject: bomb } },
    )
    assert.equal(res.status, 200, res.text)
    assert.match(logText(res), STOPPED)
    assertServed('a regex bomb loop', latencies)
  })

  const setCode = (id: string, code: string, variableId = 'vX') => ({
    id,
    type: 'Set variable',
    options: { variableId, type: 'Custom', isCode: true, expressionToEvaluate: code },
  })

  test('Set variable code: a memory bomb and an infinite loop fail with a log and the flow goes on', async () => {
    // (Memory bombs made of native calls are the hard case: QuickJS checks the deadline between bytecodes only.)
    for (const code of [
      'while (true) {} return 1',
      'let s = "x"; while (true) s += s; return s',
      'const a = []; while (true) a.push(new Array(1e5).fill(1)); return 1',
    ]) {
      const { res, latencies } = await hostile(bot([['g', [setCode('set', code), say('after', 'after [{{X}}]')]]], { variables }))
      assert.equal(res.status, 200, `${code}: ${res.text}`)
      assert.match(logText(res), /Error evaluating Set variable code/, code)
      assert.equal(res.body.messages.length, 1, code)
      assert.match(textOf(res.body.messages[0]), /^after \[/, code)
      assertServed(code, latencies)
    }
  })

  test('Set variable code in a loop: cut off by the turn timeout, with a log', async () => {
    const { res, latencies } = await hostile(
      bot([['g', [setCode('set', 'while (true) {} return 1'), { id: 'back', type: 'Jump', options: { groupId: 'g' } }]]], { variables }),
    )
    assert.equal(res.status, 200, res.text)
    assert.match(logText(res), STOPPED)
    assertServed('a loop of infinite Set variable code', latencies, { interleaved: true })
  })

  test('inline {{= … =}} in a text bubble: an infinite loop and a memory bomb end within the sandbox deadline', async () => {
    for (const code of ['(() => { while (true) {} })()', '(() => { const a = []; while (true) a.push(new Array(1e5).fill(2)) })()']) {
      const { res, latencies } = await hostile(bot([['g', [say('inline', `before {{=${code}=}} after`), say('next', 'next')]]], { variables }))
      assert.equal(res.status, 200, `${code}: ${res.text}`)
      assert.equal(res.body.messages.length, 2, code)
      assert.match(textOf(res.body.messages[0]), /^before .* after$/s, code)
      assert.equal(textOf(res.body.messages[1]), 'next')
      assertServed(code, latencies)
    }
  })

  test('inline code in a looping bubble: cut off by the turn timeout, with a log', async () => {
    const { res, latencies } = await hostile(
      bot([['g', [say('inline', '{{=(() => { while (true) {} })()=}}'), { id: 'back', type: 'Jump', options: { groupId: 'g' } }]]], { variables }),
    )
    assert.equal(res.status, 200, res.text)
    assert.match(logText(res), STOPPED)
    assertServed('a loop of inline infinite code', latencies, { interleaved: true })
  })

  test('one block holding many runaway evaluations cannot pass the turn budget, and never holds other chats', async () => {
    // Ten runaway inline codes in one text bubble, then a Condition with forty catastrophic regex comparisons: the
    // turn's budget holds inside a block (two runaways end the turn), and since the server awaits bot code instead
    // of blocking on it, the normal chat's turns meanwhile wait for nothing.
    const runaway = Array.from({ length: 10 }, (_, i) => `{{= (() => { for (;;) {} })() + ${i} =}}`).join(' ')
    const codes = await hostile(bot([['g', [say('codes', runaway), say('after', 'after')]]], { variables }))
    assert.equal(codes.res.status, 200, codes.res.text)
    assert.match(logText(codes.res), STOPPED)
    assertServed('ten runaway codes in one bubble', codes.latencies, { interleaved: true })

    const comparisons = Array.from({ length: 40 }, (_, i) => ({
      id: `c${i}`,
      variableId: 'vSubject',
      comparisonOperator: 'Matches regex',
      value: REGEX_BOMB,
    }))
    const regexes = await hostile(
      bot(
        [['g', [{ id: 'cond', type: 'Condition', items: [{ id: 'i', content: { logicalOperator: 'OR', comparisons } }] }, say('after', 'after')]]],
        { variables },
      ),
      { prefilledVariables: { Subject: bomb } },
    )
    assert.equal(regexes.res.status, 200, regexes.res.text)
    assert.match(logText(regexes.res), STOPPED)
    assertServed('forty regex bombs in one Condition', regexes.latencies)
  })

  test('10 MB variables: over the body limit answers 413; just under it, or built by code, the value is refused with a log', async () => {
    const definition = bot(
      [['g', [say('show', '[{{Big}}]'), { id: 'ask', type: 'text input', options: { variableId: 'vAnswer' } }, say('bye', 'bye {{Answer}}')]]],
      { variables },
    )
    const { publicId } = await seedPublishedBot(call, ADMIN_TOKEN, definition, workspaceId)
    const tooBig = await postOversized(
      `${server.url}/v1/bots/${publicId}/startChat`,
      `{"prefilledVariables":{"Big":"${'b'.repeat(65536)}`,
      10 * 2 ** 20 + 100,
    )
    assert.equal(tooBig.status, 413, tooBig.text.slice(0, 300))
    assert.equal(JSON.parse(tooBig.text).code, 'payload_too_large')

    // Just under the body limit: a variable holds at most 1,000,000 characters, so the value is refused with a log
    // and the chat goes on without it.
    const big = 'b'.repeat(10 * 2 ** 20 - 1024)
    const { res } = await hostile(definition, { prefilledVariables: { Big: big } })
    assert.equal(res.status, 200, res.text.slice(0, 300))
    assert.equal(textOf(res.body.messages[0]), '[]')
    assert.match(logText(res), /Variable \\"Big\\" was not set: its value is longer than 1000000 characters/)
    const next = await call('POST', `/v1/sessions/${res.body.sessionId}/continueChat`, { token: ADMIN_TOKEN, body: { message: 'still here' } })
    assert.equal(next.status, 200, next.text.slice(0, 300))
    assert.equal(textOf(next.body.messages[0]), 'bye still here')

    const byCode = await hostile(
      bot([['g', [setCode('set', 'return "c".repeat(10 * 1024 * 1024)', 'vBig'), say('show', '[{{Big}}]'), { id: 'ask', type: 'text input' }]]], {
        variables,
      }),
    )
    assert.equal(byCode.res.status, 200, byCode.res.text.slice(0, 300))
    // Either the sandbox built it and the variable refused it (nothing shown), or the sandbox ran out of memory and
    // said so (the expression's text is the value then, as in Typebot); never a crash, never 10 MB in the state.
    const shown = textOf(byCode.res.body.messages[0])
    if (shown === '[]') assert.match(logText(byCode.res), /was not set: its value is longer/)
    else assert.match(logText(byCode.res), /Error evaluating Set variable code/)
    const again = await call('POST', `/v1/sessions/${byCode.res.body.sessionId}/continueChat`, { token: ADMIN_TOKEN, body: { message: 'x' } })
    assert.equal(again.status, 200, again.text.slice(0, 300))
    assert.equal((await call('GET', '/health')).body.status, 'ok')
  })

  test('HTTP request blocks aimed at internal addresses: "Security validation failed", no connection', async () => {
    const targets = [
      'http://10.0.0.1/admin',
      'http://169.254.169.254/latest/meta-data/',
      `http://127.0.0.1:${listenerPort}/internal`,
      `http://localhost:${listenerPort}/internal`,
      `http://[::ffff:127.0.0.1]:${listenerPort}/internal`,
      `http://2130706433:${listenerPort}/internal`,
      `http://0x7f.1:${listenerPort}/internal`,
    ]
    for (const url of targets) {
      const before = connections
      const { res, latencies } = await hostile(
        bot(
          [
            [
              'g',
              [
                {
                  id: 'http',
                  type: 'Webhook',
                  options: { webhook: { url, method: 'GET' }, responseVariableMapping: [{ id: 'm', variableId: 'vX', bodyPath: 'data.secret' }] },
                },
                say('after', 'after [{{X}}]'),
              ],
            ],
          ],
          { variables },
        ),
      )
      assert.equal(res.status, 200, `${url}: ${res.text}`)
      // HTTP request logs stay out of live answers: the result keeps them (read from the server's database).
      const store = await openStore(db.url, { migrate: false })
      const stored = await resultIdOfKey(store.db, res.body.resultId)
        .then((resultId) => store.db.selectFrom('logs').select(['description', 'details']).where('resultId', '=', resultId).execute())
        .finally(() => store.close())
      assert.equal(res.body.logs, undefined, url)
      assert.match(JSON.stringify(stored), /Security validation failed/, `${url}: ${JSON.stringify(stored)}`)
      assert.equal(textOf(res.body.messages[0]), 'after []', url)
      assert.equal(connections, before, `${url}: nothing connected to the internal listener`)
      assertServed(url, latencies)
    }
  })

  test('after all of it the server still serves: the normal chat, a new chat, /health', async () => {
    assert.equal(server.child.exitCode, null)
    await normalTurn()
    assert.equal((await call('GET', '/health')).body.status, 'ok')
    assert.ok(normal.turns > 10, `the normal chat answered ${normal.turns} turns in between`)
  })
})
