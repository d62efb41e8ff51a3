// Contract of a bubble block kind: the message (reference 4.4) a bubble becomes once its variables are templated.
import type { BlockContext, ChatMessage } from '../../engine/types.js'

/** Kinds are looked up by the block `type` at run time, so the registry holds them with `B = any`. */
export interface BubbleKind<B = any> {
  /** The block `type` literal. */
  type: string
  /** The message sent to the client; undefined for a bubble without content, which the engine skips. */
  render(block: B, ctx: BlockContext): ChatMessage | undefined
}

/** A numeric size from a number or a templated string ("300", "{{h}}" once templated); else the default. */
export const parseSize = (value: unknown, fallback: number): number => {
  const size = typeof value === 'string' ? Number.parseFloat(value) : value
  return typeof size === 'number' && Number.isFinite(size) ? size : fallback
}
