// "Did you mean …?" for a mistyped command: the closest name by edit distance, when it is close enough.

/**
 * Edit distance counting insertions, deletions, substitutions and swaps of two adjacent letters as one edit each
 * (optimal string alignment, a restricted Damerau–Levenshtein): `chta` is one edit from `chat`, the commonest typo.
 */
export const editDistance = (a: string, b: string): number => {
  // Rows i-2, i-1 and i of the table: d[i][j] is the distance between a's first i letters and b's first j.
  let beforePrevious: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], beforePrevious[j - 2] + 1)
    }
    beforePrevious = previous
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
