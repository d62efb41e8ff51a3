// Video bubble: the (templated) URL is recognized as a YouTube, Vimeo, TikTok or Gumlet video, which clients embed
// by id, or else played as a file (`type: "url"`). Height is numeric for the client.
import { BubbleBlockType } from '../../../contract/bot/blockTypes.js'
import { defaultVideoBubbleContent, type VideoBubbleBlock, type VideoBubbleMessage, type videoBubbleContentTypes } from './schema.js'
import type { BubbleKind } from '../../../engine/kinds.js'
import { template } from '../../shared/inputs.js'
import { parseSize } from '../../shared/size.js'

export type VideoSource = {
  type: (typeof videoBubbleContentTypes)[number]
  url: string
  id?: string
  /** Query string appended to the embed URL (YouTube only). */
  queryParamsStr?: string
}

// Same patterns as Typebot's builder, plus YouTube `/embed/` links, Vimeo player links and dotted TikTok handles.
const YOUTUBE = /youtube(?:-nocookie)?\.com\/(?:watch\?v=|shorts\/|embed\/)([\w-]+)|youtu\.be\/([\w-]+)/
const VIMEO = /vimeo\.com\/(?:video\/)?(\d+)/
const TIKTOK = /tiktok\.com\/@[\w.-]+\/video\/(\d+)/
const GUMLET = /gumlet\.com\/watch\/(\w+)/
// OneDrive embed pages are not playable; their download twin is a plain video file.
const ONEDRIVE = /https:\/\/onedrive\.live\.com\/embed\?[^"]+/

/** The YouTube link's parameters for the embed: the id dropped, `t` (start time) renamed `start`. */
const youtubeQuery = (url: string): string | undefined => {
  const query = url.split('?')[1]?.split('#')[0]
  if (!query) return undefined
  const params = new URLSearchParams(query)
  params.delete('v')
  const start = params.get('t')
  if (start !== null) {
    params.delete('t')
    params.set('start', start)
  }
  return params.size > 0 ? `?${params}` : undefined
}

export const parseVideoUrl = (url: string): VideoSource => {
  const youtube = YOUTUBE.exec(url)
  if (youtube) {
    const queryParamsStr = youtubeQuery(url)
    return { type: 'youtube', url, id: youtube[1] ?? youtube[2], ...(queryParamsStr && { queryParamsStr }) }
  }
  for (const [type, pattern] of [
    ['vimeo', VIMEO],
    ['tiktok', TIKTOK],
    ['gumlet', GUMLET],
  ] as const) {
    const match = pattern.exec(url)
    if (match) return { type, url, id: match[1] }
  }
  const oneDrive = ONEDRIVE.exec(url)
  return { type: 'url', url: oneDrive ? oneDrive[0].replace('/embed', '/download') : url }
}

export const videoBubble: BubbleKind<VideoBubbleBlock, VideoBubbleMessage> = {
  type: BubbleBlockType.VIDEO,
  category: 'bubble',
  render: async (block, ctx) => {
    if (!block.content) return undefined
    const content = await template(block.content, ctx)
    return {
      id: block.id,
      type: block.type,
      content: {
        ...content,
        ...(content.url && parseVideoUrl(content.url)),
        height: parseSize(content.height, defaultVideoBubbleContent.height),
      },
    }
  },
}
