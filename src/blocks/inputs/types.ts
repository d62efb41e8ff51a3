// Contract of an input block kind: what the client is sent, and how the user's reply is read.
import type { BlockContext, ChatLog, ParsedReply, UserReply } from '../../engine/types.js'

export interface InputKind<B> {
  /** The block `type` literal. */
  type: string
  /**
   * The `input` object sent to the client: the block with its variables templated, plus per-kind extras
   * (filtered or generated items, numeric limits, `prefilledValue`).
   */
  prepare(block: B, ctx: BlockContext): Record<string, unknown>
  /** Reads a reply against the prepared input, so buttons match what was displayed. */
  parseReply(reply: UserReply | undefined, input: any, ctx: BlockContext): ParsedReply
  /** The block's own retry text on an invalid reply; undefined lets the engine use the system message. */
  retryMessage?(input: any, ctx: BlockContext): string | undefined
  /** A log entry to show when the input is presented (e.g. a feature this server cannot provide). */
  notice?(input: any, ctx: BlockContext): ChatLog | undefined
}
