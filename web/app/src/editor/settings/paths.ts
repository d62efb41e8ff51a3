// Reading and writing one field deep in a bot's theme or settings without touching anything else: the editors
// change only the keys the user edits, so a theme or settings object nobody edited stays exactly as it came
// (unknown keys, key order and absent defaults included) and saving it changes nothing.

export type Path = readonly string[]

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at `path`, undefined when any step is missing or not an object. */
export const getPath = (root: unknown, path: Path): unknown => {
  let node = root
  for (const key of path) {
    if (!isRecord(node)) return undefined
    node = node[key]
  }
  return node
}

/**
 * A copy of `root` with `value` at `path` (undefined removes the key). Only the objects along the path are copied;
 * every other branch is the same object as before. Missing (or non-object) steps become new objects; removing a key
 * that is not there gives `root` itself (no empty objects appear).
 */
export const setPath = <T>(root: T, path: Path, value: unknown): T => {
  if (path.length === 0) return value as T
  if (value === undefined && getPath(root, path) === undefined) return root
  const [key, ...rest] = path as [string, ...string[]]
  const node: Record<string, unknown> = isRecord(root) ? { ...root } : {}
  const next = rest.length === 0 ? value : setPath(node[key], rest, value)
  if (next === undefined) delete node[key]
  else node[key] = next
  return node as T
}

/** Several fields at once, in order (e.g. a background's type and content). */
export const setPaths = <T>(root: T, changes: readonly (readonly [Path, unknown])[]): T =>
  changes.reduce((acc, [path, value]) => setPath(acc, path, value), root)
