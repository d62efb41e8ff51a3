// The preview runs in a frame on the user-content origin (src/api/web/previewFrame.ts), never in the builder's page:
// the bot's own code runs there. The editor gets a preview token for the draft (POST /v1/bots/{botId}/preview/token)
// and hands it to the frame; the frame reports what the editor shows. Its messages are the bot's page talking, so
// only these shapes are taken, and only from the frame's own window and origin.
import { z } from 'zod'
import type { Theme } from '../../../../../src/contract/bot/common.js'
import { chatLogSchema } from '../../../../../src/contract/chat.js'
import { api } from '../../lib/api.js'

export type PreviewStartFrom = { type: 'group'; groupId: string }

export type PreviewRun = { token: string; expiresAt: string; frameUrl: string }

/** A preview token for this draft, and the frame's address. */
export const issuePreviewRun = (botId: string, bot: unknown): Promise<PreviewRun> =>
  api.post<PreviewRun>(`/v1/bots/${encodeURIComponent(botId)}/preview/token`, { bot })

/** A preview token for one of the bot's published versions. */
export const issueVersionPreviewRun = (botId: string, versionId: string): Promise<PreviewRun> =>
  api.post<PreviewRun>(`/v1/bots/${encodeURIComponent(botId)}/preview/token`, { versionId })

const frameMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('failed'), message: z.string().max(500) }),
  z.object({ type: z.literal('input'), blockId: z.string().max(200) }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('logs'), logs: z.array(chatLogSchema).max(100) }),
  z.object({ type: z.literal('restart') }),
])
export type FrameMessage = z.infer<typeof frameMessage>

/** A message from the preview frame, when it came from that frame and has a shape the editor takes. */
export const fromFrame = (event: MessageEvent, frame: HTMLIFrameElement | null, frameOrigin: string): FrameMessage | undefined => {
  if (!frame || event.source !== frame.contentWindow || event.origin !== frameOrigin) return undefined
  const parsed = frameMessage.safeParse(event.data)
  return parsed.success ? parsed.data : undefined
}

/** What the editor tells the frame: a run to start, or the theme as edited now. */
export type ToFrame =
  | { type: 'start'; botId: string; token: string; startFrom?: PreviewStartFrom; sendEmailsToMe?: boolean; template?: string }
  | { type: 'theme'; theme: Theme }
