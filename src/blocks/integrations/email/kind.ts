// Send email ("Email"): templated recipients, subject and body (or an automatic summary of the answers), sent
// through the runtime's SMTP port with the server's own settings (`credentialsId: 'default'`) or the workspace's
// SMTP credentials, with files this server stored attached. Failures are logged and the flow goes on. In preview
// nothing is sent, unless the author asked for the preview's emails: then they go to the author alone (never to the
// block's recipients, cc or bcc), so trying a bot can never write to anyone else.
// Recipients come from end users' answers: each templated entry is split on commas and semicolons and every part
// must be exactly one mailbox (no group syntax, no line breaks), and recipients are capped per email and per turn,
// so an answer can neither add hidden recipients nor turn the block into a bulk mailer.
import type { ChatLog, EmailMessage, SmtpSettings } from '../../../engine/types.js'
import { singleVariable } from '../../../engine/variables.js'
import { withTemplating } from '../../shared/inputs.js'
import { defaultSendEmailOptions, type SendEmailBlock } from './schema.js'
import { attachmentUrls, invalidAttachment, storedAttachments } from '../../shared/attachments.js'
import type { ActionKind, BlockContext, StoredCredentials } from '../../../engine/kinds.js'

type Options = NonNullable<SendEmailBlock['options']>

/** At most this many emails per turn, so a looping flow cannot send mail in bulk. */
export const MAX_EMAILS_PER_TURN = 5
/** At most this many recipients (to, cc and bcc together) in one email… */
export const MAX_RECIPIENTS_PER_EMAIL = 50
/** …and in all the emails of one turn. */
export const MAX_RECIPIENTS_PER_TURN = 100

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i

/** What the summary lists: every answer by its key, then every variable with a value by its name. */
export const summaryFields = (ctx: Pick<BlockContext, 'entry' | 'variables'>): [string, string][] => {
  const fields = new Map<string, string>()
  for (const answer of ctx.entry.answers) if (answer.key) fields.set(answer.key, answer.value)
  for (const v of ctx.variables) {
    if (v.value === null || v.value === undefined) continue
    fields.set(v.name, Array.isArray(v.value) ? v.value.map((item) => item ?? '').join(',') : String(v.value))
  }
  return [...fields]
}

/** The automatic body: a two-column HTML table (emails as mailto links), and the same as `key: value` lines. */
export const summaryBody = (fields: [string, string][]): { html: string; text: string } => {
  const cell = (value: string) =>
    EMAIL.test(value) ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value).replace(/\n/g, '<br>')
  const rows = fields.map(([key, value]) => `<tr><th align="left" valign="top">${escapeHtml(key)}</th><td>${cell(value)}</td></tr>`)
  return {
    html: `<table cellpadding="6" style="border-collapse:collapse">${rows.join('')}</table>`,
    text: fields.map(([key, value]) => `${key}: ${value}`).join('\n'),
  }
}

type Text = (value: string | null | undefined) => string

const composeBody = (options: Options, ctx: BlockContext, template: Text): { html?: string; text?: string } => {
  // Without an explicit choice, a body that was written is used as is.
  const isCustom = options.isCustomBody ?? Boolean(options.body)
  if (!isCustom) return summaryBody(summaryFields(ctx))
  const isHtml = options.isBodyCode ?? defaultSendEmailOptions.isBodyCode
  const single = singleVariable(options.body, ctx.variables)?.value
  if (single) {
    const lines = Array.isArray(single) ? single.map((line) => line ?? '') : [single]
    return isHtml ? { html: lines.map((line) => line.replace(/\n/g, '<br />')).join('<br />') } : { text: lines.join('\n') }
  }
  const body = template(options.body)
  return isHtml ? { html: body } : { text: body }
}

/** Workspace credentials as SMTP settings (Typebot's `isTlsEnabled` and `from: { email, name }` accepted), or why not. */
export const smtpFromCredentials = (credentials: StoredCredentials | undefined, id: string): SmtpSettings | string => {
  if (!credentials || credentials.type !== 'smtp') return `No SMTP credentials with id "${id}" in this workspace.`
  const { host, port, secure, isTlsEnabled, username, password, from } = credentials.data as Record<string, any>
  const sender = typeof from === 'string' ? from : from?.email ? (from.name ? `"${from.name}" <${from.email}>` : from.email) : ''
  if (typeof host !== 'string' || !host || !sender) return `SMTP credentials "${id}" lack a host or a sender address.`
  const portNumber = Number(port) || 587
  return {
    host,
    port: portNumber,
    secure: typeof (secure ?? isTlsEnabled) === 'boolean' ? (secure ?? isTlsEnabled) : portNumber === 465,
    username: typeof username === 'string' && username ? username : undefined,
    password: typeof password === 'string' ? password : undefined,
    from: sender,
  }
}

/** Parts of a templated entry split on `,` and `;` outside double quotes (`"Lovelace, Ada" <ada@x.org>` is one). */
export const splitAddresses = (text: string): string[] => {
  const parts = ['']
  let quoted = false
  let escaped = false
  for (const char of text) {
    if (char === '"' && !escaped) quoted = !quoted
    escaped = quoted && char === '\\' && !escaped
    if (!quoted && (char === ',' || char === ';')) parts.push('')
    else parts[parts.length - 1] += char
  }
  return parts.map((part) => part.trim()).filter(Boolean)
}

/** Every mailbox of the entries; an entry that is one list variable gives its items (not their JSON). */
const list = (items: string[] | null | undefined, template: Text, ctx: BlockContext): string[] =>
  (items ?? []).flatMap((item) => {
    const single = singleVariable(item, ctx.variables)?.value
    return Array.isArray(single) ? single.flatMap((value) => splitAddresses(value ?? '')) : splitAddresses(template(item))
  })

const ADDRESS = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u
/** `Name <address>` or `"Name" <address>`; a bare name may not hold the characters that make groups or lists. */
const NAMED = /^(?:"(?:[^"\\]|\\.)*"|[^"<>@,;:\\()[\]]*)\s*<([^<>]+)>$/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/
const HEADER_BREAK = /[\r\n\0]/

/** Why this is not exactly one mailbox, or undefined. */
export const invalidMailbox = (mailbox: string): string | undefined => {
  if (CONTROL.test(mailbox)) return 'contains a line break or control character'
  if (mailbox.length > 320) return 'is too long'
  const address = NAMED.exec(mailbox)?.[1] ?? mailbox
  if (address.length > 254 || !ADDRESS.test(address)) return 'is not a single email address ("address" or "Name <address>")'
  return undefined
}

const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)

/** Why the envelope may not be sent (invalid recipients or reply-to, a header-breaking subject), or undefined. */
const invalidEnvelope = (envelope: { to: string[]; cc: string[]; bcc: string[]; replyTo?: string; subject?: string }): string | undefined => {
  const fields: [string, string][] = [
    ...envelope.to.map((v): [string, string] => ['recipient', v]),
    ...envelope.cc.map((v): [string, string] => ['cc', v]),
    ...envelope.bcc.map((v): [string, string] => ['bcc', v]),
    ...(envelope.replyTo ? [['reply-to', envelope.replyTo] as [string, string]] : []),
  ]
  const problems = fields.flatMap(([field, value]) => {
    const why = invalidMailbox(value)
    return why ? [`${field} ${quote(value)} ${why}`] : []
  })
  if (envelope.subject && HEADER_BREAK.test(envelope.subject)) problems.push('the subject contains a line break or NUL character')
  if (!problems.length) return undefined
  const shown = problems.slice(0, 5).join('; ')
  return `${shown}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}.`
}

/** `Name <address>` → Name (the reply-to person's name becomes the sender's display name). */
const displayName = (recipient: string | undefined) => /^\s*"?([^"<]+?)"?\s*<[^>]+>\s*$/.exec(recipient ?? '')?.[1]

const notSent = (error: string, email: Record<string, unknown>): ChatLog => ({
  status: 'error',
  description: 'Email not sent',
  details: JSON.stringify({ error, email }),
})

export const sendEmail: ActionKind<SendEmailBlock> = {
  type: 'Email',
  category: 'integration',
  async execute(block, ctx) {
    if (ctx.isPreview && !ctx.previewEmailTo) return { logs: [{ status: 'info', description: 'Emails are not sent in preview mode' }] }
    const options = block.options ?? {}
    const written = await withTemplating(options, ctx, (template) => {
      const text = (value: string | null | undefined) => template(value).trim() || undefined
      const to = list(options.recipients, template, ctx)
      return {
        envelope: {
          to,
          cc: list(options.cc, template, ctx),
          bcc: list(options.bcc, template, ctx),
          replyTo: text(options.replyTo),
          subject: text(options.subject),
        },
        body: composeBody(options, ctx, template),
      }
    })
    const { body } = written
    // The recipients the block names are only shown to the author (in the log), not written to.
    const envelope = ctx.previewEmailTo ? { ...written.envelope, to: [ctx.previewEmailTo], cc: [], bcc: [] } : written.envelope
    const redirected = ctx.previewEmailTo && { instead: { to: written.envelope.to, cc: written.envelope.cc, bcc: written.envelope.bcc } }
    const { replyTo } = envelope
    if (!envelope.to.length) return { logs: [notSent('The block has no recipients.', envelope)] }
    const invalid = invalidEnvelope(envelope)
    if (invalid) return { logs: [notSent(`Invalid email: ${invalid}`, envelope)] }
    const recipients = envelope.to.length + envelope.cc.length + envelope.bcc.length
    if (recipients > MAX_RECIPIENTS_PER_EMAIL)
      return { logs: [notSent(`${recipients} recipients (to, cc and bcc): at most ${MAX_RECIPIENTS_PER_EMAIL} per email.`, envelope)] }
    if (ctx.budget.emailsSent >= MAX_EMAILS_PER_TURN) return { logs: [notSent(`More than ${MAX_EMAILS_PER_TURN} emails in one turn.`, envelope)] }
    const turnRecipients = ctx.budget.emailRecipients + recipients
    if (turnRecipients > MAX_RECIPIENTS_PER_TURN) return { logs: [notSent(`More than ${MAX_RECIPIENTS_PER_TURN} recipients in one turn.`, envelope)] }
    ctx.budget.emailsSent++
    ctx.budget.emailRecipients = turnRecipients

    const credentialsId = options.credentialsId ?? defaultSendEmailOptions.credentialsId
    let smtp: SmtpSettings | 'default' = 'default'
    if (credentialsId !== 'default') {
      const settings = smtpFromCredentials(await ctx.credentials(credentialsId), credentialsId)
      if (typeof settings === 'string') return { logs: [notSent(settings, envelope)] }
      smtp = settings
    }
    const stored = await storedAttachments(attachmentUrls(ctx.variables.find((v) => v.id === options.attachmentsVariableId)?.value), ctx)
    if (!stored.ok) return { logs: [notSent(invalidAttachment(stored.url), envelope)] }
    const { attachments } = stored
    const message: EmailMessage = { ...envelope, fromName: displayName(replyTo), ...body, ...(attachments.length && { attachments }) }
    const outcome = await ctx.runtime.sendEmail(message, smtp)
    return {
      logs: [
        outcome.ok
          ? {
              status: 'success',
              description: redirected ? 'Preview: email sent to you only' : 'Email successfully sent',
              details: JSON.stringify({ email: envelope, attachments: attachments.map((a) => a.filename), ...redirected }),
            }
          : notSent(outcome.error ?? 'Unknown error', envelope),
      ],
    }
  },
}
