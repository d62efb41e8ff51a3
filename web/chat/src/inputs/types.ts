// The contract every input component follows (agreed in the issue 13 layout): one Preact component per input kind.
import type { JSX } from 'preact'

export type Reply = {
  message: { type: 'text'; text: string; attachedFileUrls?: string[] } | { type: 'audio'; url: string }
  /** What the user bubble shows, when it differs from the text sent. */
  label?: string
}

export type InputProps = {
  /** The `input` of the chat response, as the server sent it. */
  input: any
  /** The bot's theme (after dynamic theme overrides). */
  theme: any
  submit(reply: Reply): void
  skip(label?: string): void
  /** Uploads a file through the upload endpoint and resolves to its URL. */
  upload(file: File, onProgress: (fraction: number) => void): Promise<string>
  disabled: boolean
}

export type InputComponent = (props: InputProps) => JSX.Element | null
