// Rich text of text bubbles (Slate/Plate trees): variable templating (reference 3.10) and serialization to
// Markdown (`textBubbleContentFormat: "markdown"`) and plain text.
import type { RichTextNode } from '../contract/bot/blocks/shared.js'
import type { Variable } from '../contract/bot/common.js'
import { markdownToRichText } from './markdown.js'
import type { CodeEvaluator } from './types.js'
import { parseVariables } from './variables.js'

type Leaf = RichTextNode & { text: string }
type Templating = { variables: Variable[]; evaluate?: CodeEvaluator }

/** `{{= code =}}` or `{{name}}`, inline code first so its inner `{{var}}` is not taken alone. */
const TOKEN = /\{\{=.+?=\}\}|\{\{[^{}]+\}\}/gs
/** Marks of the surrounding text that a variable's value inherits. */
const INHERITED_MARKS = ['bold', 'italic', 'underline'] as const
/** Elements that live inside a line; every other element is a block. */
const INLINE_ELEMENTS = new Set(['a', 'img'])

const isLeaf = (node: RichTextNode): node is Leaf => typeof node.text === 'string'
const childrenOf = (node: RichTextNode): RichTextNode[] => node.children ?? []
const isInline = (node: RichTextNode) => isLeaf(node) || INLINE_ELEMENTS.has(node.type ?? '')

const tokenValue = (token: string, { variables, evaluate }: Templating) => parseVariables(token, variables, { evaluate })

const isSingleToken = (text: string) => {
  const matches = [...text.matchAll(TOKEN)]
  return matches.length === 1 && matches[0][0] === text
}

const inheritedMarks = (leaf: Leaf) => Object.fromEntries(INHERITED_MARKS.filter((mark) => leaf[mark]).map((mark) => [mark, true]))

/** The value's own marks win over the inherited ones. */
const withMarks = (nodes: RichTextNode[], marks: Record<string, unknown>): RichTextNode[] =>
  nodes.map((node) => (isLeaf(node) ? { ...marks, ...node } : { ...node, children: withMarks(childrenOf(node), marks) }))

/** Blocks flattened into one line's content: block boundaries become `\n`, links are kept. */
const toInline = (blocks: RichTextNode[]): RichTextNode[] => {
  const out: RichTextNode[] = []
  const push = (node: RichTextNode) => {
    const last = out.at(-1)
    // Consecutive breaks (an empty paragraph between two lines) share one leaf, as in Typebot's output.
    if (node.text === '\n' && last && Object.keys(last).length === 1 && /^\n+$/.test(last.text ?? '')) last.text += '\n'
    else if (node.text !== '') out.push(node)
  }
  blocks.forEach((node, i) => {
    if (i > 0) push({ text: '\n' })
    if (isInline(node)) push(node)
    else if (childrenOf(node).every(isInline)) childrenOf(node).forEach(push)
    else toInline(childrenOf(node)).forEach(push)
  })
  return out
}

const templateLeaf = (leaf: Leaf, templating: Templating): RichTextNode[] => {
  const out: RichTextNode[] = []
  let last = 0
  for (const match of leaf.text.matchAll(TOKEN)) {
    if (match.index > last) out.push({ ...leaf, text: leaf.text.slice(last, match.index) })
    out.push(...toInline(withMarks(markdownToRichText(tokenValue(match[0], templating)), inheritedMarks(leaf))))
    last = match.index + match[0].length
  }
  if (last === 0) return [leaf]
  if (last < leaf.text.length) out.push({ ...leaf, text: leaf.text.slice(last) })
  return out
}

const templateNode = (node: RichTextNode, templating: Templating): RichTextNode[] => {
  if (isLeaf(node)) return templateLeaf(node, templating)
  const children = childrenOf(node)
  const only = children.length === 1 ? children[0] : undefined
  // A block holding just one variable is replaced by the blocks of its Markdown value (links stay inline).
  if (node.type !== 'a' && only && isLeaf(only) && isSingleToken(only.text)) {
    return withMarks(markdownToRichText(tokenValue(only.text, templating)), inheritedMarks(only))
  }
  const templated = children.flatMap((child) => templateNode(child, templating))
  return [
    {
      ...node,
      ...(typeof node.url === 'string' && { url: parseVariables(node.url, templating.variables, { evaluate: templating.evaluate }) }),
      children: templated.length > 0 ? templated : [{ text: '' }],
    },
  ]
}

/**
 * Substitutes `{{variables}}` and `{{= code =}}` in a rich-text tree. Values are Markdown: a block holding only a
 * variable becomes the value's blocks; a variable inside other text becomes the value's text and links, on one
 * line-broken run, with the surrounding bold/italic/underline. Link URLs are templated as plain text.
 */
export const templateRichText = (richText: RichTextNode[], variables: Variable[], evaluate?: CodeEvaluator): RichTextNode[] =>
  richText.flatMap((node) => templateNode(node, { variables, evaluate }))

// Markdown conventions follow Typebot's serializer: `**bold**`, `_italic_`, `~~strike~~`, `` `code` ``, underline
// dropped, `*` bullets, `1.` numbers, each paragraph on its own line (empty paragraphs make the blank lines).

const MARKS = [
  ['italic', '_'],
  ['bold', '**'],
  ['strikethrough', '~~'],
] as const

/** Delimiters hug the text: surrounding spaces stay outside, where Markdown requires them. */
const wrap = (text: string, delimiter: string) => {
  const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? ['', '', text, '']
  return core ? `${before}${delimiter}${core}${delimiter}${after}` : text
}

const runLength = (leaves: Leaf[], from: number, mark: string) => {
  let end = from
  while (end < leaves.length && leaves[end][mark]) end++
  return end - from
}

/** Serializes adjacent leaves, opening the longest-running mark first so shared marks are written once. */
const leavesToMarkdown = (leaves: Leaf[], open: readonly (typeof MARKS)[number][] = MARKS): string => {
  let out = ''
  for (let i = 0; i < leaves.length; ) {
    const active = open.filter(([mark]) => leaves[i][mark])
    if (active.length === 0) {
      const run = runLength(leaves, i, 'code') || 1
      const text = leaves
        .slice(i, i + run)
        .map((leaf) => leaf.text)
        .join('')
      out += leaves[i].code ? wrap(text, '`') : text
      i += run
      continue
    }
    const [outer] = active.toSorted((a, b) => runLength(leaves, i, b[0]) - runLength(leaves, i, a[0]))
    const run = runLength(leaves, i, outer[0])
    out += wrap(
      leavesToMarkdown(
        leaves.slice(i, i + run),
        open.filter((m) => m !== outer),
      ),
      outer[1],
    )
    i += run
  }
  return out
}

const inlineToMarkdown = (nodes: RichTextNode[]): string => {
  let out = ''
  for (let i = 0; i < nodes.length; ) {
    const node = nodes[i]
    if (isLeaf(node)) {
      let end = i
      while (end < nodes.length && isLeaf(nodes[end])) end++
      out += leavesToMarkdown(nodes.slice(i, end) as Leaf[])
      i = end
      continue
    }
    const text = inlineToMarkdown(childrenOf(node))
    const url = typeof node.url === 'string' ? node.url : ''
    if (node.type === 'a') out += text === url && /^https?:\/\//i.test(url) ? url : `[${text}](${url})`
    else if (node.type === 'img') out += `![${typeof node.alt === 'string' ? node.alt : ''}](${url})`
    else out += text
    i++
  }
  return out
}

type Serialized = { markdown: string; isParagraph: boolean }

const indent = (text: string, prefix: string, rest: string) =>
  text
    .split('\n')
    .map((line, i) => (i === 0 ? prefix + line : line && rest + line))
    .join('\n')

const listToMarkdown = (list: RichTextNode): string =>
  childrenOf(list)
    .map((item, i) => {
      const marker = list.type === 'ol' ? `${i + 1}.` : '*'
      const content = blocksToMarkdown(isLeaf(item) ? [item] : childrenOf(item))
      return content ? indent(content, `${marker} `, ' '.repeat(marker.length + 1)) : marker
    })
    .join('\n')

const blockToMarkdown = (node: RichTextNode): Serialized => {
  const type = node.type ?? ''
  const heading = /^h([1-6])$/.exec(type)
  if (heading) return { markdown: `${'#'.repeat(Number(heading[1]))} ${inlineToMarkdown(childrenOf(node))}`, isParagraph: false }
  switch (type) {
    case 'ul':
    case 'ol':
      return { markdown: listToMarkdown(node), isParagraph: false }
    case 'blockquote':
      return { markdown: indent(blocksToMarkdown(childrenOf(node)), '> ', '> ').replace(/^$/gm, '>'), isParagraph: false }
    case 'code_block': {
      const code = childrenOf(node)
        .map((line) => inlineText(line))
        .join('\n')
      return { markdown: `\`\`\`${typeof node.lang === 'string' ? node.lang : ''}\n${code}\n\`\`\``, isParagraph: false }
    }
    case 'hr':
      return { markdown: '***', isParagraph: false }
    default:
      return { markdown: inlineToMarkdown(childrenOf(node)), isParagraph: true }
  }
}

const KNOWN_BLOCKS = /^(p|lic|h[1-6]|ul|ol|blockquote|code_block|hr)$/

/** Leaves and links at block level form a paragraph; unknown wrappers of blocks (legacy `variable`) are unwrapped. */
const toBlocks = (nodes: RichTextNode[]): RichTextNode[] => {
  const blocks: RichTextNode[] = []
  let line: RichTextNode[] | undefined
  for (const node of nodes) {
    if (isInline(node)) {
      if (!line) blocks.push({ type: 'p', children: (line = []) })
      line.push(node)
      continue
    }
    line = undefined
    if (KNOWN_BLOCKS.test(node.type ?? '') || childrenOf(node).every(isInline)) blocks.push(node)
    else blocks.push(...toBlocks(childrenOf(node)))
  }
  return blocks
}

/** Typebot's stringifier puts a single line break next to a paragraph and a blank line between other blocks. */
const blocksToMarkdown = (nodes: RichTextNode[]): string => {
  let out = ''
  let previous: Serialized | undefined
  for (const block of toBlocks(nodes).map(blockToMarkdown)) {
    if (previous) out += previous.isParagraph || block.isParagraph ? '\n' : '\n\n'
    out += block.markdown
    previous = block
  }
  return out
}

/** Serializes a (templated) rich-text tree to Markdown; one trailing line break is dropped, as Typebot does. */
export const richTextToMarkdown = (richText: RichTextNode[]): string => blocksToMarkdown(richText).replace(/\n$/, '')

const inlineText = (node: RichTextNode): string => (isLeaf(node) ? node.text : childrenOf(node).map(inlineText).join(''))

const plainText = (node: RichTextNode): string =>
  isInline(node) || childrenOf(node).every(isInline) ? inlineText(node) : childrenOf(node).map(plainText).join('\n')

/** The text of a rich-text tree without formatting, one line per block (transcripts, typing delays). */
export const richTextToPlainText = (richText: RichTextNode[]): string => richText.map(plainText).join('\n')
