// Crash safety: `parley serve` is killed with SIGKILL while chats are answering, then restarted on the same
// database. Every turn whose 200 reached the client must be in the results; at most the one turn that was in
// flight per chat may have been stored without its answer reaching the client; sessions go on after the restart.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import Sqlite from 'better-sqlite3'
import { createTestDatabase, backend, type TestDatabase } from '../../support/database.js'
import { bot, say } from '../../support/engine.js'
import { spawnServer } from '../../support/process.js'
import { remoteClient, seedPublishedBot, type RemoteCall } from '../../support/remote.js'

const ADMIN_TOKEN = `crash-admin-${Math.random().toString(36).slice(2)}-token`
const CHATS = 8
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1)

/** Asks for a text, then jumps back to its own group, whose first bubble shows the last answer. */
const loopingBot = bot(
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
  { variables: [{ id: 'vAnswer', name: 'Answer' }] },
)

const textOf = (message: any): string =>
  message.content.type === 'markdown'
    ? message.content.markdown
    : message.content.richText.map((p: any) => p.children.map((c: any) => c.text ?? '').join('')).join('\n')

// resultId: the client key startChat answered; id: the result's id, as listings show it (known after a first read).
type Chat = { sessionId: string; resultId: string; id?: string; acked: string[]; inflight?: string }

describe(`crash safety of parley serve (${backend})`, () => {
  let db: TestDatabase
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined
  let call: RemoteCall
  let ids: { workspaceId: string; botId: string; publicId: string }
  const chats: Chat[] = []

  const start = async () => {
    server = await spawnServer({ DATABASE_URL: db.url, PARLEY_ADMIN_TOKEN: ADMIN_TOKEN })
    call = remoteClient(server.url)
  }

  before(async () => {
    db = await createTestDatabase()
    await start()
    ids = await seedPublishedBot(call, ADMIN_TOKEN, loopingBot)
    for (let i = 0; i < CHATS; i++) {
      const res = await call('POST', `/v1/bots/${ids.publicId}/startChat`, { token: ADMIN_TOKEN, body: {} })
      assert.equal(res.status, 200, res.text)
      assert.equal(res.body.input?.type, 'text input')
      chats.push({ sessionId: res.body.sessionId, resultId: res.body.resultId, acked: [] })
    }
  })
  after(async () => {
    await server?.stop()
    await db?.drop()
  })

  /** Each chat sends turns one after the other until a request fails (the server died). */
  const load = (round: number) =>
    chats.map(async (chat, i) => {
      const unexpected: string[] = []
      for (let k = 0; ; k++) {
        const message = `r${round}-c${i}-m${k}`
        chat.inflight = message
        let res
        try {
          res = await call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: ADMIN_TOKEN, body: { message } })
        } catch {
          return unexpected // connection refused or reset: the in-flight turn stays unknown
        }
        if (res.status !== 200) {
          unexpected.push(`${message} → ${res.status} ${res.text}`)
          chat.inflight = undefined
          return unexpected
        }
        assert.equal(textOf(res.body.messages[0]), `You said ${message}`)
        chat.acked.push(message)
        chat.inflight = undefined
      }
    })

  const verify = async () => {
    for (const [i, chat] of chats.entries()) {
      const res = await call('GET', `/v1/bots/${ids.botId}/results/${chat.resultId}`, { token: ADMIN_TOKEN })
      assert.equal(res.status, 200, res.text)
      chat.id = res.body.result.id
      const answers: string[] = res.body.result.answers.map((a: any) => a.content)
      const extra = answers.length - chat.acked.length
      assert.ok(extra >= 0, `chat ${i}: ${chat.acked.length} acknowledged turns but only ${answers.length} answers stored`)
      assert.ok(extra <= (chat.inflight ? 1 : 0), `chat ${i}: ${extra} answers beyond the acknowledged ones (in flight: ${chat.inflight})`)
      assert.deepEqual(answers.slice(0, chat.acked.length), chat.acked, `chat ${i}: acknowledged answers in order`)
      if (extra === 1) {
        assert.equal(answers.at(-1), chat.inflight)
        // The turn was committed but its answer never arrived: the client will see it as acknowledged from now on.
        chat.acked.push(chat.inflight!)
      }
      chat.inflight = undefined
      assert.ok(res.body.result.answers.every((a: any) => a.blockId === 'ask'))
      const variable = res.body.result.variables.find((v: any) => v.name === 'Answer')
      assert.equal(variable?.value, answers.at(-1), `chat ${i}: the result's variables were written with the last answer`)
      assert.equal(res.body.result.hasStarted, answers.length > 0)
      assert.equal(res.body.result.isCompleted, false)
    }
    const list = await call('GET', `/v1/bots/${ids.botId}/results?timeFilter=allTime&limit=500`, { token: ADMIN_TOKEN })
    assert.equal(list.status, 200, list.text)
    assert.equal(list.body.results.length, chats.filter((c) => c.acked.length > 0).length)
    for (const r of list.body.results) {
      const chat = chats.find((c) => c.id === r.id)!
      assert.equal(r.answers.length, chat.acked.length)
    }
  }

  test(`SIGKILL under load (${ROUNDS} round(s)): acknowledged answers survive, sessions continue`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const child = server!.child
      const exited = new Promise((r) => child.once('exit', r))
      const before = chats.reduce((n, c) => n + c.acked.length, 0)
      const loops = load(round)
      // Let the load build up, then kill at a random moment while every chat has a turn in flight.
      const killAfter = 40 + Math.floor(Math.random() * 40)
      const deadline = Date.now() + 15_000
      while (chats.reduce((n, c) => n + c.acked.length, 0) - before < killAfter && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5))
      }
      await new Promise((r) => setTimeout(r, Math.random() * 30))
      child.kill('SIGKILL')
      await exited
      const unexpected = (await Promise.all(loops)).flat()
      assert.deepEqual(unexpected, [], 'before the crash every turn answered 200')
      const acked = chats.reduce((n, c) => n + c.acked.length, 0) - before
      assert.ok(acked >= killAfter, `the load ran (${acked} turns acknowledged)`)

      await start()
      assert.equal((await call('GET', '/health')).body.status, 'ok')
      await verify()

      // Every session goes on after the restart, and its next answer is stored after the previous ones.
      for (const [i, chat] of chats.entries()) {
        const message = `after-restart-${round}-${i}`
        const res = await call('POST', `/v1/sessions/${chat.sessionId}/continueChat`, { token: ADMIN_TOKEN, body: { message } })
        assert.equal(res.status, 200, `chat ${i}: ${res.text}`)
        assert.equal(textOf(res.body.messages[0]), `You said ${message}`)
        assert.equal(res.body.input?.type, 'text input')
        chat.acked.push(message)
      }
      await verify()
    }
    // New chats start on the restarted server too.
    const fresh = await call('POST', `/v1/bots/${ids.publicId}/startChat`, { token: ADMIN_TOKEN, body: { message: 'fresh' } })
    assert.equal(fresh.status, 200, fresh.text)
    if (db.url.startsWith('sqlite:')) {
      const conn = new Sqlite(db.url.slice('sqlite:'.length), { readonly: true, fileMustExist: true })
      try {
        assert.equal(conn.pragma('integrity_check', { simple: true }), 'ok')
        assert.deepEqual(conn.pragma('foreign_key_check'), [])
      } finally {
        conn.close()
      }
    }
  })
})
