// Files that blocks make (speech, QR codes): stored as files of the chat's result, their URL saved in the block's
// variable, like Typebot saves the URL of the file it uploads to its bucket.
import type { ActionResult, BlockContext, BlockLog } from '../../engine/kinds.js'
import type { StoredFile } from '../../engine/types.js'

/**
 * Stores `file` and saves its URL into `variableId`. When storage fails, an error log (after `logs`) names `what`
 * could not be stored and why; the variable keeps its value and the flow goes on.
 */
export const saveMadeFile = async (
  ctx: BlockContext,
  file: StoredFile,
  variableId: string,
  what: string,
  logs: BlockLog[] = [],
): Promise<ActionResult> => {
  const stored = await ctx.storeFile(file)
  if (!stored.ok) return { logs: [...logs, { status: 'error', description: `${what} could not be stored: ${stored.message}` }] }
  return { variableUpdates: [{ variableId, value: stored.url }], ...(logs.length > 0 && { logs }) }
}

/** A provider that accepted the request but sent no audio. */
export const noAudio = (label: string): BlockLog => ({ status: 'error', description: `${label} answered without audio: nothing was stored.` })
