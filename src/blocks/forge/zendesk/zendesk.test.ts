import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { test } from 'node:test'
import { forgedZendesk } from './kind.js'
import { blockContext } from '../../../../test/support/blocks.js'

const run = (
  options: Record<string, unknown>,
  data: Record<string, string> = { conversationsKeyId: 'app_123', conversationsSecretKey: 'zd-secret' },
) => {
  const { ctx } = blockContext({
    variables: { Id: 'user-7', Email: 'ada@example.org' },
    credentials: [{ id: 'zd', type: 'zendesk', name: 'Zendesk', data }],
  })
  return forgedZendesk.execute(
    { id: 'b1', type: 'zendesk', options: { credentialsId: 'zd', action: 'Open Web Widget', webWidgetKey: 'wk-1', ...options } },
    ctx,
  )
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

test('a named user gets a login JWT signed with the conversations secret (HS256, kid), in Typebot payload shape', async () => {
  const result = await run({ userId: '{{Id}}', name: 'Ada', email: '{{Email}}' })
  const action = result.clientSideActions![0] as any
  assert.equal(action.type, 'codeToExecute')
  const { isAuthEnabled, token, key } = action.codeToExecute.args
  assert.equal(isAuthEnabled, 'true')
  assert.equal(key, 'wk-1')
  const [header, payload, signature] = token.split('.')
  assert.deepEqual(decode(header), { alg: 'HS256', typ: 'JWT', kid: 'app_123' })
  assert.deepEqual(decode(payload), {
    scope: 'user',
    external_id: 'user-7',
    name: 'Ada',
    email: 'ada@example.org',
    email_verified: 'true',
    iat: Date.parse('2025-06-04T10:00:00Z') / 1000,
  })
  assert.equal(signature, createHmac('sha256', 'zd-secret').update(`${header}.${payload}`).digest('base64url'))
  assert.ok(!JSON.stringify(result).includes('zd-secret'))
})

test('the widget script logs the user in then opens the messenger; anonymous visitors get no token', async () => {
  const withUser = (await run({ userId: 'u' })).clientSideActions![0] as any
  assert.deepEqual(Object.keys(decode(withUser.codeToExecute.args.token.split('.')[1])).sort(), ['external_id', 'iat', 'name', 'scope'])
  const calls: unknown[][] = []
  const zE = (...args: any[]) => {
    calls.push(args.filter((a) => typeof a === 'string'))
    if (args[1] === 'loginUser') args[2]((token: string) => calls.push(['token', token]))
  }
  const { args, content } = withUser.codeToExecute
  const out = new Function('window', 'zE', ...Object.keys(args), content)({ zE }, zE, ...Object.values(args))
  assert.equal(out, 'Zendesk Web Widget Opened')
  assert.deepEqual(calls, [
    ['messenger', 'loginUser'],
    ['token', args.token],
    ['messenger', 'open'],
  ])
  const anonymous = (await run({})).clientSideActions![0] as any
  assert.deepEqual(anonymous.codeToExecute.args, { isAuthEnabled: 'false', token: '', key: 'wk-1' })
})

test('credentials are required, and their keys to log a user in', async () => {
  assert.match((await run({ credentialsId: 'none' })).logs![0].description, /Credentials not provided/)
  assert.match((await run({ userId: 'u' }, { conversationsKeyId: 'k' })).logs![0].description, /need conversationsKeyId and conversationsSecretKey/)
})
