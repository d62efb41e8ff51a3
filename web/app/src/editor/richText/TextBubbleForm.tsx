// The settings form of text bubbles: the rich-text editor on `content.richText`. Other `content` keys are kept,
// except `html` and `plainText`: older Typebot builders wrote them as copies of the rich text, Parley's engine and
// Typebot's newer builders read only `richText`, and a copy left behind an edit would disagree with it, so the first
// edit drops them (a bubble never edited keeps them, since the form then writes nothing).
import type { BlockFormProps } from '../types.js'
import { RichTextEditor } from './RichTextEditor.js'
import type { RichTextNode } from './shape.js'

type TextContent = { richText?: RichTextNode[]; html?: string; plainText?: string; [key: string]: unknown }

export const TextBubbleForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const content = (block.content ?? {}) as TextContent
  return (
    <RichTextEditor
      label="Message"
      value={content.richText}
      onChange={(richText) => {
        const { html: _html, plainText: _plainText, ...rest } = (block.content ?? {}) as TextContent
        onChange({ ...block, content: { ...rest, richText } })
      }}
      variables={ctx.variables}
      onCreateVariable={ctx.createVariable}
      readOnly={ctx.readOnly}
    />
  )
}
