// The rich-text editor of text bubbles: Typebot's Slate/Plate JSON in and out, a formatting toolbar, Ctrl/Cmd+B/I/U
// and a variable picker. It reports only the user's changes: mounting, or receiving a new value from outside
// (undo on the canvas, a reload), never calls onChange, and parts the user did not touch come back as they were.
import { Input, Paper } from '@mantine/core'
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Descendant } from 'slate'
import { Editable, Slate } from 'slate-react'
import type { Variable } from '../types.js'
import { toggleMark } from './commands.js'
import { createRichTextEditor } from './editor.js'
import { decorateVariables, renderElement, renderLeaf } from './render.js'
import { fromEditorValue, type Mark, type RichTextNode, sameTree, toEditorValue } from './shape.js'
import { syncSelection } from './syncSelection.js'
import { Toolbar } from './Toolbar.js'

export type RichTextEditorProps = {
  value: RichTextNode[] | null | undefined
  onChange: (next: RichTextNode[]) => void
  /** The bot's variables, offered by the picker. */
  variables: Variable[]
  /** Creates a variable named `name` (or returns the existing one) for the picker. */
  onCreateVariable: (name: string) => Variable
  readOnly?: boolean
  /** Names the text area and its toolbar for screen readers (and is shown above it). */
  label: string
}

const SHORTCUTS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline' }

export const RichTextEditor = ({ value, onChange, variables, onCreateVariable, readOnly = false, label }: RichTextEditorProps) => {
  const { t } = useTranslation()
  const [editor] = useState(createRichTextEditor)
  const [initialValue] = useState(() => toEditorValue(value))
  // The value last given, and the ones emitted since that have not come back yet: a parent may hand back an
  // older emitted value while the next keys are typed (the canvas renders a change a frame later). Only a value
  // never emitted (undo on the canvas, a reload) replaces the text.
  const known = useRef(value)
  const pending = useRef<RichTextNode[][]>([])

  useEffect(() => {
    if (value === known.current) return
    known.current = value
    const echo = value ? pending.current.indexOf(value) : -1
    if (echo !== -1) {
      pending.current = pending.current.slice(echo + 1)
      return
    }
    pending.current = []
    // A parent that copies the tree (an undo stack, a store) gives back what was emitted: the text stays as it is.
    if (sameTree(fromEditorValue(editor.children), value)) return
    editor.children = toEditorValue(value)
    editor.selection = null
    editor.history = { undos: [], redos: [] }
    editor.onChange()
  }, [editor, value])

  const handleValueChange = useCallback(
    (next: Descendant[]) => {
      const richText = fromEditorValue(next)
      pending.current.push(richText)
      onChange(richText)
    },
    [onChange],
  )

  const handleKeyDown = (event: KeyboardEvent): boolean | undefined => {
    const key = event.key.toLowerCase()
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    // Undo and redo inside the text are the text's own (Slate's history): the canvas must not undo a step as well.
    // Returning false lets Slate still handle the keys although propagation stopped.
    if (key === 'z' || key === 'y') {
      event.stopPropagation()
      return false
    }
    const mark = SHORTCUTS[key]
    if (!mark || event.shiftKey) return
    event.preventDefault()
    syncSelection(editor)
    toggleMark(editor, mark)
  }

  return (
    <Input.Wrapper label={label} labelElement="div">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Slate editor={editor} initialValue={initialValue} onValueChange={handleValueChange}>
          {!readOnly && <Toolbar label={label} variables={variables} onCreateVariable={onCreateVariable} />}
          <Editable
            aria-label={label}
            // Slate drops the role when read-only; a guest's screen reader still finds the text by its name.
            role="textbox"
            aria-multiline
            aria-readonly={readOnly || undefined}
            readOnly={readOnly}
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            decorate={decorateVariables}
            onKeyDown={handleKeyDown}
            placeholder={t('Type the message…')}
            style={{ minHeight: 72, padding: '8px 12px', outline: 'none', fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.55 }}
          />
        </Slate>
      </Paper>
    </Input.Wrapper>
  )
}
