// The string fields of a zod schema (the bot format's block, theme and settings schemas), named by path: `a.b` for
// an object's key, `[]` for an array's elements, `.*` for a record's values, `|n` for the n-th branch of a union.
// Tests fill every one of them (`fillStrings`) and check which ones a document really holds (`stringsIn`), so a field
// added to a schema is filled, and checked, without anyone listing it.
import type { z } from 'zod'

/** How deep a recursive schema (rich text's children) is followed. */
const LAZY_DEPTH = 3

type Def = { type: string; [key: string]: any }
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** Every string field's path. */
export const stringPaths = (schema: z.ZodType): string[] => {
  const out: string[] = []
  const walk = (s: z.ZodType, path: string, lazy: number) => {
    const def = defOf(s)
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
        return walk(def.innerType, path, lazy)
      case 'lazy':
        if (lazy < LAZY_DEPTH) walk(def.getter(), path, lazy + 1)
        return
      case 'object':
        for (const [key, field] of Object.entries(def.shape)) walk(field as z.ZodType, join(path, key), lazy)
        return
      case 'array':
        return walk(def.element, `${path}[]`, lazy)
      case 'record':
        return walk(def.valueType, `${path}.*`, lazy)
      case 'union':
        def.options.forEach((option: z.ZodType, i: number) => walk(option, `${path}|${i}`, lazy))
        return
      case 'string':
        out.push(path)
    }
  }
  walk(schema, '', 0)
  return out
}

const hasStrings = (schema: z.ZodType) => stringPaths(schema).length > 0

/**
 * A document of the schema's shape with every string field set to `value(path)`: objects with all their keys, arrays
 * and records with one entry, literals at their value, and of a union the branch `branch(path)` names (by default the
 * first that has strings). Enums, numbers and booleans are left out: the caller sets those it needs.
 */
export const fillStrings = (
  schema: z.ZodType,
  value: (path: string) => string,
  branch: (path: string, count: number) => number | undefined = () => undefined,
): any => {
  const fill = (s: z.ZodType, path: string, lazy: number): any => {
    const def = defOf(s)
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
        return fill(def.innerType, path, lazy)
      case 'lazy':
        return lazy < LAZY_DEPTH ? fill(def.getter(), path, lazy + 1) : undefined
      case 'object': {
        const entries = Object.entries(def.shape).map(([key, field]) => [key, fill(field as z.ZodType, join(path, key), lazy)])
        return Object.fromEntries(entries.filter(([, v]) => v !== undefined))
      }
      case 'array': {
        const element = fill(def.element, `${path}[]`, lazy)
        return element === undefined ? undefined : [element]
      }
      case 'record': {
        const entry = fill(def.valueType, `${path}.*`, lazy)
        return entry === undefined ? undefined : { en: entry }
      }
      case 'union': {
        const options: z.ZodType[] = def.options
        const i = branch(path, options.length) ?? Math.max(0, options.findIndex(hasStrings))
        return fill(options[i]!, `${path}|${i}`, lazy)
      }
      case 'literal':
        return def.values[0]
      case 'string':
        return value(path)
      default:
        return undefined
    }
  }
  return fill(schema, '', 0)
}

/** The paths (as `stringPaths` names them) of the string fields of `doc` that `holds` accepts. */
export const stringsIn = (schema: z.ZodType, doc: unknown, holds: (text: string) => boolean): Set<string> => {
  const out = new Set<string>()
  const walk = (s: z.ZodType, v: any, path: string, lazy: number) => {
    if (v === undefined || v === null) return
    const def = defOf(s)
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
        return walk(def.innerType, v, path, lazy)
      case 'lazy':
        if (lazy < LAZY_DEPTH) walk(def.getter(), v, path, lazy + 1)
        return
      case 'object':
        if (typeof v === 'object') for (const [key, field] of Object.entries(def.shape)) walk(field as z.ZodType, v[key], join(path, key), lazy)
        return
      case 'array':
        if (Array.isArray(v)) for (const element of v) walk(def.element, element, `${path}[]`, lazy)
        return
      case 'record':
        if (typeof v === 'object') for (const entry of Object.values(v)) walk(def.valueType, entry, `${path}.*`, lazy)
        return
      case 'union':
        def.options.forEach((option: z.ZodType, i: number) => {
          if (option.safeParse(v).success) walk(option, v, `${path}|${i}`, lazy)
        })
        return
      case 'string':
        if (typeof v === 'string' && holds(v)) out.add(path)
    }
  }
  walk(schema, doc, '', 0)
  return out
}
