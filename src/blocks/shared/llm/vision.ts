// Images in user messages, for models that see them (as Typebot: OpenAI's gpt-4o, gpt-4-turbo, gpt-5… and
// Anthropic's claude-*): a user message is read in paragraphs ("\n\n"); a paragraph that is a URL (or a JSON list of
// URLs) whose GET answers an `image/*` content type becomes an image part (the URL, for the provider to fetch), one
// answering something else stays text, one that cannot be fetched is dropped. The GET goes through the SSRF guard.
import type { BlockContext } from '../../../engine/kinds.js'
import type { LlmMessage, MessagePart } from './messages.js'

const IMAGE_CHECK_TIMEOUT_MS = 10_000

/** Whether the model sees images (Typebot's list). */
export const openAiModelSeesImages = (model: string): boolean =>
  model !== 'gpt-4-turbo-preview' && /^(gpt-5|gpt-4-turbo|gpt-4o|gpt-4.*vision-preview)/.test(model)
export const anthropicModelSeesImages = (model: string): boolean => model.startsWith('claude-')

const urlsOf = (paragraph: string): string[] | undefined => {
  if (paragraph.startsWith('http')) return [paragraph]
  if (!paragraph.startsWith('["http')) return undefined
  try {
    const list = JSON.parse(paragraph)
    return Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string') : undefined
  } catch {
    return undefined
  }
}

const partOf = async (url: string, ctx: BlockContext): Promise<MessagePart | undefined> => {
  const outcome = await ctx.runtime.httpRequest({ url, method: 'GET', headers: {}, timeoutMs: IMAGE_CHECK_TIMEOUT_MS })
  if (!outcome.ok || outcome.status >= 400) return undefined
  return outcome.headers['content-type']?.startsWith('image/') ? { type: 'image', url } : { type: 'text', text: url }
}

/** The user message in parts when it holds an image; as it is otherwise. */
const withParts = async (message: LlmMessage, ctx: BlockContext): Promise<LlmMessage> => {
  const paragraphs = message.content.split('\n\n')
  if (!paragraphs.some((p) => urlsOf(p.trim()))) return message
  const parts: MessagePart[] = []
  for (const paragraph of paragraphs) {
    const urls = urlsOf(paragraph.trim())
    const found = urls ? await Promise.all(urls.map((url) => partOf(url, ctx))) : [{ type: 'text' as const, text: paragraph }]
    for (const part of found) {
      if (!part) continue
      const last = parts.at(-1)
      // Consecutive texts are one part.
      if (part.type === 'text' && last?.type === 'text') last.text += `\n\n${part.text}`
      else parts.push(part)
    }
  }
  return parts.some((p) => p.type === 'image')
    ? { ...message, parts }
    : { ...message, content: parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n\n') }
}

/** The messages with images found in user messages (see above). */
export const withImages = (messages: LlmMessage[], ctx: BlockContext): Promise<LlmMessage[]> =>
  Promise.all(messages.map((m) => (m.role === 'user' ? withParts(m, ctx) : m)))
