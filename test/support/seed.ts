// Common set-ups of integration tests: a user with a workspace, an imported (and published) fixture.
import assert from 'node:assert/strict'
import type { TestServer } from './server.js'

export const userWithWorkspace = async (s: TestServer, name = 'Owner') => {
  const user = await s.user(name, `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`)
  const res = await s.call('POST', '/v1/workspaces', { token: user.token, body: { name: `${name}'s workspace` } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return { ...user, workspaceId: res.body.workspace.id as string }
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
