// The channel port: contacts writing to a bot on a messaging app (src/channels/<name>/ reads the app's webhooks and
// renders the answers). A contact's message starts or continues that contact's chat with the engine as it is: the
// same results, answers, variables, webhooks and metrics as a web chat. Here: which bot answers a first message
// (settings.<channel>.startCondition), when a quiet chat starts over (sessionExpiryTimeout), messages taken once,
// media stored as the chat's files, and the verification tokens of a webhook's set-up. Nothing here reads a
// channel's wire format.
import { randomBytes } from 'node:crypto'
import type { Settings } from '../contract/bot/common.js'
import { takesNewChats } from '../domain/availability.js'
import type { ChatResponse, MessagingClient, Runtime, StoredFile, UserReply } from '../engine/types.js'
import type { SessionState } from '../engine/state.js'
import type { User } from '../store/accounts.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import type { ChatsApp } from './chats.js'
import { AppError } from './errors.js'
import type { FilesApp } from './files.js'
import { parseState } from './sessionState.js'
import { meetsStartCondition } from './startCondition.js'

export type ChannelName = 'whatsApp' | 'telegram'
export type { StoredFile }

/** The bot document's field binding a bot to a channel's credentials, and the name Set variable's "Environment name" gives. */
const CHANNELS: Record<ChannelName, { field: string; environment: string }> = {
  whatsApp: { field: 'whatsAppCredentialsId', environment: 'whatsapp' },
  telegram: { field: 'telegramCredentialsId', environment: 'telegram' },
}

const HOUR_MS = 3_600_000
/** sessionExpiryTimeout: hours, from 0.01 to 48; 4 when unset (Typebot's bounds and default). */
const expiryTimeoutOf = (hours: unknown) => Math.round((typeof hours === 'number' && hours > 0 ? Math.min(Math.max(hours, 0.01), 48) : 4) * HOUR_MS)

/** How long a taken message id is remembered: messaging apps redeliver within hours, not weeks. */
const MESSAGE_MEMORY_MS = 7 * 24 * HOUR_MS
/** Verification tokens last an hour and serve once (Typebot's). */
const TOKEN_LIFETIME_MS = HOUR_MS
/** A turn that lost the race for the contact's session (another process took their previous message) is run again. */
const MAX_ATTEMPTS = 5

/** A file the contact sent, fetched from the messaging app only when the chat waits on an input that takes it. */
export type IncomingMedia = {
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker'
  caption?: string
  /** The file's bytes, refused (undefined) beyond `maxBytes`. */
  download(maxBytes: number): Promise<StoredFile | undefined>
}

export type ContactMessage = {
  channel: ChannelName
  workspaceId: string
  credentialsId: string
  /** The contact's chat: one per contact and account (e.g. `wa-{phoneNumberId}-{from}`). */
  sessionId: string
  contact: MessagingClient['contact']
  referral?: MessagingClient['referral']
  /** What the contact wrote (or the title of the button they pressed, `replyId` its id). */
  text?: string
  replyId?: string
  media?: IncomingMedia
  /** The chat goes on without a new message (a paused Wait, a webhook's call): never starts one. */
  continueOnly?: boolean
}

/** A turn to render: the engine's response, the running bot's settings, and the result it is stored in. */
export type ContactTurn = { response: ChatResponse; settings: Settings; resultId?: string; isNewChat: boolean }
export type ContactOutcome = { turn: ContactTurn } | { ignored: string }

type WaitingInput = Awaited<ReturnType<ChatsApp['waitingInput']>>

const once = <A extends unknown[], T>(f: (...args: A) => Promise<T>) => {
  let result: Promise<T> | undefined
  return (...args: A) => (result ??= f(...args))
}

const isConflict = (err: unknown, store: Pick<Store, 'adapter'>) =>
  (err instanceof AppError && err.code === 'conflict') || store.adapter.isUniqueViolation(err)

export const createConversations = ({
  store,
  chats,
  files,
  access,
  runtime,
}: {
  store: Pick<Store, 'chats' | 'channels' | 'credentials' | 'adapter'>
  chats: Pick<ChatsApp, 'startContact' | 'continueContact' | 'waitingInput' | 'publishedSettings'>
  files: Pick<FilesApp, 'chatFiles' | 'maxBytes'>
  access: Pick<Access, 'workspaceRole'>
  runtime: Pick<Runtime, 'testRegex' | 'now'>
}) => {
  const maxFileBytes = files.maxBytes
  /** Decrypted credentials of a workspace when they are of this type. */
  const credentialsOf = async (workspaceId: string, credentialsId: string, type: string) => {
    const found = await store.credentials.get(workspaceId, credentialsId)
    return found?.type === type ? found.data : undefined
  }

  /** The first bot bound to these credentials that takes this first message, else the first without a condition. */
  const botFor = async (m: ContactMessage) => {
    const { field } = CHANNELS[m.channel]
    const enabled: { id: string; workspaceId: string; publishedId: string; settings: Settings }[] = []
    for (const bound of await store.channels.boundBots(m.workspaceId, field, m.credentialsId)) {
      if (bound.isClosed || bound.isArchived) continue
      const settings = (await chats.publishedSettings(bound.publishedId)) ?? {}
      // Outside its scheduled window a bot starts no chat; the contact's running chat goes on (attempt below).
      if (!takesNewChats(bound, settings, runtime.now())) continue
      if (settings[m.channel]?.isEnabled) enabled.push({ id: bound.id, workspaceId: m.workspaceId, publishedId: bound.publishedId, settings })
    }
    for (const bot of enabled) {
      const condition = bot.settings[m.channel]?.startCondition
      if (condition?.comparisons?.length && (await meetsStartCondition(condition, m.text, runtime))) return bot
    }
    return enabled.find((bot) => !bot.settings[m.channel]?.startCondition)
  }

  /**
   * The reply the engine reads. A file goes where the input waiting for it takes it (Typebot's WhatsApp rules): a
   * file input gets its URL, a text input it as an attachment (a voice message as a voice clip); elsewhere only a
   * caption counts.
   */
  const replyOf = async (m: ContactMessage, state: SessionState | undefined, input: WaitingInput | undefined): Promise<UserReply | undefined> => {
    const text = m.text ?? m.media?.caption
    if (!m.media || !state) return text === undefined ? undefined : { type: 'text', text, ...(m.replyId && { metadata: { replyId: m.replyId } }) }
    const takes = input?.uploads && (input.type === 'file input' || input.type === 'text input')
    if (!input || !takes) return { type: 'text', text: text ?? '' }
    // A file the app does not give (gone, too large, unreachable) leaves the caption: the input judges it.
    const file = await m.media.download(Math.min(input.uploads!.maxBytes ?? maxFileBytes, maxFileBytes)).catch(() => undefined)
    const refused = !file || input.uploads!.refuses({ fileName: file.name, contentType: file.contentType })
    const stored = file && !refused ? await files.chatFiles.store(file, input.owner) : undefined
    if (!stored?.ok) return { type: 'text', text: text ?? file?.name ?? '' }
    if (input.type === 'file input') return { type: 'text', text: stored.url, attachedFileUrls: [stored.url] }
    if (m.media.kind === 'audio') return { type: 'audio', url: stored.url }
    return { type: 'text', text: text ?? '', attachedFileUrls: [stored.url] }
  }

  /** One attempt: the contact's chat as stored now, continued, or started (anew once it expired). */
  const attempt = async (m: ContactMessage): Promise<ContactOutcome> => {
    const session = await store.chats.session(m.sessionId)
    let state: SessionState | undefined
    try {
      state = session && parseState(session.state)
    } catch {
      state = undefined // A state this server cannot read: the contact starts over.
    }
    const live = session && state && Date.parse(session.updatedAt) + (state.expiryTimeout ?? expiryTimeoutOf(undefined)) > Date.now()
    // A chat belongs to the workspace whose credentials started it; once it has expired, it may start over anywhere.
    if (live && state!.workspaceId !== m.workspaceId) return { ignored: "The contact's chat belongs to another workspace." }
    const client: MessagingClient = {
      environment: CHANNELS[m.channel].environment,
      contact: m.contact,
      ...(m.referral && { referral: m.referral }),
      via: { channel: m.channel, credentialsId: m.credentialsId },
    }
    if (session && state && live) {
      const input = await chats.waitingInput(state)
      // Typebot's rule: while a webhook block waits for its call, what the contact writes is not an answer.
      if (input?.waitsForDelivery && !m.continueOnly) return { ignored: 'The chat waits for its webhook block to be called.' }
      state.client = client
      const reply = await replyOf(m, state, input)
      try {
        return { turn: { ...(await chats.continueContact(m.sessionId, session.revision, state, reply)), isNewChat: false } }
      } catch (err) {
        // The block the chat waited on is gone (its bot was deleted or republished without it): the contact starts over.
        if (!(err instanceof AppError && err.code === 'not_found') || m.continueOnly) throw err
      }
    }
    if (m.continueOnly) return { ignored: 'The chat to go on with has ended.' }
    const bot = await botFor(m)
    if (!bot) return { ignored: 'No published bot with this channel enabled takes this message (start conditions).' }
    const expiryTimeout = expiryTimeoutOf(bot.settings[m.channel]?.sessionExpiryTimeout)
    const started = await chats.startContact(bot, {
      sessionId: m.sessionId,
      revision: session?.revision,
      client,
      expiryTimeout,
      message: await replyOf(m, undefined, undefined),
    })
    return { turn: { ...started, isNewChat: true } }
  }

  return {
    /** Answers a contact's message (or says why it was left unanswered). */
    async receive(message: ContactMessage): Promise<ContactOutcome> {
      // Fetched once, whatever the attempts.
      const media = message.media && { ...message.media, download: once(message.media.download) }
      const m = media ? { ...message, media } : message
      for (let n = 1; ; n++) {
        try {
          return await attempt(m)
        } catch (err) {
          if (n >= MAX_ATTEMPTS || !isConflict(err, store)) throw err
        }
      }
    },

    /** Whether a message (by a key naming its channel, account and id) is new: true once, whatever the repeats. */
    claim: (key: string) => store.channels.claimMessage(key, Date.now() + MESSAGE_MEMORY_MS),

    /** Decrypted credentials of a workspace when they are of this type. */
    credentials: credentialsOf,

    /** Decrypted credentials of this type for a set-up the caller makes (admins and members of the workspace). */
    async credentialsFor(user: User, workspaceId: string, credentialsId: string, type: string) {
      await access.workspaceRole(user, workspaceId, 'write')
      return credentialsOf(workspaceId, credentialsId, type)
    },

    /** Logs on a chat's result (what a channel could not do: a browser-only action, a message the app refused). */
    async log(resultId: string | undefined, logs: { status: 'error' | 'info'; description: string; details?: string }[]) {
      if (resultId && logs.length) await store.chats.addLogs(logs.map((l) => ({ resultId, ...l })))
    },

    /** A token the operator gives the messaging app to prove a webhook is theirs: one hour, used once. */
    async issueVerificationToken(user: User, workspaceId: string, purpose: string) {
      await access.workspaceRole(user, workspaceId, 'write')
      const verificationToken = randomBytes(18).toString('base64url')
      await store.channels.addToken(verificationToken, workspaceId, purpose, Date.now() + TOKEN_LIFETIME_MS)
      return { verificationToken }
    },

    takeVerificationToken: (workspaceId: string, token: string, purpose: string) => store.channels.takeToken(token, workspaceId, purpose),
  }
}

export type ConversationsApp = ReturnType<typeof createConversations>
