// Chats: starts and continues them on compiled bots (compiledBots.ts), admits callers (chatAdmission.ts), stores
// each turn in one transaction (turnCommit.ts); previews are previewChats.ts's. These two modules are the only ones
// that call the engine (startChat, continueChat, EngineDeps), through chatStart.ts's `run`, where its errors
// (EngineError) become AppErrors.
import { hash } from 'node:crypto'
import type { Settings } from '../contract/bot/common.js'
import { takesNewChats } from '../domain/availability.js'
import { continueChat, startChat, type EngineDeps } from '../engine/index.js'
import { actionKindOf, type CompletionStream, inputKindOf, type KindRegistry } from '../engine/kinds.js'
import type { SessionState } from '../engine/state.js'
import type { MessagingClient, Runtime, TextFormat, UserReply } from '../engine/types.js'
import { hashToken, newId, newResultKey, newSessionId } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import type { ResultRef, SessionWrite } from '../store/chats.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { chatAdmission } from './chatAdmission.js'
import { compiledBotsOf } from './compiledBots.js'
import { AppError, badRequest, conflict, notFound } from './errors.js'
import type { FilesApp, UploadRequest } from './files.js'
import type { PreviewTokens } from './previewTokens.js'
import type { TemplatesApp } from './templates/index.js'
import { templateSnapshotOf } from './templates/preview.js'
import { type Arrival, recentTurnsOf } from './recentTurns.js'
import { botSummary, type CommonStart, run } from './chatStart.js'
import { previewChatsOf } from './previewChats.js'
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
  const bots = compiledBotsOf({ store, kinds, unstored: templateSnapshotOf(templates) })
  const recentTurns = recentTurnsOf()
  const admit = chatAdmission({ store, access })
  const commit = turnCommitOf({ store, webhooks, cachedBot: bots.cached })
  /** Decrypted credentials, looked up in the chat's own workspace only. */
  const credentials = (credentialsId: string, state: SessionState) => store.credentials.get(state.workspaceId, credentialsId)
  const deps: EngineDeps = { runtime, getBot: bots.get, linkedBot: bots.linked, credentials, files: files.chatFiles, limits }

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

  const previews = previewChatsOf({ store, access, templates, previewTokens, bots, deps, commit })

  return {
    ...previews,
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
const digestOf = (fingerprint: string) => hash('sha256', fingerprint, 'base64url')
