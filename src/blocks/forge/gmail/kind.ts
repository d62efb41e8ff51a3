// Gmail plugin block (`gmail`): "Send email" through the Gmail REST API (`POST {baseUrl}/gmail/v1/users/me/
// messages/send` with the RFC 822 message base64url-encoded in `raw`, into `threadId` when given), then the label
// (`…/messages/{id}/modify`), and the message or thread id mapped into variables. The access token comes from the
// credentials' refresh token (./oauth.ts). Recipients follow the Email block's rules (each exactly one mailbox,
// capped per email and per turn); attachments are files this server stored, like the Email block's.
import type { z } from 'zod'
import type { sendEmailOptions } from './schema.js'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, BlockContext, BlockLog, StoredCredentials } from '../../../engine/kinds.js'
import { toVariableValue } from '../../../engine/variables.js'
import {
  invalidMailbox,
  MAX_EMAILS_PER_TURN,
  MAX_RECIPIENTS_PER_EMAIL,
  MAX_RECIPIENTS_PER_TURN,
  splitAddresses,
} from '../../integrations/email/kind.js'
import { blockCredentials, callService, configError, credentialText, failureLog, templatedOptions, text, trimBase } from '../../shared/service.js'
import { accessToken, oauthSecrets } from './oauth.js'
import { type Attachment, attachmentUrls, invalidAttachment, storedAttachments } from '../../shared/attachments.js'

export const DEFAULT_GMAIL_BASE_URL = 'https://gmail.googleapis.com'

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof sendEmailOptions>

type Api = { ctx: BlockContext; baseUrl: string; token: string; secrets: (string | undefined)[] }
const gmail = (api: Api, method: string, path: string, json?: unknown) =>
  callService(
    api.ctx,
    { url: `${api.baseUrl}/gmail/v1/users/me${path}`, method, headers: { authorization: `Bearer ${api.token}` }, json },
    api.secrets,
  )

const notSent = (reason: string): BlockLog => ({ status: 'error', description: `Gmail: email not sent: ${reason}` })

/** The sender: an address as given, a bare name with the account's address (from its Gmail profile), or none (Gmail uses the account's). */
const sender = async (api: Api, from: string | undefined): Promise<{ from?: string } | { log: BlockLog }> => {
  if (!from) return {}
  if (from.includes('@')) {
    const why = invalidMailbox(from)
    return why ? { log: notSent(`the sender ${JSON.stringify(from)} ${why}`) } : { from }
  }
  const profile = await gmail(api, 'GET', '/profile')
  if (!profile.ok) return { log: failureLog('While sending email with Gmail (reading the account address)', profile) }
  const address = profile.data?.emailAddress
  if (typeof address !== 'string' || !address) return { log: notSent('the Gmail profile has no email address') }
  return { from: `"${from.replace(/["\\\r\n]/g, '')}" <${address}>` }
}

const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

const compose = (mail: { from?: string; to: string[]; subject?: string; text?: string; attachments: Attachment[] }): Promise<Buffer> =>
  new MailComposer({
    ...mail,
    attachments: mail.attachments.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build()

const sendEmail = async (
  options: Options,
  credentials: StoredCredentials,
  ctx: BlockContext,
): Promise<{ logs: BlockLog[]; variableUpdates?: any[] }> => {
  const to = splitAddresses(text(options.to) ?? '')
  if (!to.length) return { logs: [notSent('the block has no recipient')] }
  const invalid = to.flatMap((address) => {
    const why = invalidMailbox(address)
    return why ? [`recipient ${JSON.stringify(address)} ${why}`] : []
  })
  if (invalid.length) return { logs: [notSent(`${invalid.slice(0, 5).join('; ')}.`)] }
  const subject = text(options.subject)
  if (subject && /[\r\n\0]/.test(subject)) return { logs: [notSent('the subject contains a line break or NUL character')] }
  if (to.length > MAX_RECIPIENTS_PER_EMAIL) return { logs: [notSent(`${to.length} recipients: at most ${MAX_RECIPIENTS_PER_EMAIL} per email.`)] }
  if (ctx.budget.emailsSent >= MAX_EMAILS_PER_TURN) return { logs: [notSent(`more than ${MAX_EMAILS_PER_TURN} emails in one turn.`)] }
  if (ctx.budget.emailRecipients + to.length > MAX_RECIPIENTS_PER_TURN)
    return { logs: [notSent(`more than ${MAX_RECIPIENTS_PER_TURN} recipients in one turn.`)] }

  const token = await accessToken(credentials, ctx)
  if ('ok' in token) return { logs: [failureLog('Gmail: could not get an access token', token)] }
  const api: Api = {
    ctx,
    token: token.token,
    baseUrl: trimBase(credentialText(credentials, 'baseUrl') ?? DEFAULT_GMAIL_BASE_URL),
    secrets: oauthSecrets(credentials, token.token),
  }
  const from = await sender(api, text(options.from))
  if ('log' in from) return { logs: [from.log] }
  const stored = await storedAttachments(
    attachmentUrls(options.attachments ? ctx.variables.find((v) => v.id === options.attachments)?.value : undefined),
    ctx,
  )
  if (!stored.ok) return { logs: [notSent(invalidAttachment(stored.url))] }
  const logs: BlockLog[] = []

  ctx.budget.emailsSent++
  ctx.budget.emailRecipients += to.length
  const raw = base64url(await compose({ ...from, to, subject, text: options.body ?? '', attachments: stored.attachments }))
  const threadId = text(options.threadId)
  const sent = await gmail(api, 'POST', '/messages/send', { raw, ...(threadId && { threadId }) })
  if (!sent.ok) return { logs: [...logs, failureLog('While sending email with Gmail', sent)] }
  const { id, threadId: thread } = sent.data ?? {}
  logs.push({ status: 'success', description: 'Email successfully sent with Gmail', details: JSON.stringify({ to, subject, id }) })
  const label = text(options.label)
  if (label && id) {
    const labelled = await gmail(api, 'POST', `/messages/${encodeURIComponent(id)}/modify`, { addLabelIds: [label] })
    if (!labelled.ok) logs.push(failureLog('Failed to apply label', labelled))
  }
  // A mapping without an item saves the message id, as Typebot does.
  const variableUpdates = (options.responseMapping ?? []).flatMap(({ item, variableId }) =>
    variableId ? [{ variableId, value: toVariableValue(item === 'Thread ID' ? thread : id) }] : [],
  )
  return { logs, variableUpdates }
}

export const forgedGmail: ActionKind<GenericBlock> = {
  type: 'gmail',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    if (options.action !== 'Send email')
      return { logs: [configError(options.action ? `Gmail "${options.action}" is not an action of this block.` : 'gmail is not configured')] }
    const found = await blockCredentials('Gmail', options.credentialsId, ctx, ['clientId', 'clientSecret', 'refreshToken'])
    if ('log' in found) return { logs: [found.log] }
    return sendEmail(options, found.credentials, ctx)
  },
}
