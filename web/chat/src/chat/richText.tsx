// Renders the server's rich text (Slate-style nodes, variables already templated) as safe DOM: no HTML strings,
// and links only for http(s) and mailto URLs.
import type { ComponentChildren } from 'preact'
import type { RichTextNode } from '../../../../src/contract/bot/blocks/shared.js'
import { safeUrl } from '../urls.js'

/** A leaf: its text and marks (`bold`, `italic`…: any truthy value sets the mark). */
const leaf = (node: RichTextNode & { text: string }, key: number) => {
  let out: ComponentChildren = node.text
  if (node.bold) out = <strong>{out}</strong>
  if (node.italic) out = <em>{out}</em>
  if (node.underline) out = <u>{out}</u>
  if (node.strikethrough) out = <s>{out}</s>
  if (node.code) out = <code>{out}</code>
  return <span key={key}>{out}</span>
}

const nodes = (list: RichTextNode[] | null | undefined, inline: boolean): ComponentChildren => (list ?? []).map((n, i) => node(n, i, inline))

const isLeaf = (n: RichTextNode): n is RichTextNode & { text: string } => typeof n?.text === 'string'

const node = (n: RichTextNode, key: number, inline: boolean): ComponentChildren => {
  if (isLeaf(n)) return leaf(n, key)
  const children = n?.children
  switch (n?.type) {
    case 'a':
    case 'link': {
      const href = safeUrl(n.url)
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {nodes(children, true)}
        </a>
      ) : (
        <span key={key}>{nodes(children, true)}</span>
      )
    }
    case 'ol':
      return <ol key={key}>{nodes(children, false)}</ol>
    case 'ul':
      return <ul key={key}>{nodes(children, false)}</ul>
    case 'li':
      return <li key={key}>{nodes(children, true)}</li>
    // A templated variable holds paragraphs of its own; they flow inline within the surrounding text.
    case 'variable':
      return <span key={key}>{nodes(children, true)}</span>
    case 'lic':
      return <span key={key}>{nodes(children, true)}</span>
    default:
      return inline ? <span key={key}>{nodes(children, true)}</span> : <p key={key}>{nodes(children, true)}</p>
  }
}

export const RichText = ({ richText }: { richText: RichTextNode[] }) => <>{nodes(richText, false)}</>

/** The plain words of a rich text, for typing-emulation timing. */
export const plainText = (list: RichTextNode[] | null | undefined): string =>
  (list ?? []).map((n) => (typeof n?.text === 'string' ? n.text : plainText(n?.children))).join(' ')
