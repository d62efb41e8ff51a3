// Chats: starts and continues them on compiled bots (compiledBots.ts), admits callers (chatAdmission.ts), stores
// each turn in one transaction (turnCommit.ts). This is the only module that calls the engine (startChat,
// continueChat, EngineDeps), and the one place where its errors (EngineError) become AppErrors.
import { createHash } from 'node:crypto'
import type { Settings } from '../contract/bot/common.js'
import { takesNewChats } from '../domain/availability.js'
import { importedBotDoc } from '../domain/bots.js'
import type { CompiledBot } from '../engine/compile.js'
import { continueChat, EngineError, startChat, type EngineDeps, type StartOptions, type TurnOutcome } from '../engine/index.js'
import { actionKindOf, type CompletionStream, inputKindOf, type KindRegistry } from '../engine/kinds.js'
import type { SessionState } from '../engine/state.js'
import type { MessagingClient, Runtime, TextFormat, UserReply } from '../engine/types.js'
import { deepParseVariables } from '../engine/variables.js'
import { hashToken, newId, newResultKey, newSessionId } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import { runtimePart } from '../store/botHash.js'
import type { PublishedBot } from '../store/bots.js'
import type { ResultRef, SessionWrite } from '../store/chats.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { docOrThrow } from './bots.js'
import { chatAdmission } from './chatAdmission.js'
import { compiledBotsOf } from './compiledBots.js'
import { AppError, badRequest, conflict, notFound } from './errors.js'
import type { FilesApp, UploadRequest } from './files.js'
import { asMember } from './previewCaller.js'
import type { PreviewTokens } from './previewTokens.js'
import type { TemplatesApp } from './templates/index.js'
import { slugOfSnapshot, templateBotId, templateSnapshotId } from './templates/preview.js'
import { type Arrival, recentTurnsOf } from './recentTurns.js'
import { checkOrigin, parseState } from './sessionState.js'
import { turnCommitOf } from './turnCommit.js'
import { beforeTurn } from './webhookEvents.js'
import type { WebhooksApp } from './webhooks.js'

export type ChatLimits = EngineDeps['limits']

export const createChats = ({
  store,
  runtime,
  limits,
  access,
  kinds,
  files,
  webhooks,
  previewTokens,
  templates,
}: {
  store: Pick<Store, 'bots' | 'chats' | 'credentials' | 'adapter' | 'bus' | 'accounts'>
  runtime: Runtime
  limits: ChatLimits
  access: Access
  kinds: KindRegistry
  files: Pick<FilesApp, 'chatFiles' | 'grantUpload'>
  webhooks: Pick<WebhooksApp, 'wanted' | 'eventsWritten'>
  previewTokens: PreviewTokens
  templates: TemplatesApp
}) => {
  /** A template's preview snapshot, made from the template as this process serves it. */
  const templateSnapshot = (snapshotId: string): PublishedBot | undefined => {
    const slug = slugOfSnapshot(snapshotId)
    const template = slug === undefined ? undefined : templates.get(slug)
    if (!template) return undefined
    const doc = runtimePart(docOrThrow(importedBotDoc(template.bot)))
    const at = new Date(0).toISOString()
    return { id: snapshotId, botId: templateBotId(template.slug), doc, size: JSON.stringify(doc).length, createdAt: at, updatedAt: at }
  }
  const bots = compiledBotsOf({ store, kinds, unstored: templateSnapshot })
  const recentTurns = recentTurnsOf()
  const admit = chatAdmission({ store, access })
  const commit = turnCommitOf({ store, webhooks, cachedBot: bots.cached })
  /** Decrypted credentials, looked up in the chat's own workspace only. */
  const credentials = (credentialsId: string, state: SessionState) => store.credentials.get(state.workspaceId, credentialsId)
  const deps: EngineDeps = { runtime, getBot: bots.get, linkedBot: bots.linked, credentials, files: files.chatFiles, limits }

  const run = async (work: () => Promise<TurnOutcome>): Promise<TurnOutcome> => {
    try {
      return await work()
    } catch (err) {
      if (err instanceof EngineError) {
        throw new AppError(err.code === 'start_group_not_found' || err.code === 'command_not_found' ? 'bad_request' : 'not_found', err.message)
      }
      throw err
    }
  }

  /**
   * The `bot` part of start responses: theme and settings with variables filled in. (Start answers also give the
   * bot's schema version, `schemaVersion`, for the Typebot-compatible API.)
   */
  const botSummary = (bot: CompiledBot, outcome: TurnOutcome) => {
    const variables = bot.variables.map((v) => ({ ...v, value: outcome.state.stack.at(-1)?.values[v.id] ?? v.value }))
    const settings = deepParseVariables(bot.settings, variables)
    return {
      id: bot.botId,
      version: '3' as const,
      theme: deepParseVariables(bot.theme, variables),
      settings: { general: settings.general ?? {}, typingEmulation: settings.typingEmulation ?? {} },
      ...(bot.publishedAt && { publishedAt: bot.publishedAt }),
    }
  }

  /** The block the chat waits on, in the chat's own bot (the first of its stack), with that bot. */
  const waitingBlock = async (state: SessionState) => {
    const entry = state.stack[0]
    if (!state.waiting || !entry) return undefined
    const bot = await bots.get(entry.snapshotId)
    const block = bot?.blockAt.get(state.waiting.blockId)?.block
    return bot && block && { bot, block, entry, waiting: state.waiting }
  }

  /** The chat of a result when it is paused on a block that takes webhook deliveries (see deliverWebhook). */
  const webhookWait = async (result: ResultRef) => {
    const sessionId = result.lastChatSessionId
    const session = sessionId ? await store.chats.session(sessionId) : undefined
    if (!sessionId || !session) return undefined
    const state = parseState(session.state)
    const found = await waitingBlock(state)
    if (!found || found.entry.resultId !== result.id || !actionKindOf(kinds, found.block.type)?.acceptsDelivery) return undefined
    return { sessionId, revision: session.revision, state, waiting: found.waiting }
  }

  /**
   * The bot, when the caller may preview it. Only those who may edit the bot (members, admins) may: a preview runs a
   * bot of the caller's making with the workspace's credentials and shows every log. Guests get the same 404 as
   * strangers, as in Typebot.
   */
  const previewedBot = async (user: User, botId: string) => {
    const { bot, role } = await access.bot(user, botId, 'read')
    if (role === 'guest') throw notFound('Bot not found.')
    return bot
  }

  /** The caller's email when its owner proved it (a preview's emails go there and nowhere else), else a 400. */
  const ownVerifiedEmail = async (user: User) => {
    if (!user.email || !(await store.accounts.emailVerified(user.id)))
      throw badRequest('Your email address is not verified: verify it before asking for the preview’s emails.')
    return user.email
  }

  type CommonStart = Pick<StartOptions, 'prefilledVariables' | 'message' | 'isOnlyRegistering' | 'isStreamEnabled' | 'textFormat'>

  return {
    /** Operation 7: a live chat on the published version, stored as a result. */
    async startLive(publicId: string, options: CommonStart & { resultId?: string; origin?: string }) {
      const bot = await store.bots.byPublicId(publicId)
      const snapshot = bot?.publishedId ? await store.bots.publishedSnapshot(bot.publishedId) : undefined
      if (!bot || !snapshot) throw notFound('Bot not found (unknown public id, or not published).')
      const compiledBot = bots.compile(snapshot)
      // Closed by hand, archived or outside its scheduled window (by the server's clock); running chats go on.
      if (!takesNewChats(bot, compiledBot.settings, runtime.now())) {
        throw new AppError('bot_closed', compiledBot.settings?.general?.systemMessages?.botClosed || 'This bot is now closed')
      }
      checkOrigin(compiledBot.settings?.security?.allowedOrigins, options.origin)
      // The client's `resultId` is the result's secret key, never its id (which readers of the workspace see): only
      // the client that started the result can resume it. An unknown key starts a new result, as Typebot does.
      const remembered = options.resultId ? await store.chats.resultByKey(bot.id, hashToken(options.resultId)) : undefined
      // With `rememberUser.restartOnEnd`, a result whose chat reached its end is not resumed: a new one starts.
      const previous = remembered?.isCompleted && compiledBot.settings?.general?.rememberUser?.restartOnEnd === true ? undefined : remembered
      const resultId = previous?.id ?? newId()
      const key = previous ? options.resultId! : newResultKey()
      const outcome = await run(() =>
        startChat(
          compiledBot,
          { ...options, workspaceId: bot.workspaceId, isPreview: false, resultId, previousVariables: previous?.variables as any },
          deps,
        ),
      )
      const sessionId = newSessionId()
      const newResults = previous ? [] : [{ id: resultId, botId: bot.id, clientKeyHash: hashToken(key) }]
      await commit(outcome, { kind: 'create', id: sessionId }, newResults, beforeTurn(undefined, previous))
      return { sessionId, resultId: key, bot: botSummary(compiledBot, outcome), schemaVersion: compiledBot.version, ...outcome.response }
    },

    /**
     * Operation 6: a preview of the draft (or of the bot given in the request, any supported version); nothing is
     * stored as a result. A caller holding a preview token runs the draft the token was made for.
     */
    async startPreview(
      user: User,
      botId: string,
      options: CommonStart & {
        bot?: Record<string, unknown>
        sessionId?: string
        startFrom?: StartOptions['startFrom']
        isProgressBarEnabled?: boolean
        /** A published version of the bot to run instead of the draft (app/botVersions.ts checked it is one). */
        versionId?: string
        sendEmailsToMe?: boolean
      },
    ) {
      const grant = user.preview
      if (grant && grant.botId !== botId) throw notFound('Bot not found.')
      if (grant && options.bot) throw badRequest('A preview token runs the draft it was made for: send no `bot`.')
      const bot = await previewedBot(asMember(user), botId)
      const snapshotId = grant?.snapshotId ?? options.versionId
      const snapshot = snapshotId
        ? await store.bots.publishedSnapshot(snapshotId)
        : await store.bots.previewSnapshot(bot.id, runtimePart(options.bot ? docOrThrow(importedBotDoc(options.bot)) : bot.doc))
      if (!snapshot || snapshot.botId !== bot.id) throw notFound('This preview has expired: restart it from the editor.')
      const compiledBot = bots.compile(snapshot)
      let session: SessionWrite = { kind: 'create', id: newSessionId(), isPreview: true }
      if (options.sessionId) {
        const existing = await store.chats.session(options.sessionId)
        if (existing && !ownPreview(existing.state, bot.workspaceId, user.id)) {
          throw conflict('That session id is in use by another chat.')
        }
        session = { kind: 'replace', id: options.sessionId }
      }
      const { bot: _b, versionId: _v, sendEmailsToMe, ...start } = options
      const previewEmailTo = sendEmailsToMe ? await ownVerifiedEmail(user) : undefined
      const outcome = await run(() =>
        startChat(compiledBot, { ...start, workspaceId: bot.workspaceId, isPreview: true, previewUserId: user.id, previewEmailTo }, deps),
      )
      await commit(outcome, session, [])
      return { sessionId: session.id, bot: botSummary(compiledBot, outcome), schemaVersion: compiledBot.version, ...outcome.response }
    },

    /**
     * POST /v1/templates/{slug}/preview/startChat: a preview chat on a template, with no bot created. It belongs to
     * no workspace, so blocks that read credentials run without any: the first answer says which, in its logs. A
     * caller holding a preview token runs the template the token was made for.
     */
    async startTemplatePreview(user: User, slug: string, options: CommonStart & { sessionId?: string; startFrom?: StartOptions['startFrom'] }) {
      const snapshotId = templateSnapshotId(slug)
      if (user.preview && user.preview.snapshotId !== snapshotId) throw notFound(`No template "${slug}".`)
      const compiledBot = await bots.get(snapshotId)
      const template = templates.get(slug)
      if (!compiledBot || !template) throw notFound(`No template "${slug}".`)
      let session: SessionWrite = { kind: 'create', id: newSessionId(), isPreview: true }
      if (options.sessionId) {
        const existing = await store.chats.session(options.sessionId)
        if (existing && !ownPreview(existing.state, '', user.id)) throw conflict('That session id is in use by another chat.')
        session = { kind: 'replace', id: options.sessionId }
      }
      // No prefilled variables: they would let any signed-in caller point a template's HTTP request at a URL of
      // their choosing (the order-status template fetches `{{Orders API}}/…`) with no workspace to answer for it.
      const { prefilledVariables: _prefilled, ...start } = options
      const outcome = await run(() => startChat(compiledBot, { ...start, workspaceId: '', isPreview: true, previewUserId: user.id }, deps))
      await commit(outcome, session, [])
      const missing = template.credentials.map((need) => ({
        status: 'info' as const,
        description: `Block ${need.blockId} (${need.blockType}) needs ${need.type} credentials: this preview runs it without any. Use the template to choose or add them.`,
      }))
      const response = missing.length ? { ...outcome.response, logs: [...missing, ...(outcome.response.logs ?? [])] } : outcome.response
      return { sessionId: session.id, bot: botSummary(compiledBot, outcome), schemaVersion: compiledBot.version, ...response }
    },

    /**
     * A preview token for a template's preview (POST /v1/templates/{slug}/preview/token): the gallery's preview frame,
     * on the user-content origin, starts and drives that template's preview chats with it and nothing else.
     */
    issueTemplatePreviewToken(user: User, slug: string) {
      if (!templates.get(slug)) throw notFound(`No template "${slug}".`)
      return previewTokens.issue({ userId: user.id, botId: templateBotId(slug), snapshotId: templateSnapshotId(slug) })
    },

    /**
     * A preview token for the draft (or for the bot given, the editor's unsaved state): the editor's preview frame,
     * on the user-content origin, starts and drives its chats with it instead of the builder's session
     * (app/previewTokens.ts). For those who may preview the bot.
     */
    async issuePreviewToken(user: User, botId: string, draft?: Record<string, unknown>, versionId?: string) {
      const bot = await previewedBot(user, botId)
      const snapshotId = versionId ?? (await store.bots.previewSnapshot(bot.id, runtimePart(draft ? docOrThrow(importedBotDoc(draft)) : bot.doc))).id
      return previewTokens.issue({ userId: user.id, botId: bot.id, snapshotId })
    },

    /**
     * An external service delivers the payload a webhook block waits for. It is kept in the session; the
     * client's next continueChat (any message) resumes the flow with it. The result is named by its id (what the
     * bot's "Result ID" variable holds) or by its client key (startChat's `resultId`). Every process holding a
     * socket of the result's client is told (webhookRooms.ts). A contact's chat on a messaging app is answered
     * `contact`, for its channel to go on with it (src/channels/).
     */
    async deliverWebhook(user: User, botId: string, blockId: string, resultId: string, payload: unknown) {
      const { bot } = await access.bot(user, botId, 'write')
      const result =
        (await store.chats.resultRef({ id: resultId }, bot.id)) ?? (await store.chats.resultRef({ clientKeyHash: hashToken(resultId) }, bot.id))
      const found = result && (await webhookWait(result))
      if (!found || found.waiting.blockId !== blockId) throw notFound('No chat of this result is waiting on that webhook block.')
      const { sessionId, revision, state, waiting } = found
      state.waiting = { ...waiting, delivered: { statusCode: 200, data: payload } }
      if (!(await store.chats.updateSessionState(sessionId, revision, JSON.stringify(state)))) {
        throw conflict('The chat moved on while the webhook was delivered; try again.')
      }
      await store.bus.publish(result.id)
      // A chat on a messaging app has no client to come back for the payload: its channel goes on with it.
      const via = state.client?.via
      return via ? { contact: { sessionId, workspaceId: state.workspaceId, contact: state.client!.contact, ...via } } : {}
    },

    /**
     * The webhook payload delivered to the chat of a result, while the chat still waits on that webhook block.
     * `id` names the delivery (a payload delivered again gets a new one).
     */
    async pendingDelivery(result: ResultRef): Promise<{ id: string; payload: unknown } | undefined> {
      const found = await webhookWait(result)
      const delivered = found?.waiting.delivered as { data: unknown } | undefined
      return found && delivered && { id: `${found.sessionId}@${found.revision}`, payload: delivered.data }
    },

    /** Numbers a continueChat request of the session as it arrives (see recentTurnsOf); `leave` once answered. */
    arrive: (sessionId: string): Arrival => recentTurns.arrive(sessionId),

    /**
     * Operation 8: the next message of a chat. The turn is bound to the session's revision it read: a concurrent
     * turn makes it conflict. A reply identical to one this process was applying to the session when it arrived (a
     * double submit, a retry racing its original) gets that turn's answer instead of being applied twice, and so
     * does one that read the same revision on another process and lost the revision check to it. Any reply that
     * arrives after the previous answer was ready is a new message. `arrival`: the request's `arrive` number.
     */
    async continue(
      sessionId: string,
      message: UserReply | undefined,
      options: { textFormat: TextFormat; origin?: string; arrival: number; user?: User },
    ) {
      // The caller is part of the fingerprint: another user's identical reply never gets a preview's answer replayed.
      const fingerprint = JSON.stringify([message ?? null, options.textFormat, options.origin ?? null, options.user?.id ?? null])
      const repeated = recentTurns.find(sessionId, fingerprint, options.arrival)
      if (repeated) return repeated
      return recentTurns.track(sessionId, fingerprint, async () => {
        const { session, state } = await admit(sessionId, options)
        // Taken before the engine runs: it advances this very state.
        const before = state.isPreview ? undefined : beforeTurn(state)
        const outcome = await run(() => continueChat(state, message, options.textFormat, deps))
        const update = { kind: 'update' as const, id: sessionId, revision: session.revision }
        return (await commit(outcome, update, [], before, digestOf(fingerprint))) ?? outcome.response
      })
    },

    /**
     * A contact's chat on a messaging app starts (src/channels/, app/conversations.ts): a live chat on the bot's
     * published snapshot, stored as a new result, in the session `sessionId` (created, or the contact's expired chat
     * at `revision` started over). Throws `conflict` when another turn wrote the session meanwhile.
     */
    async startContact(
      bot: { id: string; workspaceId: string; publishedId: string },
      options: { sessionId: string; revision?: number; client: MessagingClient; expiryTimeout: number; message?: UserReply },
    ) {
      const compiledBot = await bots.get(bot.publishedId)
      if (!compiledBot) throw notFound('Bot not found (not published).')
      const resultId = newId()
      const outcome = await run(() =>
        startChat(
          compiledBot,
          { workspaceId: bot.workspaceId, isPreview: false, resultId, message: options.message, textFormat: 'richText', client: options.client },
          deps,
        ),
      )
      outcome.state.expiryTimeout = options.expiryTimeout
      const session: SessionWrite =
        options.revision === undefined
          ? { kind: 'create', id: options.sessionId }
          : { kind: 'update', id: options.sessionId, revision: options.revision }
      await commit(outcome, session, [{ id: resultId, botId: bot.id }], beforeTurn(undefined))
      return { response: outcome.response, settings: compiledBot.settings ?? {}, resultId }
    },

    /** The settings of a published snapshot, from the compiled bots in memory (a channel's bot choice reads them). */
    publishedSettings: async (snapshotId: string): Promise<Settings | undefined> => (await bots.get(snapshotId))?.settings,

    /**
     * The input a contact's chat waits on: its block type, what uploads it takes (file inputs, text inputs with
     * attachments or voice clips) and who owns the files the contact sends it.
     */
    async waitingInput(state: SessionState) {
      const found = await waitingBlock(state)
      if (!found) return undefined
      const { block, entry, waiting } = found
      return {
        type: block.type,
        /** A webhook block waiting for its call (nothing delivered yet). */
        waitsForDelivery: actionKindOf(kinds, block.type)?.acceptsDelivery === true && waiting.delivered === undefined,
        uploads: inputKindOf(kinds, block.type)?.uploads?.(block),
        owner: { workspaceId: state.workspaceId, botId: entry.botId, resultId: entry.resultId },
      }
    },

    /** The next message of a contact's chat on a messaging app, on the session as read (`revision`, `state`). */
    async continueContact(sessionId: string, revision: number, state: SessionState, message: UserReply | undefined) {
      const before = beforeTurn(state)
      const outcome = await run(() => continueChat(state, message, 'richText', deps))
      await commit(outcome, { kind: 'update', id: sessionId, revision }, [], before)
      const root = outcome.state.stack.at(-1) ?? state.stack.at(-1)
      const bot = root && (await bots.get(root.snapshotId))
      return { response: outcome.response, settings: bot?.settings ?? {}, resultId: root?.resultId }
    },

    /**
     * An upload URL for a file the chat sends to the input it waits on (file input, text input attachments or voice
     * clip), within that block's limits. The file belongs to the chat's result. `blockId`, when given, must be that
     * block (Typebot's older clients give none).
     */
    async requestUpload(
      sessionId: string,
      request: Omit<UploadRequest, 'blockId'> & { blockId?: string },
      options: { origin?: string; user?: User },
    ) {
      const { session, state } = await admit(sessionId, options)
      const blockId = state.waiting?.blockId
      if (!blockId) throw badRequest('This chat is not waiting for an answer, so it takes no file uploads.')
      if (request.blockId !== undefined && request.blockId !== blockId) throw badRequest('This chat is not waiting on that block.')
      const found = await waitingBlock(state)
      const rules = found && inputKindOf(kinds, found.block.type)?.uploads?.(found.block)
      if (!found || !rules) throw badRequest('The block this chat waits on takes no file uploads.')
      const { entry } = found
      const owner = { workspaceId: state.workspaceId, botId: entry.botId, resultId: entry.resultId }
      return files.grantUpload(owner, rules, { ...request, blockId }, { id: sessionId, revision: session.revision, updatedAt: session.updatedAt })
    },

    /**
     * The completion of the LLM block this chat is paused on, ready to stream (POST …/streamMessage). Nothing is
     * stored: the client sends the full text with continueChat afterwards.
     */
    async completionStream(sessionId: string, options: { origin?: string; user?: User }): Promise<CompletionStream> {
      const { session, state } = await admit(sessionId, options)
      const found = await waitingBlock(state)
      const stream = found && actionKindOf(kinds, found.block.type)?.stream
      if (!found || !stream) throw badRequest('This chat is not waiting for a streamed completion.')
      const { bot, entry, waiting } = found
      const variables = bot.variables.map((v) => ({ ...v, value: entry.values[v.id] }))
      const completion = await stream(waiting.data, { runtime, credentials: (id) => credentials(id, state), variables })
      if (typeof completion !== 'function') throw badRequest(completion.error)
      return async (onText) => {
        const end = await completion(onText)
        // Stored before the stream reports it is done, so the client's next continueChat finds it.
        if (end.ok && end.delivered !== undefined) {
          const delivered = { ...waiting, delivered: end.delivered }
          await store.chats.updateSessionState(sessionId, session.revision, JSON.stringify({ ...state, waiting: delivered }))
        }
        return end
      }
    },
  }
}

export type ChatsApp = ReturnType<typeof createChats>

/** A reply's fingerprint as stored with the turn that answered it: short and fixed in size, whatever the reply. */
const digestOf = (fingerprint: string) => createHash('sha256').update(fingerprint).digest('base64url')

/** Whether a stored session is a preview the user started in the workspace (which a new preview may replace). */
const ownPreview = (json: string, workspaceId: string, userId: string): boolean => {
  try {
    const state: SessionState = parseState(json)
    return state.isPreview && state.workspaceId === workspaceId && state.previewUserId === userId
  } catch {
    return false
  }
}
