// What a chat turn writes: built by the chat service, stored by chats.ts (or in one statement by a dialect's turn.ts).
export type AnswerRow = { resultId: string; blockId: string; content: string; attachedFileUrls?: string[] }
export type ResultUpdate = {
  resultId: string
  hasStarted: boolean
  isCompleted: boolean
  variables: { id: string; name: string; value: unknown }[]
}
export type LogRow = { resultId: string; status: string; description: string; details?: string; context?: string }

/** An outbox row of the webhooks (see WebhookEventsTable): written by the turn, in its transaction. */
export type WebhookEventRow = { id: string; workspaceId: string; botId: string; resultId: string; type: string; payload: string }

/** A turn's reply (a digest of it) and its answer (JSON), stored with the revision it made. */
export type StoredReply = { digest: string; answer: string }

export type SessionWrite =
  /** `isPreview`: a preview chat, purged sooner (see app/lifecycle.ts). */
  | { kind: 'create'; id: string; isPreview?: boolean }
  /** Replaces a session of that id if one exists (preview `sessionId`; always a preview). */
  | { kind: 'replace'; id: string }
  /** `reply`: the digest of the reply the turn answers and its answer (JSON), kept with the new revision. */
  | { kind: 'update'; id: string; revision: number; reply?: StoredReply }

export type TurnWrite = {
  session: SessionWrite
  /** The new state, or null when the chat is over (the session is deleted). */
  state: string | null
  /** `clientKeyHash`: see ResultsTable (results a chat client may resume). */
  newResults: { id: string; botId: string; clientKeyHash?: string }[]
  results: ResultUpdate[]
  answers: AnswerRow[]
  logs: LogRow[]
  /** Webhook events of the turn (only when a subscription wants them): one multi-row insert. */
  events?: WebhookEventRow[]
}
