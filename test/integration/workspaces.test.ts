import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { addMember } from '../support/seed.js'
import { startTestServer, type TestServer } from '../support/server.js'

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe('workspaces', () => {
  let s: TestServer
  let alice: { id: string; token: string }
  let bob: { id: string; token: string }
  before(async () => {
    s = await startTestServer()
    alice = await s.user('Alice', 'alice@example.com')
    bob = await s.user('Bob', 'bob@example.com')
  })
  after(() => s.stop())

  test('create answers every field with defaults, without the custom limits', async () => {
    const res = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'Acme', icon: '🚀' } })
    assert.equal(res.status, 200)
    const w = res.body.workspace
    assert.match(w.id, /^[a-z0-9]{25}$/)
    assert.match(w.createdAt, ISO)
    assert.equal(w.updatedAt, w.createdAt)
    assert.deepEqual(
      { ...w, id: 0, createdAt: 0, updatedAt: 0 },
      {
        id: 0,
        createdAt: 0,
        updatedAt: 0,
        name: 'Acme',
        icon: '🚀',
        plan: 'FREE',
        billingProviderId: null,
        settings: {},
        isSuspended: false,
        isPastDue: false,
        isVerified: false,
        chatsHardLimit: null,
        lastActivityAt: null,
        inactiveFirstEmailSentAt: null,
        inactiveSecondEmailSentAt: null,
      },
    )
    assert.ok(!('customChatsLimit' in w) && !('customSeatsLimit' in w))
  })

  test('get answers the workspace with limits and currentUserMode; list shows only own workspaces', async () => {
    const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'Mine' } })
    const id = body.workspace.id
    const res = await s.call('GET', `/v1/workspaces/${id}`, { token: alice.token })
    assert.equal(res.status, 200)
    assert.equal(res.body.currentUserMode, 'write')
    assert.equal(res.body.workspace.customChatsLimit, null)
    assert.equal(res.body.workspace.customSeatsLimit, null)
    assert.equal(res.body.workspace.icon, null)
    const list = await s.call('GET', '/v1/workspaces', { token: alice.token })
    assert.ok(list.body.workspaces.some((w: any) => w.id === id && w.currentUserMode === 'write'))
    const bobs = await s.call('GET', '/v1/workspaces', { token: bob.token })
    assert.ok(!bobs.body.workspaces.some((w: any) => w.id === id))
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).status, 404)
  })

  test('members: admin invites a guest by email, who joins on accepting; guest reads with mode read, cannot write, admin removes', async () => {
    const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'Team' } })
    const id = body.workspace.id
    const invited = await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { email: 'BOB@example.com', role: 'guest' } })
    assert.equal(invited.status, 202, JSON.stringify(invited.body))
    assert.equal(invited.body.invitation.email, 'bob@example.com')
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).status, 404, 'not a member before accepting')
    const accepted = await s.call('POST', `/v1/invitations/${new URL(invited.body.link).pathname.split('/').at(-1)}/accept`, { token: bob.token })
    assert.equal(accepted.body.role, 'guest')
    const asGuest = await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })
    assert.equal(asGuest.body.currentUserMode, 'read')
    const members = await s.call('GET', `/v1/workspaces/${id}/members`, { token: bob.token })
    assert.deepEqual(members.body.members.map((m: any) => m.role).sort(), ['admin', 'guest'])
    const guestWrite = await s.call('POST', `/v1/workspaces/${id}/members`, { token: bob.token, body: { userId: bob.id, role: 'admin' } })
    assert.equal(guestWrite.status, 403)
    assert.equal(guestWrite.body.code, 'forbidden')
    // promote to member → write mode
    const promoted = await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { userId: bob.id, role: 'member' } })
    assert.equal(promoted.status, 200)
    assert.deepEqual(
      { ...promoted.body.member, createdAt: 0 },
      { userId: bob.id, name: 'Bob', email: 'bob@example.com', role: 'member', createdAt: 0 },
    )
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).body.currentUserMode, 'write')
    // a member is not an admin: cannot manage members
    assert.equal((await s.call('DELETE', `/v1/workspaces/${id}/members/${alice.id}`, { token: bob.token })).status, 403)
    const removed = await s.call('DELETE', `/v1/workspaces/${id}/members/${bob.id}`, { token: alice.token })
    assert.equal(removed.status, 200)
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).status, 404)
  })

  test('the last admin cannot be removed or demoted; unknown user ids are 404', async () => {
    const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'Solo' } })
    const id = body.workspace.id
    assert.equal((await s.call('DELETE', `/v1/workspaces/${id}/members/${alice.id}`, { token: alice.token })).status, 409)
    assert.equal(
      (await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { userId: alice.id, role: 'guest' } })).status,
      409,
    )
    const unknown = await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { userId: 'nosuchuser', role: 'member' } })
    assert.equal(unknown.status, 404)
  })

  test('two admins demoting (or removing) each other at the same moment leave one admin, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: `Race ${round}` } })
      const id = body.workspace.id
      await addMember(s, alice, id, bob, 'admin')
      const remove = round % 2 === 1
      const change = (by: { token: string }, target: { id: string }) =>
        remove
          ? s.call('DELETE', `/v1/workspaces/${id}/members/${target.id}`, { token: by.token })
          : s.call('POST', `/v1/workspaces/${id}/members`, { token: by.token, body: { userId: target.id, role: 'member' } })
      const answers = await Promise.all([change(alice, bob), change(bob, alice)])
      const members = (await s.store.workspaces.members(id)).filter((m) => m.role === 'admin')
      assert.equal(members.length, 1, `round ${round}: answers ${answers.map((a) => a.status).join(', ')}`)
      // One change goes through; the other is refused (the last admin, or no longer an admin, or no longer a member).
      assert.equal(answers.filter((a) => a.status === 200).length, 1, answers.map((a) => `${a.status} ${a.body?.message}`).join('; '))
    }
  })

  test('adding someone who is not a member, by email or user id, invites them: never a membership, never an account', async () => {
    const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'Invites' } })
    const id = body.workspace.id
    const known = await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { email: 'bob@example.com', role: 'member' } })
    const unknown = await s.call('POST', `/v1/workspaces/${id}/members`, {
      token: alice.token,
      body: { email: 'Nobody@Example.com', role: 'member' },
    })
    // The same answer whether or not the email has an account.
    assert.equal(known.status, 202, JSON.stringify(known.body))
    assert.equal(unknown.status, 202, JSON.stringify(unknown.body))
    assert.deepEqual(Object.keys(unknown.body).sort(), ['emailed', 'invitation', 'link'])
    assert.deepEqual(Object.keys(unknown.body).sort(), Object.keys(known.body).sort())
    assert.equal(unknown.body.invitation.email, 'nobody@example.com')
    assert.equal(await s.store.accounts.userByEmail('nobody@example.com'), undefined, 'no account is squatted')
    // Bob's dashboard does not show the workspace until he accepts.
    assert.ok(!(await s.call('GET', '/v1/workspaces', { token: bob.token })).body.workspaces.some((w: { id: string }) => w.id === id))
    // By user id: the same invitation, renewed (new link and role; the old link stops working).
    const byId = await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { userId: bob.id, role: 'guest' } })
    assert.equal(byId.status, 202)
    assert.equal(byId.body.invitation.id, known.body.invitation.id)
    assert.equal(byId.body.invitation.role, 'guest')
    const keyOf = (link: string) => new URL(link).pathname.split('/').at(-1)
    assert.equal((await s.call('GET', `/v1/invitations/${keyOf(known.body.link)}`, { token: null })).status, 404)
    assert.deepEqual(
      (await s.call('GET', `/v1/workspaces/${id}/members`, { token: alice.token })).body.members.map((m: { userId: string }) => m.userId),
      [alice.id],
    )
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).status, 404)
    // A user without an email cannot be invited.
    const noEmail = await s.user('NoEmail')
    assert.equal(
      (await s.call('POST', `/v1/workspaces/${id}/members`, { token: alice.token, body: { userId: noEmail.id, role: 'guest' } })).status,
      400,
    )
    // Accepting makes the membership.
    assert.equal((await s.call('POST', `/v1/invitations/${keyOf(byId.body.link)}/accept`, { token: bob.token })).body.role, 'guest')
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: bob.token })).body.currentUserMode, 'read')
  })

  test('validation: missing or empty name, wrong types, both email and userId', async () => {
    for (const body of [{}, { name: '' }, { name: 42 }, { name: 'x', icon: 3 }]) {
      const res = await s.call('POST', '/v1/workspaces', { token: alice.token, body })
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.code, 'validation_failed')
      assert.ok(res.body.issues.length > 0 && res.body.issues[0].path.startsWith('body'))
    }
    const { body } = await s.call('POST', '/v1/workspaces', { token: alice.token, body: { name: 'V' } })
    const both = await s.call('POST', `/v1/workspaces/${body.workspace.id}/members`, {
      token: alice.token,
      body: { email: 'bob@example.com', userId: bob.id, role: 'guest' },
    })
    assert.equal(both.status, 400)
  })
})
