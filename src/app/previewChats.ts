// Preview chats: of a bot's draft (or of the definition sent, or of one of its published versions) and of a
// template of the gallery, and the preview tokens the builder's preview frame drives them with. Nothing is stored as
// a result; only the user who started a preview may go on with it or replace it.
import { importedBotDoc } from '../domain/bots.js'
import { type EngineDeps, type StartOptions, startChat } from '../engine/index.js'
import type { SessionState } from '../engine/state.js'
import { newSessionId } from '../lib/ids.js'
import type { User } from '../store/accounts.js'
import { runtimePart } from '../store/botHash.js'
import type { SessionWrite } from '../store/chats.js'
import type { Store } from '../store/index.js'
import type { Access } from './access.js'
import { docOrThrow } from './bots.js'
import { botSummary, type CommonStart, run } from './chatStart.js'
import type { CompiledBots } from './compiledBots.js'
import { badRequest, conflict, notFound } from './errors.js'
import { asMember } from './previewCaller.js'
import type { PreviewTokens } from './previewTokens.js'
import type { TemplatesApp } from './templates/index.js'
import { templateBotId, templateSnapshotId } from './templates/preview.js'
import { parseState } from './sessionState.js'
import type { turnCommitOf } from './turnCommit.js'

export const previewChatsOf = ({
  store,
  access,
  templates,
  previewTokens,
  bots,
  deps,
  commit,
}: {
  store: Pick<Store, 'bots' | 'chats' | 'accounts'>
  access: Access
  templates: TemplatesApp
  previewTokens: PreviewTokens
  bots: CompiledBots
  deps: EngineDeps
  commit: ReturnType<typeof turnCommitOf>
}) => {
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

  /** A new session, or the one named, when it is a preview this user started in the workspace ('' for templates). */
  const previewSession = async (sessionId: string | undefined, workspaceId: string, userId: string): Promise<SessionWrite> => {
    if (!sessionId) return { kind: 'create', id: newSessionId(), isPreview: true }
    const existing = await store.chats.session(sessionId)
    if (existing && !ownPreview(existing.state, workspaceId, userId)) throw conflict('That session id is in use by another chat.')
    return { kind: 'replace', id: sessionId }
  }

  return {
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
      const session = await previewSession(options.sessionId, bot.workspaceId, user.id)
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
      const session = await previewSession(options.sessionId, '', user.id)
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
  }
}

/** Whether a stored session is a preview the user started in the workspace (which a new preview may replace). */
const ownPreview = (json: string, workspaceId: string, userId: string): boolean => {
  try {
    const state: SessionState = parseState(json)
    return state.isPreview && state.workspaceId === workspaceId && state.previewUserId === userId
  } catch {
    return false
  }
}
