// What the engine needs from outside for a turn: the ports, the bots, credentials, files and the turn's limits.
import type { CompiledBot } from './compile.js'
import type { StoredCredentials } from './kinds.js'
import type { SessionState } from './state.js'
import type { ChatFiles, Runtime } from './types.js'

export type EngineLimits = {
  /** Blocks a single turn may run before it is cut off (input-less loops). */
  maxSteps: number
  /** Wall-clock budget of a turn, in milliseconds. */
  maxMillis: number
}

export type EngineDeps = {
  runtime: Runtime
  /** The compiled bot of a snapshot (from a cache); undefined when it no longer exists. */
  getBot(snapshotId: string): Promise<CompiledBot | undefined>
  /** A bot of the session's workspace, as a Typebot link runs it (published version, or the draft in preview). */
  linkedBot(botId: string, state: SessionState): Promise<CompiledBot | undefined>
  /** Decrypted credentials of the session's workspace. */
  credentials(credentialsId: string, state: SessionState): Promise<StoredCredentials | undefined>
  files: ChatFiles
  limits: EngineLimits
}
