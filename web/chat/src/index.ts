// Public API: window.Parley in the script build, the same named exports in the ESM build (@parley/chat).
import { defineElements, mounted, type ParleyElement } from './element.js'
import type { Mode, WidgetOptions } from './options.js'

export type { WidgetOptions } from './options.js'

defineElements()

const create = (mode: Mode, options: WidgetOptions, parent: HTMLElement) => {
  const el = document.createElement(`parley-${mode}`) as ParleyElement
  el.options = options
  parent.append(el)
  return el
}

/** Renders the chat inline: into `element` (or the page's first <parley-standard>, or a new one at the end of body). */
export const initStandard = (options: WidgetOptions): ParleyElement => {
  const target = options.element ?? document.querySelector<HTMLElement>('parley-standard')
  if (target && target.tagName === 'PARLEY-STANDARD') {
    ;(target as ParleyElement).options = options
    return target as ParleyElement
  }
  return create('standard', options, target ?? document.body)
}

/** A popup: replaces the page's popup of the same `id` (or the one without an id), so several can live side by side. */
export const initPopup = (options: WidgetOptions) => {
  unmountMode('popup', options.id)
  return create('popup', options, document.body)
}

export const initBubble = (options: WidgetOptions) => {
  unmountMode('bubble', options.id)
  return create('bubble', options, document.body)
}

/** Which chat a command is for: an id (`'sales'`, or Typebot's `{ id: 'sales' }`); none: every chat on the page. */
export type Target = string | { id?: string } | undefined
const idOf = (target: Target) => (typeof target === 'string' ? target : target?.id)

const each = (f: (el: ParleyElement) => void, target?: Target) => {
  const id = idOf(target)
  for (const el of [...mounted]) if (id === undefined || el.instanceId === id) f(el)
}
const unmountMode = (mode: Mode, id: string | undefined) => each((el) => el.mode === mode && el.instanceId === id && el.remove())

export const open = (target?: Target) => each((el) => el.open(), target)
export const close = (target?: Target) => each((el) => el.close(), target)
export const toggle = (target?: Target) => each((el) => el.toggle(), target)
export const setPrefilledVariables = (variables: Record<string, unknown>, target?: Target) =>
  each((el) => el.setPrefilledVariables(variables), target)
export const setInputValue = (value: string, target?: Target) => each((el) => el.setInputValue(value), target)
export const sendCommand = (command: string, target?: Target) => each((el) => el.sendCommand(command), target)
export const unmount = (target?: Target) => each((el) => el.remove(), target)
