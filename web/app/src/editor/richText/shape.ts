// Typebot's rich text (Slate/Plate trees) as the Slate editor holds it, and back. Typebot's trees are already what
// Slate expects except in one way: Slate wants a text node on each side of an inline element (a link), and some
// saved trees end a paragraph with a link and nothing after it. The editor adds those text nodes marked as padding,
// and reading the tree back drops the ones still empty, so a tree the user did not touch comes back as it went in.
import type { BaseEditor, Descendant } from 'slate'
import type { HistoryEditor } from 'slate-history'
import type { ReactEditor } from 'slate-react'
import type { RichTextNode } from '../../../../../src/contract/bot/blocks/shared.js'

export type { RichTextNode }

/** Marks the toolbar edits; other leaf keys Typebot may write (strikethrough, code) are kept as they are. */
const MARKS = ['bold', 'italic', 'underline'] as const
export type Mark = (typeof MARKS)[number]

export const LIST_TYPES = ['ul', 'ol'] as const
export type ListType = (typeof LIST_TYPES)[number]

/** Key flagging a text node the editor added next to an inline element (never saved). */
const PADDING = 'parleyPadding'

/** Elements that live inside a line, as in the engine's renderer (src/engine/richText.ts). */
export const INLINE_TYPES = new Set(['a'])

export type RichTextElement = { type: string; children: Descendant[]; url?: string; [key: string]: unknown }
export type RichTextLeaf = { text: string; bold?: true; italic?: true; underline?: true; [PADDING]?: true; [key: string]: unknown }

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: RichTextElement
    Text: RichTextLeaf
  }
}

const isLeafNode = (node: RichTextNode) => typeof node.text === 'string'
const isInlineNode = (node: { type?: unknown }) => typeof node.type === 'string' && INLINE_TYPES.has(node.type)

/** A new empty bubble: one empty paragraph, as Typebot starts one. */
export const emptyRichText = (): RichTextNode[] => [{ type: 'p', children: [{ text: '' }] }]

const padding = (): RichTextLeaf => ({ text: '', [PADDING]: true })

/**
 * The children Slate needs around inline elements: an element's first and last child are text, and two inline
 * elements never touch. Returns the same array when nothing is missing.
 */
const padInlines = <T extends { type?: unknown; text?: unknown }>(children: T[]): (T | RichTextLeaf)[] => {
  if (!children.some(isInlineNode)) return children
  const out: (T | RichTextLeaf)[] = []
  children.forEach((child, i) => {
    if (isInlineNode(child) && (i === 0 || isInlineNode(children[i - 1]))) out.push(padding())
    out.push(child)
  })
  if (isInlineNode(children.at(-1)!)) out.push(padding())
  return out.length === children.length ? children : out
}

const load = (node: RichTextNode): Descendant => {
  if (isLeafNode(node)) return node as RichTextLeaf
  const children = (node.children ?? []).map(load)
  return { ...node, type: node.type ?? '', children: children.length === 0 ? [padding()] : padInlines(children) } as RichTextElement
}

/** Typebot's tree → the editor's value (never empty: Slate needs a block to put the cursor in). */
export const toEditorValue = (richText: RichTextNode[] | null | undefined): Descendant[] =>
  richText && richText.length > 0 ? richText.map(load) : (emptyRichText() as Descendant[])

const read = (node: Descendant): RichTextNode | undefined => {
  if ('text' in node) {
    if (!node[PADDING]) return node
    if (node.text === '') return undefined
    const { [PADDING]: _, ...leaf } = node
    return leaf
  }
  return { ...node, children: node.children.map(read).filter((child) => child !== undefined) }
}

/** The editor's value → Typebot's tree: padding still empty is dropped, padding typed into becomes a plain leaf. */
export const fromEditorValue = (value: Descendant[]): RichTextNode[] => value.map(read).filter((node) => node !== undefined)

export type TextBubbleContent = { richText?: RichTextNode[]; html?: string; plainText?: string; [key: string]: unknown }

/**
 * A text bubble's content with new rich text. Other keys are kept, except `html` and `plainText`: older Typebot
 * builders wrote them as copies of the rich text, Parley's engine and Typebot's newer builders read only `richText`,
 * and a copy left behind an edit would disagree with it. A bubble never edited keeps them (nothing is written).
 */
export const withRichText = (content: TextBubbleContent | undefined, richText: RichTextNode[]): TextBubbleContent => {
  const { html: _html, plainText: _plainText, ...rest } = content ?? {}
  return { ...rest, richText }
}

/** Whether two trees hold the same nodes (a key order change counts as different: only a wasted reset). */
export const sameTree = (a: RichTextNode[] | null | undefined, b: RichTextNode[] | null | undefined): boolean =>
  JSON.stringify(a ?? emptyRichText()) === JSON.stringify(b ?? emptyRichText())
