// Registry of the bubble block kinds, by block `type`.
import { audioBubble } from './audio.js'
import { embedBubble } from './embed.js'
import { imageBubble } from './image.js'
import { textBubble } from './text.js'
import type { BubbleKind } from './types.js'
import { videoBubble } from './video.js'

export type { BubbleKind } from './types.js'
export { isBubbleWaitingForEvent } from './embed.js'

export const bubbleKinds: Record<string, BubbleKind> = Object.fromEntries(
  [textBubble, imageBubble, videoBubble, audioBubble, embedBubble].map((kind) => [kind.type, kind]),
)
