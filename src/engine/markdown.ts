// Markdown → rich text, the way Typebot turns variable values into text-bubble content: CommonMark without GFM
// (its remark-based converter enables no extension), into the element types its editor and clients know.
import type { ListItem, PhrasingContent, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import type { RichTextNode } from '../contract/bot/blocks/shared.js'

type Marks = { [mark: string]: true }

const emptyParagraph = (): RichTextNode => ({ type: 'p', children: [{ text: '' }] })

/** Slate wants at least one child per element. */
const nonEmpty = (children: RichTextNode[]): RichTextNode[] => (children.length > 0 ? children : [{ text: '' }])

/** Typebot renders raw HTML as text, except `<br>` line breaks. */
const htmlText = (html: string) => html.replaceAll('<br />', '\n').replaceAll('<br>', '\n')

const inline = (nodes: PhrasingContent[], marks: Marks): RichTextNode[] =>
  nodes.flatMap((node): RichTextNode[] => {
    switch (node.type) {
      case 'text':
        return [{ ...marks, text: node.value }]
      case 'strong':
        return inline(node.children, { ...marks, bold: true })
      case 'emphasis':
        return inline(node.children, { ...marks, italic: true })
      case 'inlineCode':
        return [{ ...marks, code: true, text: node.value }]
      case 'break':
        return [{ text: '\n' }]
      case 'html':
        return [{ ...marks, text: htmlText(node.value) }]
      case 'link':
        return [{ type: 'a', url: node.url, children: nonEmpty(inline(node.children, marks)) }]
      case 'linkReference':
        return inline(node.children, marks)
      case 'image':
        return [{ type: 'img', url: node.url, ...(node.alt && { alt: node.alt }), children: [{ text: '' }] }]
      default:
        return []
    }
  })

const listItem = (item: ListItem): RichTextNode => {
  const children = item.children.flatMap((child) =>
    child.type === 'paragraph' ? [{ type: 'lic', children: nonEmpty(inline(child.children, {})) }] : block(child),
  )
  if (!children.some((child) => child.type === 'lic')) children.unshift({ type: 'lic', children: [{ text: '' }] })
  return { type: 'li', children }
}

const block = (node: RootContent): RichTextNode[] => {
  switch (node.type) {
    case 'paragraph':
      return [{ type: 'p', children: nonEmpty(inline(node.children, {})) }]
    case 'heading':
      return [{ type: `h${node.depth}`, children: nonEmpty(inline(node.children, {})) }]
    case 'blockquote':
      return [{ type: 'blockquote', children: nonEmpty(node.children.flatMap(block)) }]
    case 'list':
      return [{ type: node.ordered ? 'ol' : 'ul', children: node.children.map(listItem) }]
    case 'code':
      return [
        {
          type: 'code_block',
          ...(node.lang && { lang: node.lang }),
          children: node.value.split('\n').map((line) => ({ type: 'code_line', children: [{ text: line }] })),
        },
      ]
    case 'thematicBreak':
      return [{ type: 'hr', children: [{ text: '' }] }]
    case 'html':
      return [{ type: 'p', children: [{ text: htmlText(node.value) }] }]
    default:
      return []
  }
}

/** No character that Markdown gives a meaning to, and no line break. */
const PLAIN = /^[^\\`*_[\]#<>!|~&\n\r]*$/
/** Starts like a block construct: indentation (code), a list item, a heading underline or a quote. */
const BLOCK_START = /^(\s|\d+[.)]|[-+=>])/

/**
 * Converts Markdown to rich-text blocks. An editor paragraph is one line, so every blank line between two
 * top-level blocks becomes an empty paragraph (as Typebot does); an empty text gives no block at all.
 */
export const markdownToRichText = (markdown: string): RichTextNode[] => {
  // Most variable values are plain words: when nothing in them could be Markdown, skip the parser.
  if (PLAIN.test(markdown) && !BLOCK_START.test(markdown)) {
    const text = markdown.trimEnd()
    return text ? [{ type: 'p', children: [{ text }] }] : []
  }
  const { children } = fromMarkdown(markdown)
  return children.flatMap((node, i) => {
    const previousEnd = children[i - 1]?.position?.end.line
    const start = node.position?.start.line
    const blankLines = previousEnd !== undefined && start !== undefined ? start - previousEnd - 1 : 0
    return [...Array.from({ length: blankLines }, emptyParagraph), ...block(node)]
  })
}
