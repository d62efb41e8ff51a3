// slate-react reads the browser's selection on a throttle (100 ms): a toolbar command clicked right after the user
// moved the cursor would act on the previous selection. Toolbar buttons take the browser's selection first.
import { type Editor, Transforms } from 'slate'
import { ReactEditor } from 'slate-react'

export const syncSelection = (editor: Editor) => {
  if (!ReactEditor.isFocused(editor)) return
  const dom = window.getSelection()
  if (!dom || dom.rangeCount === 0) return
  const range = ReactEditor.toSlateRange(editor, dom, { exactMatch: false, suppressThrow: true })
  if (range) Transforms.select(editor, range)
}
