// The session state: one versioned JSON document per chat, read and written once per turn.
import type { VariableValue } from './types.js'

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

export const STATE_VERSION = 1

export type SessionState = {
  version: typeof STATE_VERSION
  workspaceId: string
  isPreview: boolean
  stack: StackEntry[]
  /** The block awaiting the next message (an input, or a block waiting for a dedicated reply). */
  currentBlockId?: string
  /** Set by `isOnlyRegistering`: the first continueChat starts the flow. */
  notStarted?: boolean
  /** Present only when the bot shows a progress bar. */
  progress?: { totalAnswers: number }
  /** Set by Jump: where a later Return block comes back to. */
  returnMark?: { blockId: string }
  isStreamEnabled?: boolean
  /** The conversation so far, kept only for bots that use a Set variable "Transcript". */
  transcript?: { role: 'assistant' | 'user'; text: string }[]
  /** A payload delivered to the result's inbound webhook while a webhook block waits; consumed by its resume. */
  webhookPayload?: { statusCode: number; data: unknown }
  /** Live chats: origins allowed to continue this chat (from the bot's security settings). */
  allowedOrigins?: string[]
  /** Set while an LLM block waits for the client to stream its completion; consumed by the block's resume. */
  pendingCompletion?: PendingCompletion
}

/**
 * What `POST /v1/sessions/{id}/streamMessage` sends to the provider for a paused LLM block. It holds no secret:
 * the API key is read from the workspace credentials when the stream starts.
 */
export type PendingCompletion = {
  blockId: string
  credentialsId: string
  /** Shown in logs and errors ("OpenAI", "Mistral"). */
  label: string
  baseUrl: string
  apiVersion?: string
  request: { model: string; messages: { role: 'system' | 'user' | 'assistant'; content: string; name?: string }[]; temperature?: number }
}

/** Reads a stored state, refusing documents of an unknown version (a newer server wrote them). */
export const parseState = (json: string): SessionState => {
  const state = JSON.parse(json) as SessionState
  if (state.version !== STATE_VERSION) throw new Error(`Unsupported session state version ${String(state.version)}`)
  return state
}
