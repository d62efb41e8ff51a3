// The settings form of text bubbles: the rich-text editor on `content.richText`.
import { useTranslation } from 'react-i18next'
import type { BlockFormProps } from '../types.js'
import { RichTextEditor } from './RichTextEditor.js'
import { type RichTextNode, type TextBubbleContent, withRichText } from './shape.js'

export const TextBubbleForm = ({ block, onChange, ctx }: BlockFormProps) => {
  const { t } = useTranslation()
  const content = block.content as TextBubbleContent | undefined
  return (
    <RichTextEditor
      label={t('Message')}
      value={content?.richText}
      onChange={(richText: RichTextNode[]) => onChange({ ...block, content: withRichText(content, richText) })}
      variables={ctx.variables}
      onCreateVariable={ctx.createVariable}
      readOnly={ctx.readOnly}
    />
  )
}
