// The editor's keyboard shortcuts and clipboard. Keys typed into a field belong to the field (its own undo, its own
// copy); on the canvas: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redo, Delete/Backspace delete the
// selection, Ctrl/Cmd+D duplicate the selected groups, Ctrl/Cmd+S save now, Escape close the block's settings
// (from the canvas or from a field of the settings).
// Copy/paste go through the system clipboard as JSON text, so groups paste into another bot (another tab too).
import { useEffect, useRef } from 'react'
import { cutFragment, duplicateGroups, parseFragment, pasteFragment } from './doc/fragment.js'
import type { History } from './doc/history.js'
import type { Point } from './doc/ops.js'
import { removeBlocks, removeEdges, removeGroups } from './doc/ops.js'

const notText = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'])

/** The element the key really went to: inside the preview's shadow root, not the widget's host element. */
const origin = (e: Event) => e.composedPath()[0] ?? e.target

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    (target instanceof HTMLInputElement && !notText.has(target.type)))

// Dialogs and menus (Mantine portals) keep their keys, and so does the preview's chat.
const elsewhere = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('[role="dialog"], [role="menu"], parley-standard'))

const ignored = (e: Event) => {
  const target = origin(e)
  return typing(target) || elsewhere(target) || elsewhere(e.target)
}

/**
 * Escape typed in a field of the block's settings closes them, as it does on the canvas — unless the field used it
 * (a list it opened, a dialog of its own).
 */
const leavesPanel = (e: KeyboardEvent) => {
  const target = origin(e)
  return (
    !e.defaultPrevented &&
    typing(target) &&
    !elsewhere(target) &&
    target instanceof Element &&
    Boolean(target.closest('aside')) &&
    target.getAttribute('aria-expanded') !== 'true'
  )
}

/** Closes the block's settings, and puts the keyboard back on the block (the field it was in is gone). */
const closeBlockPanel = (s: ShortcutState) => {
  const blockId = s.selectedBlockId
  s.clearBlock()
  if (blockId) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(blockId)}"]`)?.focus())
}

export type ShortcutState = {
  /** Off while the canvas is not shown (theme and settings views). */
  active: boolean
  history: History
  readOnly: boolean
  /** Node and edge ids selected on the canvas, read when a key is pressed. */
  selection: () => Set<string>
  selectedBlockId: string | null
  clearBlock: () => void
  save: () => void
  /** Where pasted groups go (the middle of the visible canvas). */
  pastePoint: () => Point
}

export const useShortcuts = (state: ShortcutState) => {
  // Listeners are attached once and read the latest state.
  const ref = useRef(state)
  ref.current = state
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = ref.current
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      // Saving works from anywhere (in a field too, rather than the browser's "Save page").
      if (mod && key === 's') {
        e.preventDefault()
        s.save()
        return
      }
      if (key === 'escape' && s.active && s.selectedBlockId && leavesPanel(e)) {
        closeBlockPanel(s)
        return
      }
      if (ignored(e) || !s.active) return
      const { history } = s
      if (s.readOnly) {
        return
      } else if (mod && key === 'z' && !e.shiftKey) {
        e.preventDefault()
        history.undo()
      } else if (mod && ((key === 'z' && e.shiftKey) || key === 'y')) {
        e.preventDefault()
        history.redo()
      } else if (key === 'delete' || key === 'backspace') {
        const bot = history.bot
        if (s.selectedBlockId) {
          e.preventDefault()
          history.change((b) => removeBlocks(b, [s.selectedBlockId!]))
          s.clearBlock()
          return
        }
        const selected = s.selection()
        const groups = bot.groups.filter((g) => selected.has(g.id)).map((g) => g.id)
        const edges = bot.edges.filter((x) => selected.has(x.id)).map((x) => x.id)
        if (groups.length === 0 && edges.length === 0) return
        e.preventDefault()
        history.change((b) => removeGroups(removeEdges(b, edges), groups))
      } else if (mod && key === 'd') {
        const selected = s.selection()
        const groups = history.bot.groups.filter((g) => selected.has(g.id)).map((g) => g.id)
        if (groups.length === 0) return
        e.preventDefault()
        history.change((b) => duplicateGroups(b, groups).bot)
      } else if (key === 'escape') closeBlockPanel(s)
    }
    const onCopy = (e: ClipboardEvent) => {
      const s = ref.current
      if (ignored(e) || !s.active || !e.clipboardData) return
      const selected = s.selection()
      const groups = s.history.bot.groups.filter((g) => selected.has(g.id)).map((g) => g.id)
      if (groups.length === 0) return
      e.preventDefault()
      e.clipboardData.setData('text/plain', JSON.stringify(cutFragment(s.history.bot, groups)))
    }
    const onPaste = (e: ClipboardEvent) => {
      const s = ref.current
      if (s.readOnly || ignored(e) || !s.active || !e.clipboardData) return
      const fragment = parseFragment(e.clipboardData.getData('text/plain'))
      if (!fragment || fragment.groups.length === 0) return
      e.preventDefault()
      const at = s.pastePoint()
      s.history.change((b) => pasteFragment(b, fragment, at).bot)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('copy', onCopy)
    document.addEventListener('paste', onPaste)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('copy', onCopy)
      document.removeEventListener('paste', onPaste)
    }
  }, [])
}
