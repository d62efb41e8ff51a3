// Plugin ("forged") blocks choose what they do with `options.action`, the name of one of their block type's actions.
import type { GenericBlock } from '../../contract/bot/blocks/index.js'
import type { ActionKind, ActionResult, BlockContext, BlockLog, MaybePromise } from '../../engine/kinds.js'

export type ForgedOptions = Record<string, unknown>

/**
 * The log of a block whose action is missing or not one Parley runs (`reason` says why, when known). About the bot's
 * configuration only: live chats show it too.
 */
export const unknownActionLog = (label: string, action: string | undefined, reason?: string): BlockLog => ({
  status: 'error',
  description: !action
    ? `The ${label} block has no action selected; skipped.`
    : (reason ?? `${label} "${action}" is not supported by Parley; the flow went on past the block.`),
  visibility: 'everyone',
})

/** A block whose options do not let its action run (an empty text, no variable to save into): an error log. */
export const invalid = (description: string): ActionResult => ({ logs: [{ status: 'error', description }] })

/** An id option (a variable to save into, credentials): a non-empty text, else undefined. */
export const idOption = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined)

/** The action a block names, if it is a text. */
export const actionOf = (options: ForgedOptions): string | undefined => (typeof options.action === 'string' ? options.action : undefined)

/** The action of that name (own entries only: a name such as `toString` finds nothing). */
export const actionNamed = <A>(actions: Record<string, A> | undefined, name: string | undefined): A | undefined =>
  actions && name !== undefined && Object.hasOwn(actions, name) ? actions[name] : undefined

/** A forged block type whose actions are these, by name; any other action answers with an error log. */
export const forgedKind = (
  type: string,
  label: string,
  actions: Record<string, (options: ForgedOptions, ctx: BlockContext) => MaybePromise<ActionResult>>,
): ActionKind<GenericBlock> => ({
  type,
  category: 'integration',
  execute(block, ctx) {
    const options = (block.options ?? {}) as ForgedOptions
    const action = actionOf(options)
    const run = actionNamed(actions, action)
    return run ? run(options, ctx) : { logs: [unknownActionLog(label, action)] }
  },
})
