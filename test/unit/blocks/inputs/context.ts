// A block context with a fixed clock (Wednesday 4 June 2025, 10:00 UTC) and the given variables.
import type { InputKind } from '../../../../src/blocks/inputs/types.js'
import type { BlockContext, Runtime, UserReply } from '../../../../src/engine/types.js'
import type { Variable } from '../../../../src/schema/common.js'

const NOW = new Date('2025-06-04T10:00:00Z')

export const context = (variables: Variable[] = []): BlockContext => {
  let ids = 0
  // Input kinds only use the clock, ids and inline code; the other runtime ports are left out.
  const runtime: Partial<Runtime> = {
    now: () => NOW,
    random: () => 0.5,
    newId: () => `id${++ids}`,
    evaluate: () => ({ ok: false, error: 'none' }),
  }
  return { variables, runtime: runtime as Runtime, textFormat: 'richText', isPreview: false, settings: {} }
}

export const text = (value: string, extra: Partial<Extract<UserReply, { type: 'text' }>> = {}): UserReply => ({
  type: 'text',
  text: value,
  ...extra,
})

/** Prepares the block as the engine does, then parses the reply against that input. */
export const parse = <B>(kind: InputKind<B>, block: B, reply: UserReply | undefined, ctx = context()) =>
  kind.parseReply(reply, kind.prepare(block, ctx), ctx)
