// How the editor draws Typebot's elements and leaves, and how it shows `{{variables}}` inside the text.
import type { CSSProperties } from 'react'
import type { NodeEntry, Range } from 'slate'
import { Text } from 'slate'
import type { RenderElementProps, RenderLeafProps } from 'slate-react'
import { linkAddress } from './commands.js'

const block: CSSProperties = { margin: 0 }

/** Links show their address only when it is one the link form would accept (an imported `javascript:` is not). */
export const renderElement = ({ element, attributes, children }: RenderElementProps) => {
  switch (element.type) {
    case 'a':
      return (
        <a
          {...attributes}
          href={typeof element.url === 'string' ? linkAddress(element.url) : undefined}
          style={{ color: 'var(--mantine-color-anchor)' }}
        >
          {children}
        </a>
      )
    case 'ul':
      return (
        <ul {...attributes} style={{ ...block, paddingInlineStart: 24 }}>
          {children}
        </ul>
      )
    case 'ol':
      return (
        <ol {...attributes} style={{ ...block, paddingInlineStart: 24 }}>
          {children}
        </ol>
      )
    case 'li':
      return <li {...attributes}>{children}</li>
    case 'p':
      return (
        <p {...attributes} style={block}>
          {children}
        </p>
      )
    default:
      // `lic` (a list item's line) and kinds the toolbar does not make (headings, quotes) keep their text as lines.
      return <div {...attributes}>{children}</div>
  }
}

const VARIABLE = /\{\{[^{}]+\}\}/g

/** Ranges of `{{name}}` tokens, drawn as chips; decorations are never saved. */
export const decorateVariables = ([node, path]: NodeEntry): Range[] => {
  if (!Text.isText(node)) return []
  return Array.from(node.text.matchAll(VARIABLE), (match) => ({
    anchor: { path, offset: match.index },
    focus: { path, offset: match.index + match[0].length },
    variable: true,
  }))
}

export const renderLeaf = ({ leaf, attributes, children }: RenderLeafProps) => {
  let out = children
  if (leaf.bold) out = <strong>{out}</strong>
  if (leaf.italic) out = <em>{out}</em>
  if (leaf.underline) out = <u>{out}</u>
  const variable = (leaf as { variable?: boolean }).variable
  return (
    <span
      {...attributes}
      style={variable ? { color: 'var(--mantine-color-orange-8)', background: 'var(--mantine-color-orange-0)', borderRadius: 4 } : undefined}
    >
      {out}
    </span>
  )
}
