// Undo/redo as a stack of whole bots (changes share untouched parts, so a step costs little). Changes made in a
// burst under the same key (typing in one field, nudging one group) are one step.
import { useCallback, useMemo, useReducer } from 'react'
import type { EditorBot } from '../types.js'

/** A new bot, or a pure function of the current one (so quick successive changes never read a stale bot). */
export type Update = EditorBot | ((bot: EditorBot) => EditorBot)

type State = { past: EditorBot[]; present: EditorBot; future: EditorBot[]; lastKey?: string; lastAt: number }
type Action = { type: 'change'; next: Update; key?: string; at: number } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; bot: EditorBot }

const limit = 200
const burstMs = 1200

const reduce = (state: State, action: Action): State => {
  switch (action.type) {
    case 'change': {
      const next = typeof action.next === 'function' ? action.next(state.present) : action.next
      if (next === state.present) return state
      const burst = action.key !== undefined && action.key === state.lastKey && action.at - state.lastAt < burstMs
      const past = burst ? state.past : [...state.past, state.present].slice(-limit)
      return { past, present: next, future: [], lastKey: action.key, lastAt: action.at }
    }
    case 'undo': {
      const previous = state.past.at(-1)
      if (!previous) return state
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], lastAt: 0 }
    }
    case 'redo': {
      const [next, ...future] = state.future
      if (!next) return state
      return { past: [...state.past, state.present], present: next, future, lastAt: 0 }
    }
    case 'reset':
      return { past: [], present: action.bot, future: [], lastAt: 0 }
  }
}

export const useHistory = (initial: EditorBot) => {
  const [state, dispatch] = useReducer(reduce, { past: [], present: initial, future: [], lastAt: 0 })
  const change = useCallback((next: Update, key?: string) => dispatch({ type: 'change', next, key, at: Date.now() }), [])
  const undo = useCallback(() => dispatch({ type: 'undo' }), [])
  const redo = useCallback(() => dispatch({ type: 'redo' }), [])
  const reset = useCallback((bot: EditorBot) => dispatch({ type: 'reset', bot }), [])
  return useMemo(
    () => ({ bot: state.present, change, undo, redo, reset, canUndo: state.past.length > 0, canRedo: state.future.length > 0 }),
    [state, change, undo, redo, reset],
  )
}
export type History = ReturnType<typeof useHistory>
