// Return: goes back to where the last Jump (or a command, or an invalid-reply event) left its return mark; without a
// mark it does nothing.
import type { ActionKind } from '../../../engine/kinds.js'
import type { ReturnBlock } from './schema.js'

export const returnBlock: ActionKind<ReturnBlock> = {
  type: 'Return',
  category: 'logic',
  execute: () => ({ returnToMark: true }),
}
