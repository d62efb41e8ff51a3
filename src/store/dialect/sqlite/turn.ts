// SQLite runs the hand-written statements as they are (`?` placeholders). It has no one-statement turns: every turn
// goes through the group commit of chats.ts, where one transaction (one fsync) serves the turns that arrived
// together, and a statement costs no round trip (the driver runs in this process).
import { CompiledQuery } from 'kysely'

export const raw = (text: string, parameters: readonly unknown[]): CompiledQuery => CompiledQuery.raw(text, parameters as unknown[])

export const inOneStatement = (): boolean => false

export const turnsStatement = (): never => {
  throw new Error('SQLite stores turns in group-commit transactions (inOneStatement is false)')
}
