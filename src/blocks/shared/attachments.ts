// Email attachments (Email and Gmail blocks): only files this server stored for the workspace are attached. Anything
// else (a local path, an outside URL) would have the server read or fetch something on a bot's behalf; as in
// Typebot, one such attachment stops the email.
import type { BlockContext } from '../../engine/kinds.js'
import type { VariableValue } from '../../engine/types.js'

export type Attachment = { filename: string; contentType: string; content: Uint8Array }

/** The URLs an attachments variable holds: a list, or a text of URLs separated by ", " (as file inputs save them). */
export const attachmentUrls = (value: VariableValue | undefined): string[] => {
  const urls = Array.isArray(value) ? value : typeof value === 'string' ? value.split(', ') : []
  return urls.map((url) => url?.trim() ?? '').filter(Boolean)
}

/** The stored files behind `urls`, or the first URL that is not one. */
export const storedAttachments = async (
  urls: string[],
  ctx: BlockContext,
): Promise<{ ok: true; attachments: Attachment[] } | { ok: false; url: string }> => {
  const attachments: Attachment[] = []
  for (const url of urls) {
    const file = await ctx.readStoredFile(url)
    if (!file) return { ok: false, url }
    attachments.push({ filename: file.name, contentType: file.contentType, content: file.bytes })
  }
  return { ok: true, attachments }
}

/** How a refused attachment is described in the log (the URL shortened). */
export const invalidAttachment = (url: string) =>
  `Invalid email attachment URL ${JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url)}: not a file stored by this server for this workspace.`
