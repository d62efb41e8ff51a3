// The Slate editor of text bubbles, built in one place so the component and the round-trip tests run the very same
// plugins and normalisation.
import { createEditor, type Editor, Element, type NodeEntry, Transforms } from 'slate'
import { withHistory } from 'slate-history'
import { withReact } from 'slate-react'
import { INLINE_TYPES } from './shape.js'

/** Links are inline; a paragraph split in two (Enter) must not leave Plate's node `id` on both halves. */
const withTypebotShapes = (editor: Editor): Editor => {
  const { isInline, normalizeNode } = editor
  editor.isInline = (element) => INLINE_TYPES.has(element.type) || isInline(element)
  editor.normalizeNode = (entry: NodeEntry, options) => {
    const [node, path] = entry
    if (path.length === 1 && Element.isElement(node) && node.id !== undefined && path[0] > 0) {
      const previous = editor.children[path[0] - 1]
      if (Element.isElement(previous) && previous.id === node.id) {
        Transforms.unsetNodes(editor, 'id', { at: path })
        return
      }
    }
    normalizeNode(entry, options)
  }
  return editor
}

export const createRichTextEditor = (): Editor => withTypebotShapes(withHistory(withReact(createEditor())))
