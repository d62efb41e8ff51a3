// The session state: one versioned JSON document per chat, read and written once per turn.
import type { MessagingClient, UserReply, VariableValue } from './types.js'

/** Where the walk goes next: a group, optionally entered at one of its blocks. */
export type Target = { groupId: string; blockId?: string }

/** One running bot. The first entry of `SessionState.stack` runs; linked bots push entries in front. */
export type StackEntry = {
  botId: string
  /** The immutable snapshot the chat runs (published version, or a preview snapshot). */
  snapshotId: string
  /** Absent in preview: nothing is stored. */
  resultId?: string
  /** Values of the variables that have one, by variable id. */
  values: Record<string, VariableValue>
  /** Answers of this run by key (variable name, else group title), used by integrations' default bodies. */
  answers: { key: string; value: string }[]
  /** True once an answer has been stored for this entry's result. */
  hasAnswered?: boolean
  /** A linked bot sharing its parent's result and variables. */
  isMergingWithParent?: boolean
  /** Where to go when the current path ends (link resume points, command events' `resumeAfter`). */
  resume: Target[]
}

export const STATE_VERSION = 2

export type SessionState = {
  version: typeof STATE_VERSION
  workspaceId: string
  isPreview: boolean
  /** Previews: the user who started it, the only one who may drive it. */
  previewUserId?: string
  /** Previews whose author asked for their emails: the only address Send email blocks write to (the author's). */
  previewEmailTo?: string
  stack: StackEntry[]
  /** The block awaiting the next message (an input, or a block waiting for a dedicated reply), with what it needs. */
  waiting?: { blockId: string; data?: unknown; delivered?: unknown }
  /** Set by `isOnlyRegistering`: the first continueChat starts the flow. */
  notStarted?: boolean
  /** Present only when the bot shows a progress bar. */
  progress?: { totalAnswers: number }
  /**
   * Set by Jump (and commands, reply and invalid-reply events): where a later Return block comes back to. A reply
   * event keeps the reply it interrupted (`autoResumeMessage`): once a Return has come back (`called`), the input
   * handles that reply in the same turn.
   */
  returnMark?: { blockId: string; status?: 'called'; autoResumeMessage?: UserReply }
  isStreamEnabled?: boolean
  /** The conversation so far, kept only for bots whose kinds need it (a Set variable "Transcript"). */
  transcript?: { role: 'assistant' | 'user'; text: string }[]
  /** Live chats: origins allowed to continue this chat (from the bot's security settings). */
  allowedOrigins?: string[]
  /** Chats on a messaging app: who writes, and that no browser is there to run client code. */
  client?: MessagingClient
  /** Chats on a messaging app: milliseconds of silence after which the contact's next message starts over. */
  expiryTimeout?: number
}

export class StateVersionError extends Error {}

/**
 * Upgrades a stored state, one version at a time, to `STATE_VERSION`: chats that were waiting when the server was
 * upgraded go on. A state of an unknown newer version (written by a newer server) is refused.
 */
export const migrateState = (stored: { version?: unknown } & Record<string, any>): SessionState => {
  let state = stored
  if (state.version === 1) state = v1ToV2(state)
  if (state.version !== STATE_VERSION) throw new StateVersionError(`Unsupported session state version ${String(stored.version)}`)
  return state as SessionState
}

/** v1 kept per-kind fields: the waiting block's id, an LLM block's pending completion, a delivered webhook payload. */
const v1ToV2 = ({ currentBlockId, pendingCompletion, webhookPayload, ...rest }: Record<string, any>) => ({
  ...rest,
  version: 2,
  ...(currentBlockId && {
    waiting: {
      blockId: currentBlockId,
      ...(pendingCompletion && { data: pendingCompletion }),
      ...(webhookPayload && { delivered: webhookPayload }),
    },
  }),
})

/** Reads a stored state (see `migrateState`). */
export const parseState = (json: string): SessionState => migrateState(JSON.parse(json))
