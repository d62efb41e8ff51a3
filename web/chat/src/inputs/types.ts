// The contract every input component follows (agreed in the issue 13 layout): one Preact component per input kind.
import type { JSX } from 'preact'
import type { ChatInput } from '../../../../src/blocks/wire.js'
import type { Theme } from '../../../../src/contract/bot/common.js'

export type Reply = {
  message: { type: 'text'; text: string; attachedFileUrls?: string[] } | { type: 'audio'; url: string }
  /** What the user bubble shows, when it differs from the text sent. */
  label?: string
}

/** What a component of the input kind `T` takes (any kind's input when `T` is not given). */
export type InputProps<T extends ChatInput['type'] = ChatInput['type']> = {
  /** The `input` of the chat response, as the server's kind prepared it. */
  input: Extract<ChatInput, { type: T }>
  /** The bot's theme (after dynamic theme overrides). */
  theme: Theme
  submit(reply: Reply): void
  skip(label?: string): void
  /** Uploads a file through the upload endpoint and resolves to its URL. */
  upload(file: File, onProgress: (fraction: number) => void): Promise<string>
  disabled: boolean
}

export type InputComponent<T extends ChatInput['type'] = ChatInput['type']> = (props: InputProps<T>) => JSX.Element | null

/** A nested option that may be absent (`null` or missing, as bots store it), as an object whose fields may be absent. */
export const orEmpty = <T extends object>(value: T | null | undefined): Partial<T> => value ?? {}
