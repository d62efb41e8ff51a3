// Small helpers the hand-tuned forms share to change one part of a block without touching the rest.
import type { Block } from '../types.js'
import { asObj, type Obj, withKey } from './GenericForm.js'

export type Item = Obj & { id: string }

/** The block's options as an object (absent or null: empty). */
export const optionsOf = (block: Block): Obj => asObj(block.options)

/** The block with option `key` set (or removed when undefined). */
export const withOption = <B extends Block>(block: B, key: string, value: unknown): B => ({
  ...block,
  options: withKey(optionsOf(block), key, value),
})

export const withItems = <B extends Block>(block: B, items: Item[]): B => ({ ...block, items })
