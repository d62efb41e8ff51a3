// Variable values and templating: `{{name}}` substitution and `{{= code =}}` inline expressions (reference 3.10).
import type { Variable } from '../contract/bot/common.js'
import type { CodeEvaluator, EvalResult, Runtime, VariableValue } from './types.js'

/** Any computed value as a stored variable value: strings kept, lists item by item, anything else JSON. */
export const toVariableValue = (value: unknown): VariableValue => {
  if (value === undefined || value === null) return null
  if (Array.isArray(value)) return value.map((item) => (item === undefined || item === null ? null : sanitize(stringify(item))))
  return sanitize(stringify(value))
}

const stringify = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))

/** Unpaired UTF-16 surrogates (from truncated input or broken clients) become U+FFFD so JSON stays valid. */
const SURROGATE = /[\uD800-\uDFFF]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const sanitize = (text: string): string => (SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text)

/** A stored value as JavaScript code sees it: "true" → true, "12" → 12 (but "012", "+33…" stay strings). */
export const guessValueType = (value: VariableValue | unknown): unknown => {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) return value
  if (typeof value !== 'string') return value
  if (value === 'true') return true
  if (value === 'false') return false
  if (value === 'null') return null
  if (value === 'undefined') return undefined
  const trimmed = value.trim()
  if (trimmed === '' || trimmed.startsWith('+')) return value
  if (trimmed.startsWith('0') && trimmed !== '0' && !trimmed.startsWith('0.')) return value
  const n = Number(trimmed)
  return Number.isFinite(n) && trimmed === value ? n : value
}

export type TemplateOptions = {
  /** Insert the variable's id instead of its value (to build code where variables are globals named by id). */
  fieldToParse?: 'value' | 'id'
  /** Inside a JSON document: strings JSON-escaped without quotes, other values as JSON. */
  isInsideJson?: boolean
  /** Inside HTML: `<` and `>` escaped. */
  isInsideHtml?: boolean
  /** v5 bots render a list by its last item. */
  takeLatestIfList?: boolean
  /** Evaluates `{{= code =}}`; without it inline code is templated as plain text. */
  evaluate?: CodeEvaluator
}

const INLINE_CODE = /\{\{=(.+?)=\}\}/gs
const VARIABLE = /\{\{([^{}]+)\}\}/g
const SINGLE_VARIABLE = /^\{\{([^{}]+)\}\}$/

export const findVariable = (variables: Variable[], name: string): Variable | undefined => variables.find((v) => v.name === name)

/** Where the variable whose `key` is `value` sits in a bot's variables (-1: nowhere), for `variableById`/`ByName`. */
export const variablePosition = (variables: Variable[], key: 'id' | 'name', value: string): number => variables.findIndex((v) => v[key] === value)

/**
 * The first variable with this id (like `Array.find`), looked for first at `at`, its position in the bot's
 * variables: the engine's lists keep the bot's order, so a lookup prepared once costs one comparison, not a scan.
 */
export const variableById = (variables: Variable[], id: string, at: number): Variable | undefined => {
  const hint = at >= 0 ? variables[at] : undefined
  return hint?.id === id ? hint : variables.find((v) => v.id === id)
}

/** `variableById` by name. */
export const variableByName = (variables: Variable[], name: string, at: number): Variable | undefined => {
  const hint = at >= 0 ? variables[at] : undefined
  return hint?.name === name ? hint : variables.find((v) => v.name === name)
}

const renderValue = (value: VariableValue, options: TemplateOptions): string => {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value) && options.takeLatestIfList) return renderValue(value.at(-1), options)
  if (typeof value === 'string') {
    if (options.isInsideJson) return JSON.stringify(value).slice(1, -1)
    return options.isInsideHtml ? value.replace(/</g, '&lt;').replace(/>/g, '&gt;') : value
  }
  return JSON.stringify(value)
}

/** The globals handed to bot code: every variable by id, with its value typed (reference 3.11). */
export const codeGlobals = (variables: Variable[]): Record<string, unknown> =>
  Object.fromEntries(variables.map((v) => [v.id, guessValueType(v.value)]))

/** Code with `{{name}}` replaced by variable ids, as a function body (a bare expression gets `return`). */
export const toFunctionBody = (code: string, variables: Variable[]): string => {
  const body = parseVariables(code, variables, { fieldToParse: 'id' })
  return body.includes('return ') ? body : `return ${body}`
}

/** Replaces `{{name}}` (and evaluates `{{= code =}}`) in a text. Unknown or empty variables become ''. */
export const parseVariables = (text: string | undefined | null, variables: Variable[], options: TemplateOptions = {}): string => {
  if (!text) return text ?? ''
  let out = text
  if (out.includes('{{=')) {
    out = out.replace(INLINE_CODE, (_, code: string) => {
      if (options.evaluate) {
        const res = options.evaluate(toFunctionBody(code, variables), codeGlobals(variables))
        if (res.ok) return renderValue(toVariableValue(res.value), options)
      }
      return parseVariables(code, variables, { ...options, evaluate: undefined })
    })
  }
  if (!out.includes('{{')) return out
  return out.replace(VARIABLE, (match, name: string) => {
    const variable = findVariable(variables, name.trim())
    if (!variable) return options.fieldToParse === 'id' ? match : ''
    if (options.fieldToParse === 'id') return variable.id
    return renderValue(variable.value as VariableValue, options)
  })
}

/** When a text is exactly one `{{name}}`, that variable (so its raw value, lists included, can be copied). */
export const singleVariable = (text: string | undefined | null, variables: Variable[]): Variable | undefined => {
  const name = singleVariableName(text)
  return name === undefined ? undefined : findVariable(variables, name)
}

/** The name in a text that is exactly one `{{name}}` (see `singleVariable`). */
export const singleVariableName = (text: string | undefined | null): string | undefined => {
  const match = text ? SINGLE_VARIABLE.exec(text.trim()) : null
  return match ? match[1].trim() : undefined
}

/** Applies parseVariables to every string inside a JSON-like value (options, settings, theme). */
export const deepParseVariables = <T>(value: T, variables: Variable[], options: TemplateOptions = {}): T => {
  if (typeof value === 'string') return parseVariables(value, variables, options) as T
  if (Array.isArray(value)) return value.map((item) => deepParseVariables(item, variables, options)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepParseVariables(v, variables, options)])) as T
  }
  return value
}

/** Whether any string in a JSON-like value (text, options, rich text) holds inline code. */
export const hasInlineCode = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('{{=')
  if (Array.isArray(value)) return value.some(hasInlineCode)
  if (value && typeof value === 'object') return Object.values(value).some(hasInlineCode)
  return false
}

const collectInlineCode = (value: unknown, out: string[]) => {
  if (typeof value === 'string') {
    if (value.includes('{{=')) for (const match of value.matchAll(INLINE_CODE)) out.push(match[1])
  } else if (Array.isArray(value)) for (const item of value) collectInlineCode(item, out)
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectInlineCode(item, out)
}

/**
 * Runs `work` with an evaluator for the inline code found in `value`. Templating is synchronous while bot code runs
 * in the sandbox asynchronously, so every `{{= … =}}` of the value is evaluated first (in reading order, each
 * occurrence once), then `work` templates with an evaluator that answers from those results. Without inline code,
 * `work` runs at once and nothing waits.
 */
export const withInlineCode = <T>(
  value: unknown,
  variables: Variable[],
  evaluate: Runtime['evaluate'] | undefined,
  work: (evaluate: CodeEvaluator | undefined) => T,
): T | Promise<T> => {
  if (!evaluate || !hasInlineCode(value)) return work(undefined)
  const codes: string[] = []
  collectInlineCode(value, codes)
  return (async () => {
    const globals = codeGlobals(variables)
    const results = new Map<string, EvalResult[]>()
    for (const code of codes) {
      const body = toFunctionBody(code, variables)
      const result = await evaluate(body, globals)
      results.set(body, [...(results.get(body) ?? []), result])
    }
    return work((body) => {
      const queue = results.get(body)
      return (queue && (queue.length > 1 ? queue.shift() : queue[0])) ?? { ok: false, error: 'This code was not evaluated ahead.' }
    })
  })()
}
