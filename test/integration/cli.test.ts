// The `parley` command as an operator runs it: a separate process, against real servers, databases and services.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { databaseLocation } from '../../src/cli/databaseMarker.js'
import { diagnose } from '../../src/cli/doctor/checks.js'
import { loadConfig } from '../../src/config.js'
import { bot, say } from '../support/engine.js'
import { type DifyServer, startDifyServer } from '../support/difyServer.js'
import { type OpenAiServer, startOpenAiServer } from '../support/openaiServer.js'
import { importAndPublish, userWithWorkspace } from '../support/seed.js'
import { type Mailbox, startMailbox } from '../support/mailbox.js'
import { startTestServer, type TestServer } from '../support/server.js'
import { repoRoot, runCli, runCliAsync, spawnServer, stateHome } from '../support/process.js'

/** A loopback port nothing listens on (taken, then released). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('parley: help, version, mistakes', () => {
  test('--version, help per command both ways, unknown commands with a suggestion, bad options: their exit codes', async () => {
    const { version } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'))
    const [ver, overview, viaHelp, viaFlag, near, far, badOption, missing] = await Promise.all([
      runCliAsync(['--version'], {}, '', { cwd: tmpdir() }),
      runCliAsync(['--help'], {}),
      runCliAsync(['help', 'import'], {}),
      runCliAsync(['import', '--help'], {}),
      runCliAsync(['serv'], {}),
      runCliAsync(['zzzzzz'], {}),
      runCliAsync(['token', 'create', '--nmae', 'x'], {}),
      runCliAsync(['chat'], {}),
    ])
    assert.equal(ver.status, 0)
    assert.equal(ver.stdout.trim(), version, "package.json's, whatever the directory")
    assert.equal(overview.status, 0)
    for (const name of ['serve', 'doctor', 'import', 'chat', 'token', 'user']) assert.match(overview.stdout, new RegExp(`^  ${name} `, 'm'))
    assert.equal(viaHelp.status, 0)
    assert.equal(viaFlag.status, 0)
    assert.match(viaHelp.stdout, /^Usage: parley import FILE/)
    assert.equal(viaFlag.stdout, viaHelp.stdout)
    assert.equal(near.status, 2)
    assert.match(near.stderr, /^Unknown command "serv"\. Did you mean "serve"\?/)
    assert.match(near.stderr, /^ {2}doctor /m, 'the command list')
    assert.equal(far.status, 2)
    assert.doesNotMatch(far.stderr, /Did you mean/)
    assert.equal(badOption.status, 2)
    assert.match(badOption.stderr, /Unknown option '--nmae'/)
    assert.match(badOption.stderr, /parley token create --name NAME/, "the command's usage")
    assert.equal(missing.status, 2, 'a missing argument too')
    assert.match(missing.stderr, /^Which bot\? Give its public id\.\n\nUsage: parley chat/)
  })
})

describe('parley doctor', () => {
  let a: TestServer
  let b: TestServer
  let mailbox: Mailbox
  let smtpPort: number
  let dir: string
  let base: Record<string, string>
  /** The doctor's findings on this environment, in this process (the command prints them, see the spawned runs). */
  const diagnosed = async (env: Record<string, string>) => {
    const findings = await diagnose(loadConfig(env))
    return (subject: string) => {
      const found = findings.find((f) => f.subject === subject)
      assert.ok(found, `no ${subject} finding`)
      return `${{ ok: '✓', warn: '!', fail: '✗' }[found.status]} ${found.message}`
    }
  }

  before(async () => {
    a = await startTestServer({ ENCRYPTION_SECRET: 'the-first-secret-0123' })
    b = await startTestServer()
    mailbox = await startMailbox()
    smtpPort = mailbox.port
    dir = await mkdtemp(join(tmpdir(), 'parley-doctor-'))
    base = {
      DATABASE_URL: a.database.url,
      FILES_DIR: join(dir, 'files'),
      ENCRYPTION_SECRET: 'the-first-secret-0123',
      PARLEY_PUBLIC_URL: a.builderUrl,
      PARLEY_CHAT_URL: a.contentUrl,
    }
  })
  after(async () => {
    await a.stop()
    await b.stop()
    await mailbox.close()
    await rm(dir, { recursive: true, force: true })
  })

  test('the command: a sound configuration passes (exit 0); a public URL on another Parley is named (exit 1)', async () => {
    const [sound, wrong] = await Promise.all([
      runCliAsync(['doctor'], { ...base, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_FROM: 'bot@example.com' }),
      runCliAsync(['doctor'], { ...base, PARLEY_PUBLIC_URL: b.builderUrl }),
    ])
    assert.equal(sound.status, 0, sound.stdout + sound.stderr)
    assert.deepEqual(
      sound.stdout
        .split('\n')
        .filter((l) => /^[✓!✗] /.test(l))
        .map((l) => l.slice(0, l.indexOf(':'))),
      ['✓ Database', '✓ Public URL', '✓ Chat URL', '✓ SMTP', '✓ Storage', '✓ Encryption secret', '✓ Admin token'],
    )
    assert.match(sound.stdout, /All good\.\n$/)
    assert.equal(wrong.status, 1)
    assert.match(
      wrong.stdout,
      /^✗ Public URL: PARLEY_PUBLIC_URL=\S+ reaches another Parley server \(instance [0-9a-f]{16}\), not the one on this database/m,
    )
    assert.match(wrong.stdout, /^ {4}Fix: .*Couldn't initiate the chat/m)
    assert.match(wrong.stdout, /1 problem\(s\) to fix\.\n$/)
  })

  test('the public URL: this server, nothing, not Parley, unset on a public HOST', async () => {
    assert.match((await diagnosed(base))('Public URL'), /^✓ .* reaches this server \(instance [0-9a-f]{16}\)/)
    const nothing = await diagnosed({ ...base, PARLEY_PUBLIC_URL: `http://localhost:${await freePort()}` })
    assert.match(nothing('Public URL'), /^✗ nothing answers at PARLEY_PUBLIC_URL=/)
    // An SMTP server is no web server: something answers, but not Parley's health.
    const other = await diagnosed({ ...base, PARLEY_PUBLIC_URL: `http://localhost:${smtpPort}` })
    assert.match(other('Public URL'), /^✗ /)
    const { PARLEY_PUBLIC_URL: _, PARLEY_CHAT_URL: __, ...unset } = base
    assert.match(
      (await diagnosed({ ...unset, HOST: '0.0.0.0' }))('Public URL'),
      /^! PARLEY_PUBLIC_URL and PARLEY_CHAT_URL are not set while the server listens on 0\.0\.0\.0/,
    )
    assert.match(
      (await diagnosed(unset))('Public URL'),
      /^! PARLEY_PUBLIC_URL and PARLEY_CHAT_URL are not set: the builder is at http:\/\/localhost:3000 and bot pages and files at http:\/\/127\.0\.0\.1:3000/,
    )
    // PARLEY_CHAT_URL (the user content's host name, the same server) is checked the same way.
    assert.match((await diagnosed(base))('Chat URL'), /^✓ .* reaches this server/)
    const noChat = await diagnosed({ ...base, PARLEY_CHAT_URL: `http://127.0.0.1:${await freePort()}` })
    assert.match(noChat('Chat URL'), /^✗ nothing answers at PARLEY_CHAT_URL=/)
  })

  test('SMTP up, down, unset', async () => {
    const smtpEnv = { SMTP_HOST: '127.0.0.1', SMTP_FROM: 'bot@example.com' }
    assert.match((await diagnosed({ ...base, ...smtpEnv, SMTP_PORT: String(smtpPort) }))('SMTP'), /^✓ 127\.0\.0\.1:\d+ accepts the connection/)
    const down = await diagnosed({ ...base, ...smtpEnv, SMTP_PORT: String(await freePort()) })
    assert.match(down('SMTP'), /^✗ 127\.0\.0\.1:\d+ refuses: .*ECONNREFUSED/)
    assert.match((await diagnosed(base))('SMTP'), /^! SMTP_HOST is not set: no emails are sent\. Invitations and sign-in links are shown/)
  })

  test('storage: an unwritable FILES_DIR', async () => {
    await writeFile(join(dir, 'a-file'), 'x')
    const res = await diagnosed({ ...base, FILES_DIR: join(dir, 'a-file', 'files') })
    assert.match(res('Storage'), /^✗ FILES_DIR .*a-file\/files is not writable \(ENOTDIR\)/)
    assert.match((await diagnosed(base))('Storage'), /^✓ FILES_DIR .* is writable/)
  })

  test('ENCRYPTION_SECRET: unset, or not the one stored credentials were made with', async () => {
    const owner = await userWithWorkspace(a)
    await a.store.credentials.create(owner.workspaceId, { type: 'openai', name: 'Key', data: { apiKey: 'sk-test' } })
    assert.match(
      (await diagnosed({ ...base, ENCRYPTION_SECRET: 'another-secret-456789' }))('Encryption secret'),
      /^✗ ENCRYPTION_SECRET cannot decrypt the stored credentials/,
    )
    assert.match((await diagnosed(base))('Encryption secret'), /^✓ set, and it decrypts/)
    const { ENCRYPTION_SECRET: _, ...unset } = base
    assert.match((await diagnosed(unset))('Encryption secret'), /^! ENCRYPTION_SECRET is not set: .*webhook/)
  })

  test('the database: missing, migrations newer than this version, pending', async () => {
    assert.match((await diagnosed({ ...base, DATABASE_URL: `sqlite:${join(dir, 'nowhere.db')}` }))('Database'), /^✗ no database at .*nowhere\.db/)
    await b.store.db.insertInto('parleyMigrations').values({ name: '999_from_the_future', appliedAt: new Date().toISOString() }).execute()
    assert.match(
      (await diagnosed({ ...base, DATABASE_URL: b.database.url }))('Database'),
      /^✗ .* was migrated by a newer Parley \(999_from_the_future unknown/,
    )
    await b.store.db.deleteFrom('parleyMigrations').where('name', 'in', ['999_from_the_future', '011_instance_id']).execute()
    assert.match(
      (await diagnosed({ ...base, DATABASE_URL: b.database.url }))('Database'),
      /^! .* opens; 1 migration\(s\) pending \(011_instance_id\)/,
    )
  })

  test('.env in the working directory is read, the environment wins; an invalid setting is named', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'parley-dotenv-'))
    try {
      await writeFile(
        join(cwd, '.env'),
        `DATABASE_URL=${a.database.url}\nPARLEY_ADMIN_TOKEN=from-the-file-0123456789\nFILES_DIR=${join(dir, 'files')}\n`,
      )
      const [res, invalid] = await Promise.all([
        runCliAsync(
          ['doctor'],
          { PARLEY_ADMIN_TOKEN: 'from-the-environment-0123456789-abcdef', PARLEY_PUBLIC_URL: a.builderUrl, PARLEY_CHAT_URL: a.contentUrl },
          '',
          { cwd },
        ),
        runCliAsync(['doctor'], { PARLEY_ADMIN_TOKEN: 'short' }, '', { cwd }),
      ])
      assert.ok(res.stdout.includes(`✓ Database: ${databaseLocation(a.database.url)} opens`), `DATABASE_URL from the file:\n${res.stdout}`)
      assert.match(res.stdout, /^✓ Admin token: .*\(38 characters\)/m, "the environment's value, not the file's")
      assert.equal(invalid.status, 1)
      assert.match(
        invalid.stdout,
        /^✗ Configuration: Invalid configuration:\n {2}PARLEY_ADMIN_TOKEN: PARLEY_ADMIN_TOKEN must be at least 16 characters/,
      )
    } finally {
      await rm(cwd, { recursive: true, force: true })
    }
  })
})

describe('parley import and parley chat', () => {
  let s: TestServer
  let dir: string
  const demo = bot(
    [
      [
        'Welcome',
        [
          { id: 'hello', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'there', bold: true }] }] } },
          { id: 'pic', type: 'image', content: { url: 'https://example.com/cat.png' } },
          {
            id: 'ask',
            type: 'choice input',
            items: [
              { id: 'yes', content: 'Yes', outgoingEdgeId: 'e-yes' },
              { id: 'no', content: 'No' },
            ],
          },
        ],
      ],
      [
        'Name',
        [
          { id: 'name', type: 'text input', options: { variableId: 'vName', labels: { placeholder: 'Your first name' } } },
          // A pause the client waits out (a client action with a dedicated reply): the chat goes on after it.
          { id: 'pause', type: 'Wait', options: { secondsToWaitFor: '0.2', shouldPause: true } },
          say('thanks', 'Thanks {{Name}}!'),
        ],
      ],
    ],
    { edges: [{ id: 'e-yes', from: { blockId: 'ask', itemId: 'yes' }, to: { groupId: 'Name' } }], variables: [{ id: 'vName', name: 'Name' }] },
  )

  /** A model's stand-ins: one that answers, one that fails with a 500, one that cuts its stream mid-answer. */
  let llm: OpenAiServer
  let failing: OpenAiServer
  let cut: OpenAiServer
  let dify: DifyServer
  /**
   * A chat with a model: the user's message appended to a dialogue, an OpenAI completion over it shown in a bubble
   * (so streamed to the client), then the next message, in a loop.
   */
  const withModel = (ai: Record<string, unknown>) =>
    bot(
      [
        ['intro', [say('help', 'Ask me anything', { outgoingEdgeId: 'e-ask' })]],
        [
          'ask',
          [
            { id: 'user', type: 'text input', options: { variableId: 'vUser' } },
            {
              id: 'appendUser',
              type: 'Set variable',
              options: { variableId: 'vHistory', type: 'Append value(s)', item: '{{User}}' },
              outgoingEdgeId: 'e-reply',
            },
          ],
        ],
        [
          'reply',
          [
            { id: 'ai', ...ai },
            say('answer', '{{Assistant}}'),
            {
              id: 'appendAssistant',
              type: 'Set variable',
              options: { variableId: 'vHistory', type: 'Append value(s)', item: '{{Assistant}}' },
              outgoingEdgeId: 'e-loop',
            },
          ],
        ],
      ],
      {
        edges: [
          { id: 'e-ask', from: { blockId: 'help' }, to: { groupId: 'ask' } },
          { id: 'e-reply', from: { blockId: 'appendUser' }, to: { groupId: 'reply' } },
          { id: 'e-loop', from: { blockId: 'appendAssistant' }, to: { groupId: 'ask' } },
        ],
        variables: [
          { id: 'vUser', name: 'User' },
          { id: 'vAssistant', name: 'Assistant' },
          { id: 'vHistory', name: 'History' },
        ],
      },
    )
  /** A published bot chatting with the given stand-in, in a workspace of its own. */
  /**
   * A published bot, in a workspace of its own, whose model block (`options` given the credentials' id) answers
   * with the credentials made of `credentials`.
   */
  const botWithBlock = async (credentials: { type: string; data: Record<string, string> }, type: string, options: Record<string, unknown>) => {
    const owner = await userWithWorkspace(s)
    const created = await s.call('POST', `/v1/workspaces/${owner.workspaceId}/credentials`, {
      token: owner.token,
      body: { ...credentials, name: 'Stand-in' },
    })
    assert.equal(created.status, 200, JSON.stringify(created.body))
    const ai = { type, options: { ...options, credentialsId: created.body.credentials.id } }
    const published = await importAndPublish(s, owner.token, owner.workspaceId, withModel(ai))
    return { publicId: published.publicId as string, token: owner.token }
  }
  /** The same with an OpenAI chat completion over the dialogue, against the given stand-in. */
  const botWithModel = (model: OpenAiServer) =>
    botWithBlock({ type: 'openai', data: { apiKey: 'sk-test', baseUrl: model.baseUrl } }, 'openai', {
      action: 'Create chat completion',
      messages: [{ role: 'Dialogue', dialogueVariableId: 'vHistory' }],
      responseMapping: [{ item: 'Message content', variableId: 'vAssistant' }],
    })

  before(async () => {
    s = await startTestServer({ HTTP_REQUEST_ALLOWLIST: '127.0.0.1', ENCRYPTION_SECRET: 'test-secret-0123456789' })
    dir = await mkdtemp(join(tmpdir(), 'parley-import-'))
    llm = await startOpenAiServer()
    failing = await startOpenAiServer({ status: 500, error: 'The server had an error processing your request' })
    cut = await startOpenAiServer({ content: 'Once upon a time there was a bot', cutAfter: 3 })
    dify = await startDifyServer()
  })
  after(async () => {
    await s.stop()
    await rm(dir, { recursive: true, force: true })
    await Promise.all([llm.close(), failing.close(), cut.close(), dify.close()])
  })

  test("import: the only workspace, or the email's; published with its share link; ambiguity listed", async () => {
    const file = join(dir, 'demo.json')
    await writeFile(file, JSON.stringify({ ...demo, name: 'Demo bot' }))
    const none = await runCliAsync(['import', file], { DATABASE_URL: s.database.url })
    assert.equal(none.status, 1)
    assert.match(none.stderr, /There is no workspace yet/)

    const owner = await userWithWorkspace(s, 'Ann')
    const res = await runCliAsync(['import', file, '--publish'], {
      DATABASE_URL: s.database.url,
      PARLEY_PUBLIC_URL: 'https://build.example.com',
      PARLEY_CHAT_URL: 'https://chat.example.com',
    })
    assert.equal(res.status, 0, res.stderr)
    const [, botId] = /^Imported "Demo bot" as bot (\S+) in workspace (\S+)\.$/m.exec(res.stdout) ?? []
    assert.ok(botId, res.stdout)
    const got = await s.call('GET', `/v1/bots/${botId}`, { token: owner.token })
    assert.equal(got.status, 200)
    assert.equal(got.body.bot.workspaceId, owner.workspaceId)
    assert.match(res.stdout, new RegExp(`^Published: https://chat\\.example\\.com/${got.body.bot.publicId}$`, 'm'))
    assert.match(res.stdout, /^ {2}[✓!✗] /m, "the checks' findings")

    const other = await userWithWorkspace(s, 'Bob')
    const email = (await s.store.accounts.userById(other.id))!.email!
    await writeFile(join(dir, 'bad.json'), JSON.stringify({ version: '6', groups: 'nope' }))
    // What import replaces is not checked: a placeholder public id, a numeric id, a closed bot (it comes in open).
    await writeFile(
      join(dir, 'placeholders.json'),
      JSON.stringify({ ...demo, name: 'Placeholders', publicId: 'SEU_PUBLIC_ID', id: 123, isClosed: true }),
    )
    const [ambiguous, byEmail, bad, placeholders] = await Promise.all([
      runCliAsync(['import', file], { DATABASE_URL: s.database.url }),
      runCliAsync(['import', file, '--email', email], { DATABASE_URL: s.database.url }),
      runCliAsync(['import', join(dir, 'bad.json'), '--workspace', owner.workspaceId], { DATABASE_URL: s.database.url }),
      runCliAsync(['import', join(dir, 'placeholders.json'), '--workspace', owner.workspaceId], { DATABASE_URL: s.database.url }),
    ])
    assert.equal(ambiguous.status, 1)
    assert.match(ambiguous.stderr, /Which workspace\? There are 2; choose one with --workspace ID:/)
    assert.match(ambiguous.stderr, new RegExp(`${owner.workspaceId} {2}Ann's workspace`))
    assert.match(ambiguous.stderr, new RegExp(other.workspaceId))
    assert.equal(byEmail.status, 0, byEmail.stderr)
    assert.match(byEmail.stdout, new RegExp(`in workspace ${other.workspaceId}\\.`))
    assert.equal(bad.status, 1)
    assert.match(bad.stderr, /The bot definition is invalid\.\n {2}\S+/)
    assert.equal(placeholders.status, 0, placeholders.stderr)
    const [, placeholderId] = /^Imported "Placeholders" as bot (\S+) /m.exec(placeholders.stdout) ?? []
    const imported = (await s.call('GET', `/v1/bots/${placeholderId}`, { token: owner.token })).body.bot
    assert.deepEqual([imported.isClosed, imported.publicId === 'SEU_PUBLIC_ID'], [false, false])
  })

  test('chat: bubbles, numbered buttons, a text input with its placeholder, a pause, to the end (stdin piped)', async () => {
    const owner = await userWithWorkspace(s, 'Chatter')
    const published = await importAndPublish(s, owner.token, owner.workspaceId, demo)
    const res = await runCliAsync(['chat', published.publicId, '--url', s.url, '--token', owner.token], {}, '1\nAda\n')
    assert.equal(res.status, 0, res.stderr)
    const expected = [
      'Hello there',
      '[Image] https://example.com/cat.png',
      '  1) Yes',
      '  2) No',
      'Choose one: its number or its text.',
      '> 1',
      'Your first name',
      '> Ada',
      'Thanks Ada!',
      '(The chat has ended.)',
    ]
    assert.deepEqual(res.stdout.trim().split('\n'), expected)
    assert.ok(!res.stdout.includes('\u001b['), 'no ANSI codes when stdout is not a terminal')
  })

  test('chat: end of input leaves; an unknown bot and a missing token are said plainly', async () => {
    const owner = await userWithWorkspace(s, 'Leaver')
    const published = await importAndPublish(s, owner.token, owner.workspaceId, demo)
    const [left, unknown, anonymous] = await Promise.all([
      runCliAsync(['chat', published.publicId, '--url', s.url, '--token', owner.token], {}, ''),
      runCliAsync(['chat', 'no-such-bot', '--url', s.url, '--token', owner.token], {}),
      runCliAsync(['chat', published.publicId, '--url', s.url], {}),
    ])
    assert.equal(left.status, 0)
    assert.match(left.stdout, /\(Left the chat\.\)\n$/)
    assert.equal(unknown.status, 1)
    assert.match(unknown.stderr, /No published bot "no-such-bot" at http/)
    assert.equal(anonymous.status, 1)
    assert.match(anonymous.stderr, /needs a token for chats: set PARLEY_TOKEN or pass --token/)
  })

  test('chat: LLM answers are streamed (printed in full), then the chat goes on to the next message', { timeout: 120_000 }, async () => {
    const { publicId, token } = await botWithModel(llm)
    llm.reply({ content: 'Hello, human. Nice to meet you.' }, { content: 'Fine, thanks for asking!' })
    const res = await runCliAsync(['chat', publicId, '--url', s.url, '--token', token], {}, 'Hi\nHow are you?\n')
    assert.equal(res.status, 0, res.stderr)
    assert.deepEqual(res.stdout.split('\n'), [
      'Ask me anything',
      '> Hi',
      'Hello, human. Nice to meet you.',
      '> How are you?',
      'Fine, thanks for asking!',
      '> ',
      '(Left the chat.)',
      '',
    ])
    // Streamed: the model was asked for a stream (not run on the server during the turn), and the streamed text came
    // back as the answer (the dialogue the second completion saw holds it).
    assert.deepEqual(
      llm.requests.map((r) => r.body.stream),
      [true, true],
    )
    assert.deepEqual(llm.requests[1].body.messages, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello, human. Nice to meet you.' },
      { role: 'user', content: 'How are you?' },
    ])
  })

  test('chat: a streamed answer the provider replaces at the end (Dify message_replace) is printed as it finally stands', {
    timeout: 120_000,
  }, async () => {
    const { publicId, token } = await botWithBlock({ type: 'dify-ai', data: { apiKey: 'app-test', apiEndpoint: dify.origin } }, 'dify-ai', {
      action: 'Create Chat Message',
      query: '{{User}}',
      responseMapping: [{ item: 'Message content', variableId: 'vAssistant' }],
    })
    dify.reply({ answer: 'A first draft.', replace: 'The final answer.' }, { answer: 'Nothing to replace.' })
    const res = await runCliAsync(['chat', publicId, '--url', s.url, '--token', token], {}, 'Hi\nAgain\n')
    assert.equal(res.status, 0, res.stderr)
    assert.deepEqual(res.stdout.split('\n'), [
      'Ask me anything',
      '> Hi',
      'A first draft.',
      'The final answer.',
      '> Again',
      'Nothing to replace.',
      '> ',
      '(Left the chat.)',
      '',
    ])
  })

  test('chat: a model failing (500) or cutting its stream mid-answer is said plainly, and the chat ends', { timeout: 120_000 }, async () => {
    const [refused, broken] = await Promise.all([botWithModel(failing), botWithModel(cut)])
    const [atOnce, midway] = await Promise.all([
      runCliAsync(['chat', refused.publicId, '--url', s.url, '--token', refused.token], {}, 'Hi\nStill there?\n'),
      runCliAsync(['chat', broken.publicId, '--url', s.url, '--token', broken.token], {}, 'Hi\nStill there?\n'),
    ])
    assert.equal(atOnce.status, 1)
    assert.equal(atOnce.stdout, 'Ask me anything\n> Hi\n')
    assert.equal(atOnce.stderr, "The bot's answer failed: OpenAI API error - 500: The server had an error processing your request\n")
    assert.equal(midway.status, 1)
    assert.match(midway.stdout, /^Ask me anything\n> Hi\nOnce upon a \n$/, `the pieces received, then a line break\n${midway.stderr}`)
    assert.match(midway.stderr, /^The bot's answer failed: OpenAI request failed: .+\n$/, 'the cut, as the server tells it')
  })
})

describe('the database the server uses', () => {
  test('serve says where things are and records its database; a command elsewhere is warned', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-marker-'))
    const elsewhere = await mkdtemp(join(tmpdir(), 'parley-elsewhere-'))
    const serverDb = join(dir, 'server.db')
    const server = await spawnServer({
      DATABASE_URL: `sqlite:${serverDb}`,
      FILES_DIR: join(dir, 'files'),
      PARLEY_PUBLIC_URL: 'https://build.example.com',
      PARLEY_CHAT_URL: 'https://chat.example.com',
    })
    try {
      const out = server.stdout()
      assert.match(out, /^Parley \S+ is listening on http:\/\/127\.0\.0\.1:\d+\.$/m)
      assert.match(out, /^ {2}Web app: +https:\/\/build\.example\.com\/ /m)
      assert.match(out, /^ {2}Bot pages: +https:\/\/chat\.example\.com\/ /m)
      assert.match(out, /^ {2}API docs: +https:\/\/build\.example\.com\/docs$/m)
      assert.match(out, /^ {2}Health check: +https:\/\/build\.example\.com\/health$/m)
      const recorded = JSON.parse(await readFile(join(stateHome, 'parley', 'server-database.json'), 'utf8'))
      assert.equal(recorded.database, `sqlite:${serverDb}`)

      // `npx parley token create` from another directory: the default database is another, new file.
      const res = runCli(['token', 'create', '--name', 'Lost', '--quiet'], {}, { cwd: elsewhere })
      assert.equal(res.status, 0, res.stderr)
      const created = join(elsewhere, 'data', 'parley.db')
      assert.match(res.stderr, new RegExp(`there is no database at ${created}; this command creates an empty one there`))
      assert.match(res.stderr, new RegExp(`uses the database sqlite:${created}, but the server last started on this machine uses sqlite:${serverDb}`))
      // The server's own database: no warning.
      const same = runCli(['token', 'list'], { DATABASE_URL: `sqlite:${serverDb}` })
      assert.equal(same.status, 0)
      assert.equal(same.stderr, '')
    } finally {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
      await rm(elsewhere, { recursive: true, force: true })
    }
  })
})
