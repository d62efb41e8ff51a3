// File upload: the client uploads, then replies with the file URLs (in `attachedFileUrls` or as text).
import validator from 'validator'
import type { UserReply } from '../../../engine/types.js'
import { defaultFileInputOptions, type FileInputBlock, type FileInputPrepared } from './schema.js'
import { InputBlockType } from '../../../contract/bot/blockTypes.js'
import { allowedExtensions, urlExtension } from './fileTypes.js'
import { templateOptions } from '../../shared/inputs.js'
import type { BlockContext, InputKind } from '../../../engine/kinds.js'

const replyUrls = (reply: UserReply): string[] => {
  if (reply.type === 'audio') return [reply.url]
  if (reply.type !== 'text') return []
  if (reply.attachedFileUrls?.length) return reply.attachedFileUrls
  return reply.text
    .split(/,\s*|\n+/)
    .map((url) => url.trim())
    .filter((url) => url !== '')
}

// Local storage servers (development, self-hosting) have no TLD; see also `storedHere`.
const isFileUrl = (url: string) => {
  let isLocal = false
  try {
    isLocal = new URL(url).hostname === 'localhost'
  } catch {
    // Not absolute: validated as is below.
  }
  return validator.isURL(url, { require_tld: !isLocal })
}

/**
 * Whether one of the first URLs is a file this server stored for the chat: its uploads are served on its public
 * URL, whose host may have no TLD (an intranet name), as Typebot accepts its own host. Asked only when no URL passes
 * `isFileUrl`, and for a few URLs at most, since each one is looked up in the storage.
 */
const storedHere = async (urls: string[], ctx: BlockContext) => {
  for (const url of urls.slice(0, 5)) if (await ctx.readStoredFile(url)) return true
  return false
}

const DEFAULT_SIZE_LIMIT_MB = 10

export const fileInput: InputKind<FileInputBlock, FileInputPrepared> = {
  type: InputBlockType.FILE,
  category: 'input',
  prepare: templateOptions,
  uploads: (block) => {
    const options = block.options ?? {}
    // v5's `sizeLimit` (MB) survives in blocks that kept it; Typebot's default is 10 MB.
    const megabytes = Number((options as { sizeLimit?: unknown }).sizeLimit)
    const maxBytes = (megabytes > 0 ? megabytes : DEFAULT_SIZE_LIMIT_MB) * 1024 * 1024
    const types = options.allowedFileTypes?.isEnabled ? options.allowedFileTypes.types : undefined
    const allowed = types?.length ? allowedExtensions(types) : undefined
    return {
      maxBytes,
      refuses: ({ fileName }) =>
        !allowed || allowed.has(urlExtension(fileName) ?? '') ? undefined : `This block accepts only these file types: ${types!.join(', ')}.`,
    }
  },
  parseReply: async (reply, input, ctx) => {
    const options = input.options ?? {}
    const urls = reply ? replyUrls(reply) : []
    if (urls.length === 0) return (options.isRequired ?? defaultFileInputOptions.isRequired) ? { status: 'fail' } : { status: 'skip' }
    if (!urls.some(isFileUrl) && !(await storedHere(urls, ctx))) return { status: 'fail' }
    const types = options.allowedFileTypes?.isEnabled ? (options.allowedFileTypes.types ?? undefined) : undefined
    if (types?.length) {
      const allowed = allowedExtensions(types)
      if (!urls.every((url) => allowed.has(urlExtension(url) ?? ''))) return { status: 'fail' }
    }
    return { status: 'success', content: options.isMultipleAllowed ? urls.join(', ') : urls[0] }
  },
}
