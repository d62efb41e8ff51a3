// Invitations: the link and the email (through an SMTP server on loopback), reading, accepting and declining as the
// invitee, revoking, expiry, and who may do what.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createAccess } from '../../src/app/access.js'
import { createInvitations } from '../../src/app/invitations.js'
import { addMember, userWithWorkspace } from '../support/seed.js'
import { type Mail, type Mailbox, startMailbox } from '../support/mailbox.js'
import { startTestServer, type TestServer } from '../support/server.js'

describe('invitations', () => {
  let received: Mail[] = []
  let mailbox: Mailbox
  let s: TestServer
  let noSmtp: TestServer

  before(async () => {
    mailbox = await startMailbox()
    received = mailbox.received
    const port = mailbox.port
    s = await startTestServer({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM: 'Parley <parley@example.com>',
      PARLEY_PUBLIC_URL: 'https://parley.example.com',
      PARLEY_CHAT_URL: 'https://chat.parley.example.com',
    })
    noSmtp = await startTestServer()
  })
  after(async () => {
    await s.stop()
    await noSmtp.stop()
    await mailbox?.close()
  })

  const tokenOf = (link: string) => link.split('/').pop()!

  test('invite → email with the link → the invitee reads it without signing in, then accepts and becomes a member', async () => {
    received.length = 0
    const admin = await userWithWorkspace(s, 'Alice')
    const res = await s.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: 'Carol@Example.com', role: 'member' },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.emailed, true)
    assert.match(res.body.link, /^https:\/\/parley\.example\.com\/invitations\/[A-Za-z0-9_-]{43}$/)
    const inv = res.body.invitation
    assert.deepEqual(
      { ...inv, id: 0, createdAt: 0, expiresAt: 0 },
      {
        id: 0,
        workspaceId: admin.workspaceId,
        workspaceName: "Alice's workspace",
        email: 'carol@example.com',
        role: 'member',
        inviterName: 'Alice',
        createdAt: 0,
        expiresAt: 0,
      },
    )
    const days = (Date.parse(inv.expiresAt) - Date.parse(inv.createdAt)) / 86_400_000
    assert.ok(days > 6.9 && days < 7.1, String(days))
    // Only the hash of the token is stored.
    const token = tokenOf(res.body.link)
    const row = await s.store.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow()
    assert.ok(!JSON.stringify(row).includes(token))

    assert.equal(received.length, 1)
    assert.deepEqual(received[0].to, ['carol@example.com'])
    assert.match(received[0].raw, /^Subject: Alice invited you to Alice's workspace on Parley\r?$/m)
    assert.ok(received[0].raw.includes(res.body.link), received[0].raw)

    const page = await s.call('GET', `/v1/invitations/${token}`, { token: null })
    assert.equal(page.status, 200)
    assert.deepEqual(page.body.invitation, inv)

    const carol = await s.user('Carol', 'carol@example.com')
    const accepted = await s.call('POST', `/v1/invitations/${token}/accept`, { token: carol.token })
    assert.deepEqual(accepted.body, { workspaceId: admin.workspaceId, workspaceName: "Alice's workspace", role: 'member' })
    const ws = await s.call('GET', `/v1/workspaces/${admin.workspaceId}`, { token: carol.token })
    assert.equal(ws.body.currentUserMode, 'write')
    // Used up: the link no longer works.
    assert.equal((await s.call('GET', `/v1/invitations/${token}`, { token: null })).status, 404)
    assert.equal((await s.call('POST', `/v1/invitations/${token}/accept`, { token: carol.token })).status, 404)
  })

  test('without SMTP the link is answered and nothing is emailed; only the link joins: not the id, nor a scoped token', async () => {
    const admin = await userWithWorkspace(noSmtp, 'Admin')
    const res = await noSmtp.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: 'dave@example.com', role: 'guest' },
    })
    assert.equal(res.body.emailed, false)
    assert.match(res.body.link, /^http:\/\/localhost:\d+\/invitations\//)
    const dave = await noSmtp.user('Dave', 'DAVE@example.com')
    // Whoever registers the invited address (emails are not verified) must still hold the link.
    assert.equal((await noSmtp.call('GET', '/v1/invitations', { token: dave.token })).status, 404)
    assert.equal((await noSmtp.call('POST', `/v1/invitations/${res.body.invitation.id}/accept`, { token: dave.token })).status, 404)
    const linkToken = res.body.link.split('/').pop()
    // A token limited to one of Dave's workspaces cannot join another.
    const own = await noSmtp.call('POST', '/v1/workspaces', { token: dave.token, body: { name: "Dave's" } })
    const scoped = await noSmtp.call('POST', '/v1/me/tokens', { token: dave.token, body: { name: 's', workspaceId: own.body.workspace.id } })
    assert.equal(scoped.status, 200, JSON.stringify(scoped.body))
    assert.equal((await noSmtp.call('POST', `/v1/invitations/${linkToken}/accept`, { token: scoped.body.secret })).status, 403)
    const accepted = await noSmtp.call('POST', `/v1/invitations/${linkToken}/accept`, { token: dave.token })
    assert.equal(accepted.body.role, 'guest')
    assert.equal((await noSmtp.call('GET', `/v1/workspaces/${admin.workspaceId}`, { token: dave.token })).body.currentUserMode, 'read')
  })

  test('another email is refused (403) and the invitation stays; unknown tokens 404', async () => {
    const admin = await userWithWorkspace(s, 'Admin')
    const res = await s.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: 'erin@example.com', role: 'admin' },
    })
    const token = tokenOf(res.body.link)
    const mallory = await s.user('Mallory', 'mallory@example.com')
    for (const action of ['accept', 'decline']) {
      const refused = await s.call('POST', `/v1/invitations/${token}/${action}`, { token: mallory.token })
      assert.equal(refused.status, 403, action)
      assert.ok(!refused.body.message.includes('erin'), 'the invited email is not told')
      // An id is not a link: nobody gets in by it.
      assert.equal((await s.call('POST', `/v1/invitations/${res.body.invitation.id}/${action}`, { token: mallory.token })).status, 404)
    }
    assert.equal((await s.call('GET', `/v1/workspaces/${admin.workspaceId}`, { token: mallory.token })).status, 404)
    // A user without an email cannot accept either.
    const anonymous = await s.user('NoEmail')
    assert.equal((await s.call('POST', `/v1/invitations/${token}/accept`, { token: anonymous.token })).status, 403)
    assert.equal((await s.call('GET', `/v1/invitations/${'x'.repeat(43)}`, { token: null })).status, 404)
    assert.equal((await s.call('GET', `/v1/invitations/${res.body.invitation.id}`, { token: null })).status, 404, 'ids do not open the page')
    assert.equal((await s.call('POST', `/v1/invitations/${token}/accept`, { token: null })).status, 401)
    // Erin still can.
    const erin = await s.user('Erin', 'erin@example.com')
    assert.equal((await s.call('POST', `/v1/invitations/${token}/accept`, { token: erin.token })).body.role, 'admin')
  })

  test('an expired invitation cannot be read or accepted, and is not pending', async () => {
    const admin = await userWithWorkspace(s, 'Admin')
    const res = await s.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: 'frank@example.com', role: 'member' },
    })
    const token = tokenOf(res.body.link)
    const mayRegister = createInvitations({
      store: s.store,
      access: createAccess(s.store),
      mail: { configured: false, send: async () => ({ ok: false }) },
      publicUrl: () => s.url,
    }).pendingFor
    assert.equal(await mayRegister('FRANK@example.com'), true)
    assert.equal(await mayRegister('nobody-invited@example.com'), false)
    await s.store.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', res.body.invitation.id)
      .execute()
    assert.equal(await mayRegister('frank@example.com'), false)
    const page = await s.call('GET', `/v1/invitations/${token}`, { token: null })
    assert.equal(page.status, 404)
    assert.match(page.body.message, /expired/)
    const frank = await s.user('Frank', 'frank@example.com')
    assert.equal((await s.call('POST', `/v1/invitations/${token}/accept`, { token: frank.token })).status, 404)
    assert.deepEqual((await s.call('GET', `/v1/workspaces/${admin.workspaceId}/invitations`, { token: admin.token })).body.invitations, [])
    // Inviting again renews it: a new link that works.
    const again = await s.call('POST', `/v1/workspaces/${admin.workspaceId}/invitations`, {
      token: admin.token,
      body: { email: 'frank@example.com', role: 'guest' },
    })
    assert.equal((await s.call('GET', `/v1/invitations/${token}`, { token: null })).status, 404, 'the old link stays dead')
    assert.equal((await s.call('POST', `/v1/invitations/${tokenOf(again.body.link)}/accept`, { token: frank.token })).body.role, 'guest')
  })

  test('list and revoke: admins only (members and guests 403, outsiders 404); decline removes it', async () => {
    const admin = await userWithWorkspace(s, 'Admin')
    const id = admin.workspaceId
    const [member, guest, outsider] = await Promise.all(['Member', 'Guest', 'Outsider'].map((n) => userWithWorkspace(s, n)))
    await addMember(s, admin, id, member, 'member')
    await addMember(s, admin, id, guest, 'guest')
    const invite = (token: string, email: string) => s.call('POST', `/v1/workspaces/${id}/invitations`, { token, body: { email, role: 'member' } })
    const a = await invite(admin.token, 'gina@example.com')
    const b = await invite(admin.token, 'hank@example.com')
    assert.equal((await invite(member.token, 'x@example.com')).status, 403)
    assert.equal((await invite(guest.token, 'x@example.com')).status, 403)
    assert.equal((await invite(outsider.token, 'x@example.com')).status, 404)
    assert.equal((await invite(admin.token, 'not-an-email')).status, 400)
    const memberEmail = (await s.store.accounts.userById(member.id))!.email!
    assert.equal((await invite(admin.token, memberEmail)).status, 409, 'already a member')

    const list = await s.call('GET', `/v1/workspaces/${id}/invitations`, { token: admin.token })
    assert.deepEqual(list.body.invitations.map((i: any) => i.email).sort(), ['gina@example.com', 'hank@example.com'])
    for (const [u, status] of [
      [member, 403],
      [guest, 403],
      [outsider, 404],
    ] as const) {
      assert.equal((await s.call('GET', `/v1/workspaces/${id}/invitations`, { token: u.token })).status, status)
      assert.equal((await s.call('DELETE', `/v1/workspaces/${id}/invitations/${a.body.invitation.id}`, { token: u.token })).status, status)
    }
    // Revoking through another workspace's path does nothing.
    assert.equal(
      (await s.call('DELETE', `/v1/workspaces/${outsider.workspaceId}/invitations/${a.body.invitation.id}`, { token: outsider.token })).status,
      404,
    )
    const revoked = await s.call('DELETE', `/v1/workspaces/${id}/invitations/${a.body.invitation.id}`, { token: admin.token })
    assert.deepEqual(revoked.body, { id: a.body.invitation.id, revoked: true })
    assert.equal((await s.call('GET', `/v1/invitations/${tokenOf(a.body.link)}`, { token: null })).status, 404)

    const hank = await s.user('Hank', 'hank@example.com')
    const declined = await s.call('POST', `/v1/invitations/${tokenOf(b.body.link)}/decline`, { token: hank.token })
    assert.deepEqual(declined.body, { id: b.body.invitation.id, declined: true })
    assert.equal((await s.call('GET', `/v1/workspaces/${id}`, { token: hank.token })).status, 404)
    assert.deepEqual((await s.call('GET', `/v1/workspaces/${id}/invitations`, { token: admin.token })).body.invitations, [])
  })
})
