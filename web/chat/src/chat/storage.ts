// Remember user: the result and what the chat showed, in local or session storage under the bot's public id, so a
// reload resumes the same session where it was (as long as the bot was not republished meanwhile).
export type Snapshot = {
  resultId: string
  sessionId: string
  publishedAt?: string
  entries: unknown[]
  input: unknown
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

export const save = (bot: string, snapshot: Snapshot, where: 'local' | 'session') => {
  try {
    ;(where === 'local' ? localStorage : sessionStorage).setItem(key(bot), JSON.stringify(snapshot))
  } catch {}
}

export const recall = (bot: string): Snapshot | undefined => {
  for (const s of stores()) {
    try {
      const v = s.getItem(key(bot))
      if (v) return JSON.parse(v)
    } catch {}
  }
  return undefined
}

export const forget = (bot: string) => stores().forEach((s) => s.removeItem(key(bot)))
