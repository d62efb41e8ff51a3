// xyflow draws (and measures) every node it has no connection-point positions for, wherever it is: a large bot
// mounted all its groups when the editor opened, only to drop those out of view once measured. A group not yet
// drawn is given its size and connection points as estimated from its blocks (the rows' heights in canvas.css), so
// only the groups in view are drawn at opening. A group is measured when it first comes into view; until then an
// edge to it ends about where it will.
import { type Node, type NodeHandle, Position } from '@xyflow/react'
import { sourceKey } from '../../../../../src/contract/bot/graph.js'
import { blockTargetHandle, type GroupNodeData, itemExits, showsBlockHandle } from './flowModel.js'

const WIDTH = 280
const PADDING = 9 // the group's padding and border
const BLOCKS_TOP = 37 // below the title
const BLOCK = 46 // a block's row: its kind and a line of summary
const EXIT = 28 // an exit's labelled row in a block
const GAP = 4

const handle = (id: string, type: 'source' | 'target', x: number, y: number, size: number): NodeHandle => ({
  id,
  type,
  position: type === 'source' ? Position.Right : Position.Left,
  x,
  y,
  width: size,
  height: size,
})

/** The group's node with its estimated size and connection points (GroupNode draws the same rows). */
export const withEstimate = (node: Node<GroupNodeData>): Node<GroupNodeData> => {
  const handles = [handle('in', 'target', -4, 14, 10)]
  let top = BLOCKS_TOP
  node.data.group.blocks.forEach((block, i, blocks) => {
    if (i > 0) handles.push(handle(blockTargetHandle(block.id), 'target', -2, top + 15, 6))
    const exits = itemExits(block).map((exit) => exit.key)
    const own = showsBlockHandle(block, i === blocks.length - 1) ? sourceKey({ blockId: block.id }) : null
    // A block with exit rows shows its own exit as one more row; alone, at the middle of the block's side.
    const rows = own && exits.length ? [...exits, own] : exits
    rows.forEach((key, j) => handles.push(handle(key, 'source', WIDTH - 9, top + BLOCK + 4 + j * EXIT, 10)))
    if (own && !exits.length) handles.push(handle(own, 'source', WIDTH - 2, top + BLOCK / 2 - 5, 10))
    top += BLOCK + rows.length * EXIT + GAP
  })
  return { ...node, handles, initialWidth: WIDTH, initialHeight: top - GAP + PADDING }
}

/** The node as measured: an estimate left on it would replace the measured connection points each time it changes. */
export const measured = <T extends Node>({ handles, initialWidth, initialHeight, ...node }: T): T => node as T
