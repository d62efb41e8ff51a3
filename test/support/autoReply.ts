// Plays the user of a chat: picks a valid reply for any input or waiting client-side action, so a test can walk
// any bot to its end. Several candidates per input kind: the next one is tried when a reply is refused.

const candidates = (input: any): unknown[] => {
  const o = input.options ?? {}
  switch (input.type) {
    case 'text input':
      return ['Hello there']
    case 'number input': {
      const min = typeof o.min === 'number' ? o.min : undefined
      const max = typeof o.max === 'number' ? o.max : undefined
      return [String(min ?? (max !== undefined ? Math.min(5, max) : 5)), '1', '0']
    }
    case 'email input':
      return ['ada@example.com']
    case 'url input':
      return ['https://example.com']
    case 'phone number input':
      return ['+33612345678', '+14155552671']
    case 'date input':
      return o.isRange ? ['01/02/2025 to 05/02/2025'] : ['01/02/2025', 'today', '2025-02-01']
    case 'time input':
      return ['10:30']
    case 'choice input':
      return (input.items ?? []).map((i: any) => i.value || i.content || i.id)
    case 'picture choice input':
      return (input.items ?? []).map((i: any) => i.value || i.title || i.id)
    case 'rating input':
      return ['3', '1', String(o.length ?? 10)]
    case 'file input':
      return ['https://example.com/file.pdf', 'https://example.com/image.png']
    case 'payment input':
      return ['success']
    case 'cards':
      return (input.items ?? []).flatMap((i: any) => (i.paths ?? []).map((p: any) => p.id))
    default:
      return ['Hello']
  }
}

/**
 * The reply for a response: to its input or to the action waiting for a reply. `attempt` counts refusals of
 * this input in a row; `visits` counts how often the input was met, so menus that loop back get other choices.
 */
export const autoReply = (response: any, attempt: number, visits = 0): unknown => {
  const waiting = (response.clientSideActions ?? []).find((a: any) => a.expectsDedicatedReply)
  if (waiting && !response.input) {
    switch (waiting.type) {
      case 'httpRequestToExecute':
      case 'listenForWebhook':
        return JSON.stringify({ statusCode: 200, data: { ok: true } })
      case 'setVariable':
        return 'client value'
      case 'stream':
      case 'streamOpenAiChatCompletion':
        return 'Streamed answer'
      default:
        return ''
    }
  }
  const list = candidates(response.input)
  if (list.length === 0) return 'Hello'
  return list[(attempt + visits) % list.length]
}

export const isWaiting = (response: any): boolean => !!response.input || (response.clientSideActions ?? []).some((a: any) => a.expectsDedicatedReply)
