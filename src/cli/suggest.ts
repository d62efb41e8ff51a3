// "Did you mean …?" for a mistyped command: the closest name by edit distance, when it is close enough.

/** Levenshtein distance (insertions, deletions, substitutions). */
export const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}

/** The known name nearest to `typed`, if at most a third of it (at least one edit) differs. */
export const suggest = (typed: string, names: string[]): string | undefined => {
  const scored = names.map((name) => ({ name, distance: editDistance(typed.toLowerCase(), name) })).sort((x, y) => x.distance - y.distance)
  const best = scored[0]
  return best && best.distance <= Math.max(1, Math.floor(typed.length / 3)) ? best.name : undefined
}
