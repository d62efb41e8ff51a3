// Remember user: the result id kept in local or session storage under the bot's public id, so a reload resumes.
const key = (bot: string) => `parley-result-${bot}`

const stores = (): Storage[] => {
  try {
    return [sessionStorage, localStorage]
  } catch {
    return []
  }
}

export const remember = (bot: string, resultId: string, where: 'local' | 'session') => {
  try {
    ;(where === 'local' ? localStorage : sessionStorage).setItem(key(bot), resultId)
  } catch {}
}

export const recall = (bot: string): string | undefined => {
  for (const s of stores()) {
    const v = s.getItem(key(bot))
    if (v) return v
  }
  return undefined
}

export const forget = (bot: string) => stores().forEach((s) => s.removeItem(key(bot)))
