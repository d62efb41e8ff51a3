// Blink plugin block (`blink`): "Get Users" (`GET {baseUrl}/user`, filtered by user or employee id, fields mapped
// into variables) and "Send Feed Event" (`POST {baseUrl}/feed/events`, the card's sections in Blink's format)
// against Blink's v2 API with the app token as bearer; "Redirect" is a `codeToExecute` client action that opens a
// Blink folder in the Blink app (or the URL in a new tab). Attachment sections are described from a HEAD request to
// their URL, through the guarded HTTP client like every call.
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { toVariableValue } from '../../../engine/variables.js'
import type { z } from 'zod'
import type { BlinkSection, blinkUserItems, getUsersOptions, redirectOptions, sendFeedEventOptions } from './schema.js'
import { blockCredentials, callService, configError, credentialText, failureLog, templatedOptions, text, trimBase } from '../../shared/service.js'

export const DEFAULT_BLINK_BASE_URL = 'https://api.joinblink.com/v2'

/** The user field each "Get Users" response item reads. */
const USER_FIELDS: Record<string, string> = {
  Emails: 'email',
  'Company Names': 'company_name',
  'First Names': 'first_name',
  'Second Names': 'second_name',
  'Display Names': 'display_name',
  Initials: 'initials',
  'Job Titles': 'job_title',
  'Profile Photo IDs': 'profile_photo_id',
  Timezones: 'timezone',
  'Manager IDs': 'manager_id',
  'Department Names': 'department_name',
  'Account Statuses': 'account_status',
  'User IDs': 'id',
  'Employee IDs': 'employee_id',
} satisfies Record<(typeof blinkUserItems)[number], string>

/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string; responseMapping?: { item?: string; variableId?: string }[] } & Omit<
  z.infer<typeof sendFeedEventOptions> & z.infer<typeof getUsersOptions>,
  'responseMapping'
> &
  z.infer<typeof redirectOptions>
/** A section as Blink's API takes it. */
type ApiSection = Record<string, unknown>

type Api = { ctx: BlockContext; baseUrl: string; token: string }
const call = (api: Api, method: string, path: string, json?: unknown) =>
  callService(api.ctx, { url: `${api.baseUrl}${path}`, method, headers: { authorization: `Bearer ${api.token}` }, json }, [api.token])

/** Drops undefined fields, as Blink's JSON body would not carry them. */
const defined = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined))

const getUsers = async (api: Api, options: Options): Promise<{ logs: BlockLog[]; variableUpdates?: VariableUpdate[] }> => {
  const filter = options.filter
  if (!filter?.type) return { logs: [configError('Blink Get Users: No filter provided')] }
  const [param, id] = filter.type === 'Employee ID' ? ['employeeId', text(filter.employeeId)] : ['userId', text(filter.userId)]
  // An empty id lists every user, as in Typebot.
  const answer = await call(api, 'GET', `/user${id ? `?${new URLSearchParams({ [param]: id })}` : ''}`)
  if (!answer.ok) return { logs: [failureLog('While searching Blink users', answer)] }
  const users: Record<string, unknown>[] = Array.isArray(answer.data?.data) ? answer.data.data : []
  const variableUpdates = (options.responseMapping ?? []).flatMap(({ item, variableId }) => {
    const field = item ? USER_FIELDS[item] : undefined
    if (!field || !variableId) return []
    const values = users.flatMap((user) => user[field] ?? [])
    return [{ variableId, value: toVariableValue(values.length === 1 ? values[0] : values) }]
  })
  return { logs: [{ status: 'success', description: `Blink Get Users: ${users.length} user(s) found` }], variableUpdates }
}

/** The id of a YouTube link (watch, youtu.be, embed and shorts forms). */
const youtubeId = (link: string) => /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/.exec(link)?.[1]

const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64')

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'text/plain': 'txt', 'image/jpeg': 'jpg', 'application/zip': 'zip' }

/** An attachment section, described by a HEAD request to the file (name, extension, size), or why it cannot be. */
const attachment = async (ctx: BlockContext, url: string): Promise<ApiSection | string> => {
  const head = await ctx.runtime.httpRequest({ url, method: 'HEAD', headers: {}, timeoutMs: 10_000 })
  if (!head.ok || head.status >= 400) return `Could not get proper file attachement metadata: ${head.ok ? `status ${head.status}` : head.message}`
  const type = head.headers['content-type']?.split(';')[0].trim()
  const fileName = /filename="?([^";]+)"?/.exec(head.headers['content-disposition'] ?? '')?.[1] ?? new URL(url).pathname.split('/').pop()
  const ext = type ? (EXTENSIONS[type] ?? type.split('/')[1]) : undefined
  const size = head.headers['content-length']
  if (!fileName || !ext || !size) return 'Could not get proper file attachement metadata.'
  return { type: 'attachment', file_name: fileName, file_ext: ext, file_size: Number(size), download_url: url, open_url: url }
}

/** A section in Blink's format, undefined to leave it out, or a text saying why it was left out. */
const blinkSection = async (section: BlinkSection, ctx: BlockContext): Promise<ApiSection | string | undefined> => {
  switch (section.type) {
    case 'Header':
      return { type: 'header', title: section.title, icon_url: section.iconUrl }
    case 'Text':
      return { type: 'text', value: section.value, is_markdown: true }
    case 'Labelled Text':
      return { type: 'labelled_text', label: section.label, value: section.value, icon_url: section.iconUrl, is_markdown: true }
    case 'Image':
      return { type: 'image', image_url: section.imageUrl, fit_image: section.fitImage, width: section.width, height: section.height }
    case 'Image gallery':
      return { type: 'gallery', data: (section.imageUrls ?? []).map((url: string) => ({ type: 'gallery_image', image_url: url })) }
    case 'YouTube': {
      const link = text(section.link)
      if (!link) return undefined
      const id = youtubeId(link)
      return id ? { type: 'youtube', video_id: id } : 'Invalid YouTube URL.'
    }
    case 'Link':
      return {
        type: 'link',
        title: section.title,
        url: section.url,
        subtitle: section.description,
        image_url: section.imageUrl,
        image_placement: section.imagePlacement,
      }
    case 'Buttons':
      return {
        type: 'buttons',
        data: (section.buttons ?? []).flatMap((button) => {
          const url = text(button?.clientAction?.url)
          if (!url) return []
          const kind = button.clientAction?.type === 'Open Webview' ? 'webview' : 'link'
          return [{ label: button.label, client_action: `blink:${kind}?url=${base64(url)}&action=open`, icon_url: button.iconUrl }]
        }),
      }
    case 'Attachment': {
      const url = text(section.url)
      return url ? attachment(ctx, url) : undefined
    }
    case 'Event':
      return { type: 'event', title: section.title, start: section.start, end: section.end, subtitle: section.description, all_day: section.allDay }
    case 'Horizontal Bar Chart':
      return {
        type: 'horizontal_bar_chart',
        total_raw_value: section.total,
        data: (section.data ?? []).map((bar) => ({ name: bar?.name, raw_value: bar?.value, display_value: bar?.label })),
      }
    default:
      return undefined
  }
}

const sendFeedEvent = async (api: Api, options: Options): Promise<{ logs: BlockLog[]; variableUpdates?: VariableUpdate[] }> => {
  const userIds = (options.userIds ?? []).filter((id) => text(id))
  const groupIds = (options.groupIds ?? []).filter((id) => text(id))
  if (!userIds.length && !groupIds.length) return { logs: [configError('Blink Send Feed Event: You must supply at least one user ID or group ID.')] }
  if (!options.sections?.length) return { logs: [configError('Blink Send Feed Event: No card content provided.')] }
  const logs: BlockLog[] = []
  const sections: ApiSection[] = []
  for (const section of options.sections) {
    const built = await blinkSection(section, api.ctx)
    if (typeof built === 'string') logs.push({ status: 'error', description: `Blink ${section.type} section left out: ${built}` })
    else if (built) sections.push(defined(built))
  }
  const answer = await call(
    api,
    'POST',
    '/feed/events',
    defined({
      body: defined({ ribbon_color: text(options.ribbonColor), sections }),
      category: text(options.categoryId),
      user_ids: userIds.length ? userIds : undefined,
      group_ids: groupIds.length ? groupIds : undefined,
      notification_title: text(options.pushNotification?.title),
      notification_text: text(options.pushNotification?.text),
      allow_comments: options.allowComments,
      allow_reactions: options.allowReactions,
    }),
  )
  if (!answer.ok) return { logs: [...logs, failureLog('While sending Blink feed event', answer)] }
  const eventId = answer.data?.data?.event_id
  // Every mapping gets the event id: it is the only item.
  const variableUpdates = (options.responseMapping ?? []).flatMap(({ variableId }) =>
    variableId ? [{ variableId, value: toVariableValue(eventId) }] : [],
  )
  return { logs: [...logs, { status: 'success', description: `Blink feed event ${eventId ?? ''} sent`.replace('  ', ' ') }], variableUpdates }
}

/** Opens a Blink folder in the Blink app (iOS, Android, or the web app's parent frame), else the URL in a new tab. */
const redirectScript = `var match = /([a-f0-9-]{36})$/.exec(url || "");
if (!match) { if (url) window.open(url, "_blank"); return false; }
var action = "blink:folder?action=open&id=" + match[1];
if (window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.openClientAction) window.webkit.messageHandlers.openClientAction.postMessage(action);
else if (window.android && window.android.openClientAction) window.android.openClientAction(action);
else if (window.parent !== window) window.parent.postMessage({ functionName: "openClientAction", args: [action] }, document.referrer);
else window.open(url, "_blank");
return false;`

export const forgedBlink: ActionKind<GenericBlock> = {
  type: 'blink',
  category: 'integration',
  async execute(block, ctx) {
    // Lists of ids are not templated (Typebot leaves strings directly inside arrays as they are).
    const raw = (block.options ?? {}) as Options
    const options = { ...(await templatedOptions<Options>(block.options, ctx)), userIds: raw.userIds, groupIds: raw.groupIds }
    const actions: Record<string, ((api: Api, o: Options) => Promise<{ logs: BlockLog[]; variableUpdates?: VariableUpdate[] }>) | undefined> = {
      'Get Users': getUsers,
      'Send Feed Event': sendFeedEvent,
      Redirect: undefined,
    }
    if (!options.action || !(options.action in actions))
      return { logs: [configError(options.action ? `Blink "${options.action}" is not an action of this block.` : 'blink is not configured')] }
    const found = await blockCredentials('Blink', options.credentialsId, ctx, ['apiKey'])
    if ('log' in found) return { logs: [found.log] }
    const run = actions[options.action]
    if (!run)
      return { clientSideActions: [{ type: 'codeToExecute', codeToExecute: { args: { url: text(options.url) ?? null }, content: redirectScript } }] }
    const token = credentialText(found.credentials, 'apiKey')!
    return run({ ctx, token, baseUrl: trimBase(credentialText(found.credentials, 'baseUrl') ?? DEFAULT_BLINK_BASE_URL) }, options)
  },
}
