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

export const initPopup = (options: WidgetOptions) => {
  unmountMode('popup')
  return create('popup', options, document.body)
}

export const initBubble = (options: WidgetOptions) => {
  unmountMode('bubble')
  return create('bubble', options, document.body)
}

const each = (f: (el: ParleyElement) => void) => [...mounted].forEach(f)
const unmountMode = (mode: Mode) => each((el) => el.mode === mode && el.remove())

export const open = () => each((el) => el.open())
export const close = () => each((el) => el.close())
export const toggle = () => each((el) => el.toggle())
export const setPrefilledVariables = (variables: Record<string, unknown>) => each((el) => el.setPrefilledVariables(variables))
export const setInputValue = (value: string) => each((el) => el.setInputValue(value))
export const sendCommand = (command: string) => each((el) => el.sendCommand(command))
export const unmount = () => each((el) => el.remove())
