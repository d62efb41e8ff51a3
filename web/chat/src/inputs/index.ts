// Input `type` (as the chat API sends it) → the component that renders it. Each kind lives in its own module.
import { ButtonsInput } from './buttons.js'
import { TextInput } from './text.js'
import type { InputComponent } from './types.js'

export const inputs: Record<string, InputComponent> = {
  'text input': TextInput,
  'choice input': ButtonsInput,
}
