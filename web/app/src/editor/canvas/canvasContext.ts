// What group and event nodes need from the editor around them, given once through context (node data holds only
// the group, so a change to one group re-renders one node).
import type { TFunction } from 'i18next'
import { createContext, useContext } from 'react'
import type { CardNames } from '../../../../../src/contract/bot/card.js'
import type { Block, EditorContext } from '../types.js'

export type CanvasMark = { severity: 'error' | 'warning'; message: string }

export type CanvasApi = {
  /** The app's translate function, given once: thousands of rows each subscribing to the language cost the opening. */
  t: TFunction
  readOnly: boolean
  selectedBlockId: string | null
  runningBlockId: string | null
  /** Checks by group id and by block id. */
  marks: Map<string, CanvasMark[]>
  selectBlock: (blockId: string | null) => void
  /** Opens an event's settings. */
  selectEvent: (eventId: string) => void
  /** A block (dragged from the palette or from another place) dropped into a group at an index. */
  dropInGroup: (groupId: string, index: number, data: DataTransfer) => void
  renameGroup: (groupId: string, title: string) => void
  /** A button's label edited on the canvas. */
  relabelItem: (blockId: string, itemId: string, text: string) => void
  /** A block changed on the canvas (a text bubble edited in place): one undo step per block while typing. */
  updateBlock: (block: Block) => void
  /** What block forms need (variables, creating one): the text bubble's editor in place is its settings form. */
  formContext: EditorContext
  /** Moves a block one place up (-1) or down (1) in its group (the keyboard's way to reorder). */
  nudgeBlock: (blockId: string, delta: -1 | 1) => void
  variableName: (variableId: string) => string
  /** Names variables and groups in blocks' summaries. */
  cardContext: CardNames
  /** Starts the preview at this group. */
  testFrom: (groupId: string) => void
  duplicateGroup: (groupId: string) => void
  deleteGroup: (groupId: string) => void
}

export const CanvasContext = createContext<CanvasApi | null>(null)

export const useCanvas = () => {
  const api = useContext(CanvasContext)
  if (!api) throw new Error('useCanvas outside the editor canvas')
  return api
}

/** The drag payloads the canvas accepts: a new block by type, or an existing block by id. */
export const dragTypes = { newBlock: 'application/parley-block', moveBlock: 'application/parley-move-block' } as const

export const isBlockDrag = (data: DataTransfer) => data.types.includes(dragTypes.newBlock) || data.types.includes(dragTypes.moveBlock)
