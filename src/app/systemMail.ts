// Email the service itself sends to people (invitations, password resets, sign-in links), through the server's
// own SMTP settings. Never required: without SMTP, every such email has a link the user can copy instead.
import type { Runtime } from '../engine/types.js'

export type SystemMail = {
  /** Whether SMTP_HOST and SMTP_FROM are set, so emails can be sent at all. */
  configured: boolean
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<{ ok: boolean; error?: string }>
}

export const createSystemMail = (runtime: Pick<Runtime, 'sendEmail'>, configured: boolean): SystemMail => ({
  configured,
  send: ({ to, subject, text, html }) =>
    configured ? runtime.sendEmail({ to: [to], subject, text, html }, 'default') : Promise.resolve({ ok: false, error: 'SMTP is not configured.' }),
})
