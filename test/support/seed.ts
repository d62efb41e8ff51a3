// Common set-ups of integration tests: a user with a workspace, an imported (and published) fixture.
import assert from 'node:assert/strict'
import type { TestServer } from './server.js'
import type { Kysely } from 'kysely'
import { hashToken } from '../../src/lib/ids.js'
import type { Database } from '../../src/store/tables.js'
import type { Role } from '../../src/store/workspaces.js'

export const userWithWorkspace = async (s: TestServer, name = 'Owner') => {
  const user = await s.user(name, `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`)
  const res = await s.call('POST', '/v1/workspaces', { token: user.token, body: { name: `${name}'s workspace` } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return { ...user, workspaceId: res.body.workspace.id as string }
}

/**
 * Makes `who` a member of the workspace with `role` the way people join: the admin invites their email and they
 * accept the link, signed in. Answers the member as the workspace lists them.
 */
export const addMember = async (s: TestServer, admin: { token: string }, workspaceId: string, who: { token: string }, role: Role) => {
  const me = await s.call('GET', '/v1/me', { token: who.token })
  assert.equal(me.status, 200, JSON.stringify(me.body))
  const invited = await s.call('POST', `/v1/workspaces/${workspaceId}/invitations`, { token: admin.token, body: { email: me.body.user.email, role } })
  assert.equal(invited.status, 200, JSON.stringify(invited.body))
  const key = new URL(invited.body.link).pathname.split('/').at(-1)
  const accepted = await s.call('POST', `/v1/invitations/${key}/accept`, { token: who.token })
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
  const members = await s.call('GET', `/v1/workspaces/${workspaceId}/members`, { token: admin.token })
  return members.body.members.find((m: { userId: string }) => m.userId === me.body.user.id) as { userId: string; role: Role }
}

export const importBot = async (s: TestServer, token: string, workspaceId: string, bot: unknown) => {
  const res = await s.call('POST', '/v1/bots/import', { token, body: { workspaceId, bot } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.bot as Record<string, any>
}

export const importAndPublish = async (s: TestServer, token: string, workspaceId: string, bot: unknown) => {
  const imported = await importBot(s, token, workspaceId, bot)
  const res = await s.call('POST', `/v1/bots/${imported.id}/publish`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return imported
}

/** The result's own id from the key a chat client holds (startChat's `resultId`, of which only a hash is stored). */
export const resultIdOfKey = async (db: Kysely<Database>, key: string): Promise<string> => {
  const row = await db.selectFrom('results').select('id').where('clientKeyHash', '=', hashToken(key)).executeTakeFirst()
  if (!row) throw new Error(`no result holds the key ${key}`)
  return row.id
}
