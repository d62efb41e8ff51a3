// Outgoing email for Email blocks, with nodemailer. The server's own SMTP settings come from its configuration and
// are trusted; workspace SMTP credentials are not, so their host passes the same SSRF guard as HTTP requests:
// checked after DNS resolution, and the connection goes to the address that was checked.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { createTransport } from 'nodemailer'
import type { EmailMessage, EmailOutcome, SmtpSettings } from '../engine/types.js'
import { type Allowlist, isAllowedHost, refuseAddress } from './ssrf.js'

export type ServerSmtp = { host?: string; port: number; secure: boolean; username?: string; password?: string; from?: string }
export type Mailer = (message: EmailMessage, smtp: SmtpSettings | 'default') => Promise<EmailOutcome>

// nodemailer waits minutes by default; a chat turn cannot.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** `Name <address>`, `"Name" <address>` or a bare address. */
export const parseSender = (from: string): { name: string; address: string } => {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  return match ? { name: match[1].trim(), address: match[2].trim() } : { name: '', address: from.trim() }
}

const guardedTarget = async (host: string, allow: Allowlist): Promise<{ host: string; tls?: { servername: string } }> => {
  if (isAllowedHost(host, allow)) return { host }
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true })
  const refusal = addresses.map((a) => refuseAddress(a.address, allow)).find(Boolean)
  if (refusal) throw new Error(`Security validation failed: ${host}: ${refusal}`)
  return isIP(host) ? { host } : { host: addresses[0].address, tls: { servername: host } }
}

export const createMailer = (server: ServerSmtp, allow: Allowlist): Mailer => async (message, smtp) => {
  const settings = smtp === 'default' ? (server.host && server.from ? { ...server, host: server.host, from: server.from } : undefined) : smtp
  if (!settings) return { ok: false, error: 'This server has no SMTP settings of its own (SMTP_HOST and SMTP_FROM are not set).' }
  try {
    const target = smtp === 'default' ? { host: settings.host } : await guardedTarget(settings.host, allow)
    const auth = settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined
    const transport = createTransport({ ...target, port: settings.port, secure: settings.secure, auth, ...TIMEOUTS })
    const sender = parseSender(settings.from)
    const name = message.fromName || sender.name
    try {
      await transport.sendMail({
        from: name ? { name, address: sender.address } : sender.address,
        to: message.to,
        cc: message.cc,
        bcc: message.bcc,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Bodies come from bots: nodemailer must not read local files or fetch URLs on their behalf.
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    } finally {
      transport.close()
    }
    return { ok: true }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) }
  }
}
