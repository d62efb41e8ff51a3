// `parley chat` in a real terminal (a pseudo-terminal): a chat that cannot start says why and exits at once, with
// a non-zero code, instead of waiting on the terminal's input; one that starts reads the terminal and ends.
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { bot, say } from '../support/engine.js'
import { runCliInTerminal } from '../support/process.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

/** A loopback port nothing listens on (taken, then released). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('parley chat in a terminal', () => {
  let s: TestServer
  let owner: { token: string; workspaceId: string }
  let publicId: string

  before(async () => {
    s = await startTestServer()
    owner = await userWithWorkspace(s)
    const published = await importAndPublish(
      s,
      owner.token,
      owner.workspaceId,
      bot([['Start', [say('hello', 'Hello!'), { id: 'name', type: 'text input', options: { variableId: 'vName' } }, say('bye', 'Bye {{Name}}')]]], {
        variables: [{ id: 'vName', name: 'Name' }],
      }),
    )
    publicId = published.publicId
  })
  after(() => s.stop())

  // The contract is "within 5 s"; the limit here is generous for a loaded machine, and a run that reaches
  // it was killed: the command did not exit by itself.
  test('a chat that cannot start exits at once with the reason: nothing at the URL, an unknown bot, no token', { timeout: 120_000 }, async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`
    const [down, unknown, anonymous] = await Promise.all([
      runCliInTerminal(['chat', publicId, '--url', nowhere], { PARLEY_TOKEN: owner.token }),
      runCliInTerminal(['chat', 'no-such-bot', '--url', s.url], { PARLEY_TOKEN: owner.token }),
      runCliInTerminal(['chat', publicId, '--url', s.url], {}),
    ])
    for (const [name, res] of Object.entries({ down, unknown, anonymous })) {
      assert.equal(res.killed, false, `${name}: exited by itself\n${res.output}`)
      assert.equal(res.status, 1, `${name}: ${res.output}`)
    }
    assert.match(down.output, new RegExp(`Nothing answers at ${nowhere} \\(connect ECONNREFUSED .*\\): is the server running\\?`))
    assert.match(unknown.output, /No published bot "no-such-bot" at http/)
    assert.match(anonymous.output, /needs a token for chats: set PARLEY_TOKEN or pass --token/)
  })

  test('PARLEY_TOKEN lets the chat start; typed answers are read from the terminal, Ctrl+D leaves', { timeout: 120_000 }, async () => {
    const [answered, left] = await Promise.all([
      runCliInTerminal(['chat', publicId, '--url', s.url], { PARLEY_TOKEN: owner.token }, { replies: [{ after: '> ', keys: 'Ada\r' }] }),
      runCliInTerminal(['chat', publicId, '--url', s.url, '--token', owner.token], {}, { replies: [{ after: '> ', keys: '\x04' }] }),
    ])
    assert.equal(answered.killed, false, answered.output)
    assert.equal(answered.status, 0, answered.output)
    assert.match(answered.output, /Hello!\n[\s\S]*> Ada\nBye Ada\n\(The chat has ended\.\)\n$/)
    assert.equal(left.killed, false, left.output)
    assert.equal(left.status, 0, left.output)
    assert.match(left.output, /\(Left the chat\.\)\n$/)
  })
})
