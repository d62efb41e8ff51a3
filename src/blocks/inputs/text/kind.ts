// Free text: any text is accepted; a voice message is answered with its URL. Files attached to the reply and voice
// clips are also saved into their own variables when the block asks for it.
import type { BlockContext, InputKind } from '../../../engine/kinds.js'
import type { UserReply, VariableUpdate } from '../../../engine/types.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import type { TextInputBlock, TextInputPrepared } from './schema.js'
import { prepareWithPrefill } from '../../shared/inputs.js'

/** The attachments (appended when the variable already holds a list: loops collect them) and the voice clip's URL. */
const mediaUpdates = (block: TextInputBlock, reply: UserReply, ctx: BlockContext): VariableUpdate[] => {
  const options = block.options ?? {}
  const updates: VariableUpdate[] = []
  const attachments = options.attachments
  if (reply.type === 'text' && reply.attachedFileUrls?.length && attachments?.isEnabled && attachments.saveVariableId) {
    const urls = reply.attachedFileUrls
    const current = ctx.variables.find((v) => v.id === attachments.saveVariableId)?.value
    const value = Array.isArray(current) ? current.concat(urls) : urls.length === 1 ? urls[0] : urls
    updates.push({ variableId: attachments.saveVariableId, value })
  }
  const clip = options.audioClip
  if (reply.type === 'audio' && clip?.isEnabled && clip.saveVariableId) updates.push({ variableId: clip.saveVariableId, value: reply.url })
  return updates
}

export const textInput: InputKind<TextInputBlock, TextInputPrepared> = {
  type: InputBlockType.TEXT,
  category: 'input',
  prepare: prepareWithPrefill,
  // Attachments may be any file; voice clips only audio. The server's maximum size applies.
  uploads: (block) => {
    const { attachments, audioClip } = block.options ?? {}
    if (attachments?.isEnabled) return { refuses: () => undefined }
    if (audioClip?.isEnabled)
      return { refuses: ({ contentType }) => (contentType.startsWith('audio/') ? undefined : 'This block takes voice clips only (audio/*).') }
    return undefined
  },
  parseReply: (reply, input, ctx) => {
    if (reply?.type !== 'text' && reply?.type !== 'audio') return { status: 'fail' }
    const variableUpdates = mediaUpdates(input, reply, ctx)
    const content = reply.type === 'text' ? reply.text : reply.url
    return { status: 'success', content, ...(variableUpdates.length > 0 && { variableUpdates }) }
  },
}
