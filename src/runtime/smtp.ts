// Outgoing email for Email blocks, with nodemailer. The server's own SMTP settings come from its configuration and
// are trusted; workspace SMTP credentials are not, so their host passes the same SSRF guard as HTTP requests:
// checked after DNS resolution, and the connection goes to the address that was checked.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { createTransport } from 'nodemailer'
import type { EmailMessage, EmailOutcome, SmtpSettings } from '../engine/types.js'
import { type Allowlist, refuseAddress, refuseHostname } from './ssrf.js'

export type ServerSmtp = { host?: string; port: number; secure: boolean; username?: string; password?: string; from?: string }
export type Mailer = (message: EmailMessage, smtp: SmtpSettings | 'default') => Promise<EmailOutcome>

/** Whether the server's own SMTP settings can send at all (a host and a sender). */
export const hasServerSmtp = (server: ServerSmtp) => Boolean(server.host && server.from)

// nodemailer waits minutes by default; a chat turn cannot.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** `Name <address>`, `"Name" <address>` or a bare address. */
export const parseSender = (from: string): { name: string; address: string } => {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  return match ? { name: match[1].trim(), address: match[2].trim() } : { name: '', address: from.trim() }
}

const guardedTarget = async (host: string, allow: Allowlist): Promise<{ host: string; tls?: { servername: string } }> => {
  const named = refuseHostname(host)
  if (named) throw new Error(`Security validation failed: ${named}`)
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true })
  // A listed name opens private ranges only: every address it resolves to is checked.
  const refusal = addresses.map((a) => refuseAddress(a.address, allow, isIP(host) ? undefined : host)).find(Boolean)
  if (refusal) throw new Error(`Security validation failed: ${host}: ${refusal}`)
  return isIP(host) ? { host } : { host: addresses[0].address, tls: { servername: host } }
}

// CR, LF or NUL in a header would start a new header (or end them): blocks validate, this is the last line.
const HEADER_BREAK = /[\r\n\0]/
const headerBreak = (message: EmailMessage) =>
  [...message.to, ...(message.cc ?? []), ...(message.bcc ?? []), message.replyTo, message.subject, message.fromName].some(
    (v) => v !== undefined && HEADER_BREAK.test(v),
  )

export const createMailer =
  (server: ServerSmtp, allow: Allowlist): Mailer =>
  async (message, smtp) => {
    if (headerBreak(message)) return { ok: false, error: 'A recipient, the subject or the reply-to contains a line break or NUL character.' }
    const settings = smtp === 'default' ? (hasServerSmtp(server) ? { ...server, host: server.host!, from: server.from! } : undefined) : smtp
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
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
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
