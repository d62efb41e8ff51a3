// Invitations to workspaces: an admin invites an email with a role; the invitee gets a link (copied by the admin, and
// emailed when the server has SMTP) and accepts or declines it once signed in with that email. The link's token is a
// secret of its own, stored hashed; an invitation expires after INVITATION_TTL_MS.
import { randomBytes } from 'node:crypto'
import { hashToken } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { InvitationDetails } from '../store/invitations.js'
import type { Role } from '../store/workspaces.js'
import type { Access } from './access.js'
import { conflict, forbidden, notFound } from './errors.js'
import type { SystemMail } from './systemMail.js'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Tokens are 43 base64url characters: anything else is not worth a lookup. */
const looksLikeToken = (key: string) => key.length === 43

const view = ({ invitedBy: _i, ...invitation }: InvitationDetails) => invitation

const invitationEmail = (to: { inviter: string; workspace: string; role: Role; link: string; expiresAt: string }) => ({
  subject: `${to.inviter} invited you to ${to.workspace} on Parley`,
  text: [
    `${to.inviter} invited you to join the workspace "${to.workspace}" on Parley as ${to.role === 'admin' ? 'an admin' : `a ${to.role}`}.`,
    '',
    `Open this link to accept or decline: ${to.link}`,
    '',
    `The invitation expires on ${to.expiresAt.slice(0, 10)}. If you did not expect it, ignore this email.`,
  ].join('\n'),
})

export const createInvitations = ({
  store,
  access,
  mail,
  publicUrl,
}: {
  store: Pick<Store, 'invitations' | 'workspaces'>
  access: Access
  mail: SystemMail
  publicUrl: () => string
}) => {
  const linkOf = (token: string) => `${publicUrl().replace(/\/+$/, '')}/invitations/${token}`

  /** The unexpired invitation of a link's token (the token is the secret). */
  const byLink = async (token: string) => {
    const invitation = looksLikeToken(token) ? await store.invitations.byTokenHash(hashToken(token)) : undefined
    if (!invitation) throw notFound('Invitation not found: it may have been revoked, accepted or declined.')
    if (invitation.expiresAt <= new Date().toISOString()) throw notFound('This invitation has expired. Ask for a new one.')
    return invitation
  }

  /**
   * The invitation of the link, sent to this user. Only by the link: emails are not verified at sign-up, so knowing
   * an invited address must not be enough to join (an id-based path or a list by email would allow exactly that).
   */
  const forInvitee = async (user: User, token: string) => {
    if (user.scope) throw forbidden('A token limited to one workspace cannot join other workspaces.')
    const invitation = await byLink(token)
    if (!user.email || user.email.toLowerCase() !== invitation.email)
      throw forbidden('This invitation was sent to another email address: sign in with that address to accept it.')
    return invitation
  }

  return {
    /**
     * Invites an email (admins only); inviting it again renews the invitation (new link, role and expiry). The link is
     * in the answer for the admin to pass on; `emailed` tells whether it was also sent by email.
     */
    async invite(user: User, workspaceId: string, input: { email: string; role: Role }) {
      await access.workspaceRole(user, workspaceId, 'admin')
      const email = input.email.toLowerCase()
      const members = await store.workspaces.members(workspaceId)
      if (members.some((m) => m.email?.toLowerCase() === email)) throw conflict('That email already belongs to a member of this workspace.')
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS).toISOString()
      const stored = await store.invitations.upsert({
        workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        expiresAt,
      })
      const invitation = (await store.invitations.byId(stored.id))!
      const link = linkOf(token)
      let emailed = false
      if (mail.configured) {
        const message = invitationEmail({ inviter: user.name, workspace: invitation.workspaceName, role: input.role, link, expiresAt })
        emailed = (await mail.send({ to: email, ...message }).catch(() => ({ ok: false }))).ok
      }
      return { invitation: view(invitation), link, emailed }
    },

    /** Pending (unexpired) invitations of a workspace; admins only. */
    async listForWorkspace(user: User, workspaceId: string) {
      await access.workspaceRole(user, workspaceId, 'admin')
      return (await store.invitations.pendingForWorkspace(workspaceId, new Date().toISOString())).map(view)
    },

    async revoke(user: User, workspaceId: string, invitationId: string) {
      await access.workspaceRole(user, workspaceId, 'admin')
      if (!(await store.invitations.delete(invitationId, workspaceId))) throw notFound('Invitation not found.')
      return { id: invitationId }
    },

    /** Whether this link's token is a pending invitation sent to this email (sign-up while it is closed). */
    async admits(token: string, email: string): Promise<boolean> {
      const invitation = looksLikeToken(token) ? await store.invitations.byTokenHash(hashToken(token)) : undefined
      return !!invitation && invitation.expiresAt > new Date().toISOString() && invitation.email === email.toLowerCase()
    },

    /** Whether an unexpired invitation was sent to this email (a provider-verified one, while sign-up is closed). */
    pendingFor: (email: string): Promise<boolean> => store.invitations.existsForEmail(email, new Date().toISOString()),

    /** What an invitation's page shows, to whoever holds its link. */
    async byToken(token: string) {
      return view(await byLink(token))
    },

    /** Joins the workspace with the invitation's role (a member already keeps theirs). Answers the role now held. */
    async accept(user: User, token: string) {
      const invitation = await forInvitee(user, token)
      if (!(await store.invitations.accept(invitation.id, user.id))) throw notFound('Invitation not found: it may have been revoked.')
      const role = (await store.workspaces.roleOf(invitation.workspaceId, user.id))!
      return { workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName, role }
    },

    async decline(user: User, token: string) {
      const invitation = await forInvitee(user, token)
      await store.invitations.delete(invitation.id)
      return { id: invitation.id }
    },
  }
}

export type InvitationsApp = ReturnType<typeof createInvitations>
