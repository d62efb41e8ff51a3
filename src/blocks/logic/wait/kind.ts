// Wait: the client waits `secondsToWaitFor`; with `shouldPause` the chat also stops until the client's next message.
import type { WaitBlock } from './schema.js'
import { parseVariables } from '../../../engine/variables.js'
import type { ActionKind } from '../../../engine/kinds.js'

export const wait: ActionKind<WaitBlock> = {
  type: 'Wait',
  category: 'logic',
  execute(block, ctx) {
    const seconds = Number.parseFloat(parseVariables(block.options?.secondsToWaitFor, ctx.variables))
    const shouldPause = block.options?.shouldPause === true
    const secondsToWaitFor = Number.isFinite(seconds) && seconds > 0 ? seconds : 0
    if (secondsToWaitFor === 0 && !shouldPause) return {}
    return {
      clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor }, ...(shouldPause && { expectsDedicatedReply: true }) }],
      waitsForReply: shouldPause,
    }
  },
  // Any message resumes a paused wait.
  resume: () => ({}),
}
