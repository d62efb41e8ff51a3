// The DeepSeek block's actions and the options each reads (Typebot's names): the editor's form is walked from
// them; the first is a new block's.
import type { BlockAction } from '../../../contract/bot/card.js'
import { llmActions } from '../../../contract/bot/forgedOptions.js'

export const actions: BlockAction[] = llmActions({})
