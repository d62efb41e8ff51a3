// The generic settings form, as data: a zod 4 schema walked into field descriptors (a text, a switch, a select, a
// list of rows…), with per-kind hints applied (labels, order, help, hidden keys). Pure, so it is tested without a
// browser; GenericForm.tsx renders the descriptors.
import type { z } from 'zod'
import type { FormHints, ShownWhen } from '../../../../../src/contract/bot/card.js'
import { t } from '../../i18n/index.js'

export type { FormHints, ShownWhen } from '../../../../../src/contract/bot/card.js'

export type FieldBase = { key: string; label: string; help?: string; when?: ShownWhen }
export type Field =
  | (FieldBase & { kind: 'text'; multiline: boolean; placeholder?: string })
  /** A number, or a text that may hold a `{{variable}}` when `orVariable`. */
  | (FieldBase & { kind: 'number'; orVariable: boolean })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'select'; options: string[] })
  | (FieldBase & { kind: 'variable' })
  | (FieldBase & { kind: 'credentials' })
  /** A nested object, edited in place. */
  | (FieldBase & { kind: 'section'; fields: Field[] })
  /** An array: of objects (`fields` per row; rows with an `id` get one when added) or of texts (`fields` empty). */
  | (FieldBase & { kind: 'list'; fields: Field[]; itemHasId: boolean })
  /** What the walk cannot make a control for (records, unions of objects): shown as read-only JSON. */
  | (FieldBase & { kind: 'json' })

/** Keys the editor manages itself (ids keep edges attached). */
const alwaysHidden = new Set(['id', 'outgoingEdgeId'])
/**
 * `type` is the block's kind, and in `content`/`options` what the kind derives or its own form sets (a video's
 * provider, Set variable's value type); deeper, in a row or a nested object, it is the user's choice (a Blink
 * section's type, an extracted variable's type).
 */
const isManagedType = (key: string, path: string) => key === 'type' && path.split('.').length <= 2
/** Texts long enough for a multi-line box, by their key's ending. */
const multilineKeys = /(body|content|code|message|prompt|instructions|expression|description|systemMessage|text|query)$/i

type Def = {
  type: string
  innerType?: z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string>
  values?: unknown[]
}
const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

/** The schema without its optional/nullable/default wrappers (lazy ones stay: they are recursive, shown as JSON). */
export const unwrap = (schema: z.ZodType): z.ZodType => {
  let current = schema
  for (;;) {
    const d = def(current)
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'readonly') && d.innerType) current = d.innerType
    else return current
  }
}

const acronyms: Record<string, string> = { id: 'ID', url: 'URL', api: 'API', css: 'CSS', ai: 'AI', ga: 'GA', html: 'HTML' }
/** `retryMessageContent` → "Retry message content"; `saveUrlInVariableId` → "Save URL in variable". */
export const humanize = (key: string): string => {
  const words = key
    .replace(/^is(?=[A-Z])/, '')
    .replace(/Id$/, '')
    .split(/(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean)
    .map((w) => acronyms[w] ?? w)
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export const isVariableKey = (key: string) => key === 'variableId' || /VariableId$/.test(key)

const isNumberOrText = (options: z.ZodType[]) => {
  const types = options.map((o) => def(unwrap(o)).type).sort()
  return types.length === 2 && types[0] === 'number' && types[1] === 'string'
}

const enumValues = (schema: z.ZodType): string[] | undefined => {
  const d = def(schema)
  if (d.type === 'enum' && d.entries) return Object.values(d.entries)
  if (d.type === 'literal' && d.values?.every((v) => typeof v === 'string')) return d.values as string[]
  return undefined
}

const ordered = (keys: string[], first: string[] | undefined) =>
  first ? [...first.filter((k) => keys.includes(k)), ...keys.filter((k) => !first.includes(k))] : keys

/** Whether `field` is shown for the object holding it. */
export const isShown = (field: Field, obj: Record<string, unknown>) => {
  if (!field.when) return true
  const value = obj[field.when.key]
  return field.when.is.includes(typeof value === 'string' ? value : undefined)
}

/** The fields of an object schema at `path` (dotted, '' for the block itself). */
export const objectFields = (schema: z.ZodType, hints: FormHints = {}, path = ''): Field[] => {
  const shape = def(unwrap(schema)).shape ?? {}
  return ordered(Object.keys(shape), hints.order?.[path]).flatMap((key) => {
    const at = path ? `${path}.${key}` : key
    if (alwaysHidden.has(key) || isManagedType(key, at) || hints.hidden?.includes(at)) return []
    const field = fieldFor(key, shape[key], hints, at)
    return field ? [field] : []
  })
}

const fieldFor = (key: string, schema: z.ZodType, hints: FormHints, path: string): Field | undefined => {
  // Labels and help from the kind's card, and labels made from key names, are in the app's catalogue (the key
  // reader walks every kind's schema the same way: scripts/i18n/keys.ts).
  const label = hints.labels?.[path]
  const help = hints.help?.[path]
  const base: FieldBase = {
    key,
    label: label === undefined ? t(humanize(key)) : label && t(label),
    ...(help && { help: t(help) }),
    ...(hints.shownWhen?.[path] && { when: hints.shownWhen[path] }),
  }
  const inner = unwrap(schema)
  const d = def(inner)
  if (key === 'credentialsId' || /CredentialsId$/.test(key)) return { ...base, kind: 'credentials' }
  if (d.type === 'string' && isVariableKey(key)) return { ...base, kind: 'variable' }
  const values = enumValues(inner)
  if (values) return { ...base, kind: 'select', options: values }
  switch (d.type) {
    case 'string':
      return {
        ...base,
        kind: 'text',
        multiline: hints.multiline?.includes(path) ?? multilineKeys.test(key),
        ...(hints.placeholders?.[path] && { placeholder: hints.placeholders[path] }),
      }
    case 'number':
      return { ...base, kind: 'number', orVariable: false }
    case 'boolean':
      return { ...base, kind: 'switch' }
    case 'union':
      if (d.options && isNumberOrText(d.options)) return { ...base, kind: 'number', orVariable: true }
      return { ...base, kind: 'json' }
    case 'object':
      return { ...base, kind: 'section', fields: objectFields(inner, hints, path) }
    case 'array': {
      const element = unwrap(d.element!)
      const ed = def(element)
      if (ed.type === 'object')
        return { ...base, kind: 'list', fields: objectFields(element, hints, path), itemHasId: Boolean(ed.shape && 'id' in ed.shape) }
      if (ed.type === 'string') return { ...base, kind: 'list', fields: [], itemHasId: false }
      return { ...base, kind: 'json' }
    }
    default:
      return { ...base, kind: 'json' }
  }
}
