// The contract of a block kind, owned by the engine, and the compiled bot its blocks run in: the engine knows block kinds only through it. Each kind lives in
// its own folder (src/blocks/<category>/<kind>/), and the one list of kinds is assembled in src/blocks/index.ts and
// handed to the engine where the server is wired together. Behaviour may be synchronous or return a promise: logic
// that needs nothing from outside stays synchronous, so long chains of it cost no event-loop round trips.
import type { GroupV6 } from '../contract/bot/bot.js'
import type { Block } from '../contract/bot/blocks/index.js'
import type { Edge, Event, Variable } from '../contract/bot/common.js'
import type { ProgressIndex } from './progress.js'
import type { StartProps, StartPropsPart } from './startProps.js'
import type { StackEntry, Target } from './state.js'
import type {
  ChatLog,
  ChatMessage,
  ClientSideAction,
  MessagingClient,
  ParsedReply,
  Runtime,
  StoredFile,
  StoreFileOutcome,
  TextFormat,
  UserReply,
  VariableUpdate,
} from './types.js'

export type MaybePromise<T> = T | Promise<T>

export type { ClientSideAction } from './types.js'

/** Workspace credentials as blocks see them: `data` holds the secret fields (apiKey, baseUrl, SMTP settings…). */
export type StoredCredentials = { id: string; type: string; name: string; data: Record<string, unknown> }

/** Counters one turn shares between its blocks (a new object every turn: nothing outlives the turn). */
export type TurnBudget = {
  emailsSent: number
  /** Recipients of the emails sent this turn (to, cc and bcc). */
  emailRecipients: number
}

/** What a block sees while it runs. Read-only: a block returns what it changes. */
export interface BlockContext {
  /** The running bot's variables with their current values (in the bot's order). */
  variables: Variable[]
  /** The engine's ports, with the turn's budgets applied to sandbox and regex calls. */
  runtime: Runtime
  textFormat: TextFormat
  isPreview: boolean
  /** Previews whose author asked for their emails: their address, the only one Send email blocks may write to. */
  previewEmailTo?: string
  /** Settings of the running bot (system messages for retry texts, etc.). */
  settings: Record<string, any>
  bot: CompiledBot
  /** The running bot's stack entry (answers, result id). */
  entry: Readonly<StackEntry>
  /** The conversation so far, for bots whose kinds asked for it (see `BlockKind.sessionVariables`). */
  transcript: readonly { role: 'assistant' | 'user'; text: string }[]
  /** Whether the client asked for streamed completions. */
  isStreamEnabled: boolean
  /** Set when the chat is on a messaging app: no browser runs client code (see MessagingClient). */
  client: MessagingClient | undefined
  budget: TurnBudget
  /** Another bot of the same workspace, as linked bots run it (published, or the draft in preview). */
  linkedBot(botId: string): Promise<CompiledBot | undefined>
  /** Decrypted credentials of the chat's workspace (never another workspace's), or undefined. */
  credentials(credentialsId: string): Promise<StoredCredentials | undefined>
  /** Stores a file a block made (speech, images…) as a file of the running chat's result; answers its public URL. */
  storeFile(file: StoredFile): Promise<StoreFileOutcome>
  /** A file this server stored for the chat's workspace, by its URL; undefined for anything else (other workspaces too). */
  readStoredFile(url: string): Promise<StoredFile | undefined>
}

/** What an input accepts as uploads while it waits (see `InputKind.uploads`). */
export type UploadRules = {
  /** The block's own size limit in bytes (the server's maximum applies anyway). */
  maxBytes?: number
  /** Why a file of this name and content type is refused, or undefined when it is accepted. */
  refuses(file: { fileName: string; contentType: string }): string | undefined
}

/**
 * Who may read a log entry. `owners`: stored on the result for the bot's owners and shown in preview (the builder),
 * but kept out of live chat answers, which anyone chatting (anonymous visitors too) reads. Absent: `owners` for logs of
 * integration blocks (they tell about calls to outside services: requests, responses, provider errors), `everyone`
 * for the others. Engine-side only: the field never reaches the wire (see `chatLogSchema`).
 */
export type LogVisibility = 'owners' | 'everyone'
export type BlockLog = ChatLog & { visibility?: LogVisibility }

/** What a paused block finds when its reply comes: what it kept when it paused, and what was delivered meanwhile. */
export type Waiting = { data?: unknown; delivered?: unknown }

export type ActionResult = {
  /** Follow this edge (a string), end this path (null), or go on with the next block (absent). */
  outgoingEdgeId?: string | null
  /** Go to a group/block directly (Jump). */
  jumpTo?: Target
  /** Where a later Return comes back to (a block id), or null to forget it (Jump). */
  returnMark?: string | null
  /** Go back to the return mark, if there is one (Return). */
  returnToMark?: boolean
  variableUpdates?: VariableUpdate[]
  logs?: BlockLog[]
  clientSideActions?: ClientSideAction[]
  /** Bubbles the action shows (a plugin block's `custom-embed`), sent like a bubble block's message. */
  messages?: ChatMessage[]
  /** Run another bot (or another part of this one) and come back after this block when it ends. */
  linkTo?: { bot: CompiledBot; groupId?: string; mergeResults: boolean }
  /** Pause on this block until the client sends the dedicated reply its client-side action asks for. */
  waitsForReply?: boolean
  /** Kept in the session while the block waits, handed back to `resume` (and `stream`). JSON only. */
  waitingData?: unknown
  /** From `resume`: the client already shows the next bubble (it streamed it), so the walk does not send it again. */
  skipsNextBubble?: boolean
}

/** `execute` bound to one block (see `ActionKind.compile`). */
export type BlockExecutor = (ctx: BlockContext) => MaybePromise<ActionResult>

/** Variables a block keeps out of results (session-only), and whether it needs the conversation transcript. */
export type SessionVariables = { variableIds: string[]; needsTranscript: boolean }

export type { StartPropsPart } from './startProps.js'

/**
 * A streamed completion (see `ActionKind.stream`): `onText` gets each piece; never rejects for provider failures.
 * `delivered` (JSON) is kept in the session for the block's `resume` (`Waiting.delivered`): what the client does not
 * send back, such as token counts.
 */
export type CompletionStream = (
  onText: (text: string) => void,
) => Promise<{ ok: true; text: string; delivered?: unknown } | { ok: false; message: string }>

interface KindBase<B> {
  /** The block `type` literal. */
  type: string
  sessionVariables?(block: B): SessionVariables | undefined
  startProps?(block: B): StartPropsPart | undefined
}

/** `M` is the message the kind sends to clients (its declared shape); a kind that declares one gets `render` checked against it. */
export interface BubbleKind<B = any, M extends ChatMessage = ChatMessage> extends KindBase<B> {
  category: 'bubble'
  /** The message sent to the client; undefined for a bubble without content, which the engine skips. */
  render(block: B, ctx: BlockContext): MaybePromise<M | undefined>
  /** Whether the flow stops after this bubble until the client replies (then `resume` reads the reply). */
  waitsForReply?(block: B): boolean
  resume?(block: B, reply: UserReply | undefined, ctx: BlockContext, waiting: Waiting): MaybePromise<ActionResult>
}

/**
 * `P` is what the kind sends to clients as the chat's `input` (its prepared shape); a kind that declares one gets
 * `prepare` checked against it.
 */
export interface InputKind<B = any, P extends Record<string, unknown> = Record<string, unknown>> extends KindBase<B> {
  category: 'input'
  /**
   * The `input` object sent to the client: the block with its variables templated, plus per-kind extras
   * (filtered or generated items, numeric limits, `prefilledValue`).
   */
  prepare(block: B, ctx: BlockContext): MaybePromise<P>
  /**
   * Reads a reply against the prepared input, so buttons match what was displayed; `waiting.data` is what `present`
   * kept when the input was shown.
   */
  parseReply(reply: UserReply | undefined, input: P, ctx: BlockContext, waiting?: Waiting): MaybePromise<ParsedReply>
  /** The block's own retry text on an invalid reply; undefined lets the engine use the system message. */
  retryMessage?(input: P, ctx: BlockContext): string | undefined
  /** Files the client may upload to this block while it waits (file inputs, attachments, voice clips); undefined: none. */
  uploads?(block: B): UploadRules | undefined
  /**
   * Shows the input (first time and on retry) instead of `prepare`, for kinds that call outside services to show it
   * (payment creates a payment intent): `prepare` stays free of effects, since a reply is read against it again.
   */
  present?(block: B, ctx: BlockContext): Promise<PresentedInput<P>>
}

/** An input as `present` shows it: the `input` object, logs, and what the session keeps while it waits (JSON). */
export type PresentedInput<P = Record<string, unknown>> = { input: P; logs?: BlockLog[]; waitingData?: unknown }

export interface ActionKind<B = any> extends KindBase<B> {
  category: 'logic' | 'integration'
  execute(block: B, ctx: BlockContext): MaybePromise<ActionResult>
  /**
   * Optional: `execute` for one block of `bot`, with what cannot change between runs (options, where its variables
   * are) worked out once per compiled bot. It must behave exactly like `execute` (when it throws, the block runs
   * through `execute`).
   */
  compile?(block: B, bot: RunnableBot): BlockExecutor
  /** Consumes the dedicated reply of a block that paused (`waitsForReply`). */
  resume?(block: B, reply: UserReply | undefined, ctx: BlockContext, waiting: Waiting): MaybePromise<ActionResult>
  /** Whether an outside service may deliver a payload to this block while it waits (inbound webhook). */
  acceptsDelivery?: boolean
  /** The completion a paused block asks the client to stream, from what it kept when it paused. */
  stream?(
    data: unknown,
    ports: {
      runtime: Runtime
      credentials(id: string): Promise<StoredCredentials | undefined>
      /** The paused chat's variables, with their values (functions a model calls read them). */
      variables: Variable[]
    },
  ): Promise<CompletionStream | { error: string }>
}

export type BlockKind = BubbleKind | InputKind | ActionKind

/** The kinds a server runs, by block `type`. */
export type KindRegistry = ReadonlyMap<string, BlockKind>

/** The input kind of a block type, if the type is one. */
export const inputKindOf = (kinds: KindRegistry, type: string): InputKind | undefined => {
  const kind = kinds.get(type)
  return kind?.category === 'input' ? kind : undefined
}

/** The action (logic or integration) kind of a block type, if the type is one. */
export const actionKindOf = (kinds: KindRegistry, type: string): ActionKind | undefined => {
  const kind = kinds.get(type)
  return kind?.category === 'logic' || kind?.category === 'integration' ? kind : undefined
}

export const kindRegistry = (kinds: BlockKind[]): KindRegistry => {
  const registry = new Map<string, BlockKind>()
  for (const kind of kinds) {
    if (registry.has(kind.type)) throw new Error(`Two block kinds for type "${kind.type}"`)
    registry.set(kind.type, kind)
  }
  return registry
}

/** Where the block sits: its group and position. */
export type BlockLocation = { group: GroupV6; index: number; block: Block }

// A compiled bot and the kinds of its blocks refer to each other (a block's context holds its bot; a compiled bot
// holds its kinds), so their types live together here.

export type RunnableBot = {
  botId: string
  snapshotId: string
  version: string
  groups: GroupV6[]
  events: Event[]
  edges: Edge[]
  variables: Variable[]
  theme: Record<string, any>
  settings: Record<string, any>
  /** When the snapshot was published (undefined for previews). */
  publishedAt?: string
}

export type CompiledBot = RunnableBot & {
  kinds: KindRegistry
  groupById: Map<string, GroupV6>
  /** Block id → its group and position. */
  blockAt: Map<string, BlockLocation>
  edgeById: Map<string, Edge>
  variableById: Map<string, Variable>
  progress: ProgressIndex
  /** Variables that live in the session only (e.g. set to the transcript): never stored in results. */
  sessionVariableIds: Set<string>
  /** Whether the engine keeps the conversation's transcript for this bot's blocks. */
  needsTranscript: boolean
  /** What live starts prepend as `startPropsToInject` (and previews log instead), when the bot has any. */
  startProps?: StartProps
  /** The form of the bot the walk runs (see engine/flow.ts). */
  flow: Flow
}

/** A block with its kind (undefined: a type no kind handles). `execute` is the action bound to the block. */
export type FlowBlock = { block: Block; kind: BlockKind | undefined; execute: BlockExecutor | undefined }

export type FlowGroup = {
  group: GroupV6
  blocks: FlowBlock[]
  /** Where the group leads once all its blocks ran: its last block's edge (undefined: none, or dangling). */
  exit: FlowTarget | undefined
}

/**
 * A target located in the flow: the group it names and the index of the block the walk starts at. A target whose
 * group or block does not exist (group undefined, or `from` -1) ends the path with an error log.
 */
export type FlowTarget = { target: Target; group: FlowGroup | undefined; from: number }

export type Flow = {
  /** Where an edge leads, by id (absent: a dangling id, or an empty one, like in `edgeTarget`). */
  edges: Map<string, FlowTarget>
  /** The flow form of one of the bot's groups. */
  groups: Map<GroupV6, FlowGroup>
  /** Locates a target computed at run time (jumps, links, resume points). */
  locate(target: Target): FlowTarget
  /** Variable id → its position in the bot's variables (the turn keeps their values in that order). */
  variableIndex: Map<string, number>
}
