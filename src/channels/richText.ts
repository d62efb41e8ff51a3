// A text bubble's rich text as a messaging app shows it: paragraphs as lines, lists as numbered or starred lines,
// marks and links in the app's own syntax (WhatsApp's *bold*, Telegram's HTML).
import type { RichTextNode } from '../contract/bot/blocks/shared.js'

export type TextStyle = {
  escape(text: string): string
  bold(text: string): string
  italic(text: string): string
  strike(text: string): string
  underline(text: string): string
  code(text: string): string
  link(text: string, url: string): string
}

type Node = RichTextNode & Record<string, unknown>
const childrenOf = (node: Node): Node[] => (Array.isArray(node.children) ? (node.children as Node[]) : [])
const isLeaf = (node: Node) => typeof node.text === 'string' && !Array.isArray(node.children)

const leaf = (node: Node, style: TextStyle): string => {
  const raw = node.text as string
  if (!raw) return ''
  // Marks go around the words, not the spaces next to them: `*bold *` is not bold on WhatsApp.
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(raw)!
  if (!core) return style.escape(raw)
  let out = style.escape(core)
  if (node.code) out = style.code(out)
  if (node.underline) out = style.underline(out)
  if (node.strikethrough) out = style.strike(out)
  if (node.italic) out = style.italic(out)
  if (node.bold) out = style.bold(out)
  return style.escape(lead) + out + style.escape(trail)
}

const inline = (nodes: Node[], style: TextStyle): string =>
  nodes
    .map((node) => {
      if (isLeaf(node)) return leaf(node, style)
      const text = inline(childrenOf(node), style)
      if (node.type === 'a' && typeof node.url === 'string') return style.link(text, node.url)
      return text
    })
    .join('')

const block = (node: Node, style: TextStyle): string => {
  if (isLeaf(node)) return leaf(node, style)
  const children = childrenOf(node)
  if (node.type === 'ul' || node.type === 'ol') {
    return children.map((item, i) => `${node.type === 'ol' ? `${i + 1}.` : '*'} ${blocks(childrenOf(item).length ? [item] : [], style)}`).join('\n')
  }
  if (node.type === 'li' || node.type === 'lic') return blocks(children, style)
  if (children.every((c) => isLeaf(c) || c.type === 'a' || c.type === 'inline-variable' || c.type === 'variable')) return inline(children, style)
  return blocks(children, style)
}

const blocks = (nodes: Node[], style: TextStyle): string => nodes.map((n) => block(n, style)).join('\n')

/** The rich text of a text bubble in a messaging app's syntax, without trailing blank lines. */
export const richTextIn = (richText: RichTextNode[], style: TextStyle): string => blocks(richText as Node[], style).replace(/\s+$/, '')
