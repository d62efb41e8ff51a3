// What the editor's parts share: the bot document being edited and what a settings form may ask of the editor
// around it. The canvas, the block forms, the theme/settings editors and the preview all speak these types.
import type { BotV6 } from '../../../../src/contract/bot/bot.js'
import type { Block } from '../../../../src/contract/bot/blocks/index.js'
import type { Variable } from '../../../../src/contract/bot/common.js'

export type { Block, Variable }

/** The bot as the editor holds it: the v6 document (unknown keys kept, so saving an unchanged bot changes nothing). */
export type EditorBot = BotV6

/** What a settings form may use besides its own value. */
export type EditorContext = {
  botId: string
  workspaceId: string
  /** The bot's groups (for pickers: jump targets, bot links to this bot). */
  groups: { id: string; title: string; blocks: { id: string; type: string }[] }[]
  /** The bot's variables, in order. */
  variables: Variable[]
  /** Adds a variable named `name` (or returns the existing one with that name) and gives it back. */
  createVariable: (name: string) => Variable
  /** A guest's view: forms show values but cannot change them. */
  readOnly: boolean
}

/** A block kind's settings form: the whole block in, the whole changed block out. */
export type BlockFormProps<B extends Block = Block> = {
  block: B
  onChange: (next: B) => void
  ctx: EditorContext
}
