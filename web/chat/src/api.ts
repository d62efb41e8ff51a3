// Talks to Parley's Typebot-compatible chat API (/api/…). Every call rejects with a NetworkError carrying a
// sentence fit for the user (in the chat's language, `texts` giving its translate function), so the chat can show it
// with a Retry button.
import type { ContinueChatResponse } from '../../../src/blocks/wire.js'
import type { Settings, Theme } from '../../../src/contract/bot/common.js'
import type { UploadTarget } from '../../../src/contract/chat.js'
import type { Texts } from './i18n/index.js'

/** A turn's answer (the chat wire's types); a start's also names the session, the result and the bot. */
export type ChatResponse = ContinueChatResponse & {
  sessionId?: string
  resultId?: string
  typebot?: { id: string; theme?: Theme; settings?: Settings; publishedAt?: string }
}

export type OutgoingMessage =
  | { type: 'text'; text: string; attachedFileUrls?: string[] }
  | { type: 'audio'; url: string }
  | { type: 'command'; command: string }

export type ClientLog = { status?: string; description: string; details?: string; context?: string }

export class NetworkError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The server's own log of the failure (a stream's error part), reported as it is. */
    readonly log?: ClientLog,
  ) {
    super(message)
  }
}

const join = (host: string, path: string) => host.replace(/\/+$/, '') + path

/** The server's own message (as it wrote it), else the status. */
const describe = async (res: Response, t: Texts) => {
  const text = await res.text().catch(() => '')
  try {
    const body = JSON.parse(text)
    if (typeof body?.message === 'string') return body.message as string
  } catch {}
  return t('The server answered {{status}}.', { status: res.status })
}

const unreachable = (t: Texts) => new NetworkError(t('Could not reach the server. Check your connection.'))

/** The answer's JSON, read as the type the caller names (the server's contract). */
const postJson = async <T>(t: Texts, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw unreachable(t)
  }
  if (!res.ok) throw new NetworkError(await describe(res, t), res.status)
  return res.json().catch(() => {
    throw new NetworkError(t('The server sent an answer that could not be read.'))
  })
}

export type PreviewStart = {
  /** The bot to run instead of the saved draft (the builder's unsaved state). */
  bot?: Record<string, unknown>
  startFrom?: { type: 'group'; groupId: string } | { type: 'event'; eventId: string }
  prefilledVariables?: Record<string, unknown>
  /** Send email blocks write to the previewing user's own verified address only (the builder's preview toggle). */
  sendEmailsToMe?: boolean
  /** A template of the gallery to run (by slug) instead of a bot: the builder's template preview. */
  template?: string
}

/**
 * `headers` go with every call: the builder's preview sends its CSRF token, its session cookie going along. `texts`:
 * the chat's translate function at the time of a call (its language is the bot's once the chat has started).
 */
export const createApi = (apiHost: string, texts: () => Texts, headers: Record<string, string> = {}) => ({
  startChat: (bot: string, body: { prefilledVariables?: Record<string, unknown>; resultId?: string }): Promise<ChatResponse> =>
    postJson(
      texts(),
      join(apiHost, `/api/v1/typebots/${encodeURIComponent(bot)}/startChat`),
      { isStreamEnabled: true, isOnlyRegistering: false, ...body },
      headers,
    ),

  /** A preview of the bot `botId` (members only), or of a template: Parley's own routes, whose answer names the bot `bot`. */
  startPreview: async (botId: string, { template, ...body }: PreviewStart): Promise<ChatResponse> => {
    const path = template ? `/v1/templates/${encodeURIComponent(template)}` : `/v1/bots/${encodeURIComponent(botId)}`
    const { bot, ...res } = await postJson<Omit<ChatResponse, 'typebot'> & { bot: ChatResponse['typebot'] }>(
      texts(),
      join(apiHost, `${path}/preview/startChat`),
      { isStreamEnabled: true, ...body },
      headers,
    )
    return { ...res, typebot: bot }
  },

  continueChat: (sessionId: string, message?: OutgoingMessage): Promise<ChatResponse> =>
    postJson(texts(), join(apiHost, `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`), message ? { message } : {}, headers),

  /** Best effort: a lost log must never break the chat. */
  clientLogs: (sessionId: string, clientLogs: ClientLog[]) =>
    postJson(texts(), join(apiHost, `/api/v2/sessions/${encodeURIComponent(sessionId)}/clientLogs`), { clientLogs }, headers).catch(() => undefined),

  /** Reads the AI SDK data stream: `0:` parts are text deltas, `3:` an error log; calls onText with the text so far. */
  async streamMessage(sessionId: string, onText: (text: string) => void): Promise<string> {
    const url = join(apiHost, `/api/v2/sessions/${encodeURIComponent(sessionId)}/streamMessage`)
    const t = texts()
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })
    } catch {
      throw unreachable(t)
    }
    if (!res.ok || !res.body) throw new NetworkError(await describe(res, t), res.status)
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (value) buffer += value
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const colon = line.indexOf(':')
        if (colon < 0) continue
        const code = line.slice(0, colon)
        const value = JSON.parse(line.slice(colon + 1))
        if (code === '0') onText((text += value))
        else if (code === '3') {
          let log: ClientLog
          try {
            log = JSON.parse(value)
          } catch {
            log = { description: String(value) }
          }
          throw new NetworkError(log.description, undefined, log)
        }
      }
      if (done) return text
    }
  },

  /** Asks for an upload URL, then PUTs (or POSTs a form) with progress through XHR; resolves to the file's URL. */
  async upload(sessionId: string, blockId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
    const t = texts()
    const target = await postJson<UploadTarget>(
      t,
      join(apiHost, '/api/v3/generate-upload-url'),
      {
        sessionId,
        blockId,
        fileName: file.name,
        fileType: file.type,
        fileSize: file.size,
      },
      headers,
    )
    const fields = Object.entries(target.formData ?? {})
    await new Promise<void>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
      xhr.onload = () =>
        xhr.status < 300
          ? resolve()
          : reject(new NetworkError(xhr.responseText || t('The upload failed ({{status}}).', { status: xhr.status }), xhr.status))
      xhr.onerror = () => reject(new NetworkError(t('The upload failed. Check your connection.')))
      if (fields.length > 0) {
        const form = new FormData()
        for (const [k, v] of fields) form.append(k, v)
        form.append('file', file)
        xhr.open('POST', target.presignedUrl)
        xhr.send(form)
      } else {
        xhr.open('PUT', target.presignedUrl)
        if (file.type) xhr.setRequestHeader('content-type', file.type)
        xhr.send(file)
      }
    })
    onProgress(1)
    return target.fileUrl
  },

  /** Waits for the first frame in the result's webhook room; undefined on a socket error. */
  listenForWebhook(resultId: string): Promise<string | undefined> {
    const url = new URL(join(apiHost, `/parties/main/${encodeURIComponent(resultId)}/webhooks`), location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const ws = new WebSocket(url)
    return new Promise((resolve) => {
      ws.onmessage = (e) => {
        ws.close()
        resolve(typeof e.data === 'string' ? e.data : undefined)
      }
      ws.onerror = () => resolve(undefined)
    })
  },
})

export type Api = ReturnType<typeof createApi>
