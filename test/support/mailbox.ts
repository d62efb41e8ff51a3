// An SMTP server on loopback (the `smtp-server` package, the real protocol) keeping every message it receives: the
// stand-in for a mail provider in tests of Email blocks, invitations, sign-in links and preview emails.
import { SMTPServer } from 'smtp-server'

/** A message as received: envelope sender and recipients, and the raw message with quoted-printable undone. */
export type Mail = { from: string; to: string[]; raw: string }

/** The raw message with quoted-printable soft breaks and escapes undone (enough for ASCII assertions). */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

export const startMailbox = async () => {
  const received: Mail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decoded(Buffer.concat(chunks).toString('utf8')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as { port: number }).port
  return {
    received,
    port,
    /** A Parley server's settings to send through it. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM: 'Parley <parley@example.com>' },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  }
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>
