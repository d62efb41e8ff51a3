// Logic and integration blocks ("actions"): executed by the engine while it walks the flow.
import type { CompiledBot, RunnableBot } from '../../engine/compile.js'
import type { SessionState, StackEntry, Target } from '../../engine/state.js'
import type { BlockContext, ChatLog, UserReply, VariableUpdate } from '../../engine/types.js'

export type ClientSideAction = { type: string; [payload: string]: unknown }

export interface ActionContext extends BlockContext {
  bot: CompiledBot
  state: SessionState
  /** The running bot's stack entry (answers, result id). */
  entry: StackEntry
  /** Another bot of the same workspace, as linked bots run it (published, or the draft in preview). */
  linkedBot(botId: string): Promise<CompiledBot | undefined>
  /** Decrypted credentials of the chat's workspace (never another workspace's), or undefined. */
  credentials(credentialsId: string): Promise<StoredCredentials | undefined>
}

/** Workspace credentials as blocks see them: `data` holds the secret fields (apiKey, baseUrl, SMTP settings…). */
export type StoredCredentials = { id: string; type: string; name: string; data: Record<string, unknown> }

export type ActionResult = {
  /** Follow this edge (a string), end this path (null), or go on with the next block (absent). */
  outgoingEdgeId?: string | null
  /** Go to a group/block directly (Jump, links). */
  jumpTo?: Target
  variableUpdates?: VariableUpdate[]
  logs?: ChatLog[]
  clientSideActions?: ClientSideAction[]
  /** Run another bot (or another part of this one) and come back after this block when it ends. */
  linkTo?: { bot: CompiledBot; groupId?: string; mergeResults: boolean }
  /** Pause on this block until the client sends the dedicated reply its client-side action asks for. */
  waitsForReply?: boolean
  /** From `resume`: the client already shows the next bubble (it streamed it), so the walk does not send it again. */
  skipsNextBubble?: boolean
}

/** `execute` bound to one block (see `ActionKind.compile`). */
export type BlockExecutor = (ctx: ActionContext) => ActionResult | Promise<ActionResult>

export interface ActionKind<B = any> {
  type: string
  execute(block: B, ctx: ActionContext): ActionResult | Promise<ActionResult>
  /**
   * Optional: `execute` for one block of `bot`, with what cannot change between runs (options, where its variables
   * are) worked out once per compiled bot. It must behave exactly like `execute` (when it throws, the block runs through
   * `execute`).
   */
  compile?(block: B, bot: RunnableBot): BlockExecutor
  /** Consumes the dedicated reply of a block that paused (`waitsForReply`). */
  resume?(block: B, reply: UserReply | undefined, ctx: ActionContext): ActionResult | Promise<ActionResult>
}
