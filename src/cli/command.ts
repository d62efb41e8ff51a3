// What a `parley` command is: a name, a one-line summary for the command list, its usage text, and what it runs.
import { parseArgs, type ParseArgsConfig } from 'node:util'

export type Command = {
  name: string
  summary: string
  /** The full help of the command (`parley help NAME`, `parley NAME --help`, and after a misuse). */
  usage: string
  /** Resolves to the exit code; a UsageError prints the usage and exits 2, a CommandError its message and exits 1. */
  run(args: string[]): Promise<number>
}

/** A mistake in how the command was called: the message, then the command's usage, exit code 2. */
export class UsageError extends Error {}

/** A failure the user can fix (no such user, ambiguous workspace…): the message alone, exit code 1. */
export class CommandError extends Error {}

/** parseArgs that turns its errors (unknown option, missing value) into UsageErrors. */
export const parseOptions = <T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, allowPositionals = false) => {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true })
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err))
  }
}
