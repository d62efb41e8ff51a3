// What the toolbar and the shortcuts do to the editor: marks, links, lists and variables. Pure Slate, so the same
// functions run headless in the tests.
import { Editor, Element, type Location, type Node, Range, Transforms } from 'slate'
import { LIST_TYPES, type ListType, type Mark, type RichTextElement } from './shape.js'

export const isMarkActive = (editor: Editor, mark: Mark): boolean => Editor.marks(editor)?.[mark] === true

/** Sets or clears a mark on the selection; clearing removes the key (Typebot's leaves never hold `false`). */
export const toggleMark = (editor: Editor, mark: Mark) => {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

const ofType = (type: string) => (node: Node) => Element.isElement(node) && node.type === type

/** The link around the selection, with its path. */
export const activeLink = (editor: Editor) => {
  if (!editor.selection) return undefined
  const [entry] = Editor.nodes<RichTextElement>(editor, { match: ofType('a') })
  return entry ? { url: typeof entry[0].url === 'string' ? entry[0].url : '', path: entry[1] } : undefined
}

/**
 * Links the selection to `url`: an existing link gets the new address; selected text becomes the link's text; at a
 * bare cursor the address itself is inserted as the link's text.
 */
export const setLink = (editor: Editor, url: string, at: Location | null = editor.selection) => {
  if (!at) return
  Transforms.select(editor, at)
  const link = activeLink(editor)
  if (link) Transforms.setNodes(editor, { url }, { at: link.path })
  else if (Range.isCollapsed(editor.selection!)) Transforms.insertNodes(editor, { type: 'a', url, children: [{ text: url }] })
  else Transforms.wrapNodes(editor, { type: 'a', url, children: [] }, { split: true })
}

export const removeLink = (editor: Editor, at: Location | null = editor.selection) => {
  if (!at) return
  Transforms.unwrapNodes(editor, { at, match: ofType('a') })
}

/** The list (bulleted or numbered) the selection's first line is in. */
export const activeList = (editor: Editor): ListType | undefined => {
  if (!editor.selection) return undefined
  const [entry] = Editor.nodes<RichTextElement>(editor, {
    match: (node) => Element.isElement(node) && (LIST_TYPES as readonly string[]).includes(node.type),
    mode: 'lowest',
  })
  return entry?.[0].type as ListType | undefined
}

const isListItemContent = ofType('lic')
const isTopBlock = (editor: Editor) => (node: Node) => Element.isElement(node) && Editor.isBlock(editor, node) && !editor.isInline(node)

/**
 * Turns the selected lines into a list of `type` (Typebot's shape: `ul|ol > li > lic > text`), switches a list to the
 * other kind, or turns the list's lines back into paragraphs when it is already of that kind.
 */
export const toggleList = (editor: Editor, type: ListType) => {
  if (!editor.selection) return
  const current = activeList(editor)
  Editor.withoutNormalizing(editor, () => {
    if (current === type) {
      Transforms.setNodes(editor, { type: 'p' }, { match: isListItemContent })
      Transforms.unwrapNodes(editor, { match: ofType('li'), split: true })
      Transforms.unwrapNodes(editor, { match: ofType(type), split: true })
    } else if (current) {
      Transforms.setNodes(editor, { type }, { match: ofType(current), mode: 'lowest' })
    } else {
      // One item per line: wrapNodes would put every matched line into a single wrapper.
      const lines = Array.from(Editor.nodes(editor, { match: isTopBlock(editor), mode: 'lowest' }), ([, path]) => Editor.pathRef(editor, path))
      for (const line of lines) {
        Transforms.setNodes(editor, { type: 'lic' }, { at: line.current! })
        Transforms.wrapNodes(editor, { type: 'li', children: [] }, { at: line.current! })
        line.unref()
      }
      Transforms.wrapNodes(editor, { type, children: [] }, { match: ofType('li'), mode: 'highest' })
    }
  })
}

/** Writes `{{name}}` at the cursor (replacing a selection), as Typebot's variable picker does. */
export const insertVariable = (editor: Editor, name: string, at: Location | null = editor.selection) => {
  if (!at) return
  Transforms.select(editor, at)
  Transforms.insertText(editor, `{{${name}}}`)
}

const LINK_SCHEMES = /^(https?|mailto|tel|sms):/i
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i

/**
 * The address a link gets from what was typed: web, mail, phone and SMS addresses (the schemes Typebot's editor
 * accepts) and addresses starting with a `{{variable}}`; a bare host gets `https://`. Other schemes (`javascript:`)
 * give undefined.
 */
export const linkAddress = (input: string): string | undefined => {
  const url = input.trim()
  if (!url) return undefined
  if (LINK_SCHEMES.test(url) || url.startsWith('{{')) return url
  return ANY_SCHEME.test(url) && !/^[^:]+:\d/.test(url) ? undefined : `https://${url}`
}
