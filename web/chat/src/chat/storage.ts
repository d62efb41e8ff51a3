// Remember user: the result and what the chat showed, in local or session storage under the bot's public id, so a
// reload resumes the same session where it was (as long as the bot was not republished meanwhile).
import type { ChatInput } from '../../../../src/blocks/wire.js'
/** What the chat showed, its entries of the conversation's own type `E`. */
export type Snapshot<E> = {
  resultId: string
  sessionId: string
  publishedAt?: string
  entries: E[]
  input: ChatInput | null
  progress?: number
  ended: boolean
}

const key = (bot: string) => `parley-chat-${bot}`

const stores = (): Storage[] => {
  try {
    return [sessionStorage, localStorage]
  } catch {
    return []
  }
}

export const save = <E>(bot: string, snapshot: Snapshot<E>, where: 'local' | 'session') => {
  try {
    ;(where === 'local' ? localStorage : sessionStorage).setItem(key(bot), JSON.stringify(snapshot))
  } catch {}
}

export const recall = <E>(bot: string): Snapshot<E> | undefined => {
  for (const s of stores()) {
    try {
      const v = s.getItem(key(bot))
      if (v) return JSON.parse(v)
    } catch {}
  }
  return undefined
}

export const forget = (bot: string) => stores().forEach((s) => s.removeItem(key(bot)))
