// Set variable: computes a value from one of 18 sources (options.type) and stores it. Custom expressions run in
// the sandbox; with `isExecutedOnClient` (and always for "Moment of the day") the client computes the value and
// sends it back as a dedicated reply.
import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { SetVariableBlock } from '../../schema/blocks/logic.js'
import type { Variable } from '../../schema/common.js'
import type { VariableValue } from '../../engine/types.js'
import { codeGlobals, parseVariables, singleVariable, toFunctionBody, toVariableValue } from '../../engine/variables.js'
import type { ActionContext, ActionKind, ActionResult } from '../actions/types.js'
import { clientScript } from './script.js'

const DAY_MS = 86_400_000

const MOMENT_OF_THE_DAY_CODE =
  "const hour = new Date().getHours(); return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'"

type Options = NonNullable<SetVariableBlock['options']>

/** ISO timestamp, or `yyyy-MM-dd'T'HH:mm:ssXXX` in the given time zone. */
const dateIn = (date: Date, timeZone: string | null | undefined): string => {
  if (!timeZone) return date.toISOString()
  try {
    return format(new TZDate(date.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssXXX")
  } catch {
    return date.toISOString()
  }
}

const valueOf = (ctx: ActionContext, id: string | null | undefined): VariableValue =>
  id ? (ctx.variables.find((v) => v.id === id)?.value as VariableValue) : undefined

/** Custom expression: copy a single `{{var}}`, keep leading-zero numbers, else run it as code (reference 2.3). */
const evaluateCustom = (expression: string, options: Options, ctx: ActionContext): ActionResult & { value?: VariableValue } => {
  const single = singleVariable(expression, ctx.variables)
  if (single) return { value: (single.value as VariableValue) ?? null }
  const trimmed = expression.trim()
  if (/^0[0-9]+$/.test(trimmed)) return { value: trimmed }
  const result = ctx.runtime.evaluate(toFunctionBody(expression, ctx.variables), codeGlobals(ctx.variables))
  if (result.ok) return { value: toVariableValue(result.value) }
  const fallback = parseVariables(expression, ctx.variables)
  if (!options.isCode) return { value: fallback }
  return { value: fallback, logs: [{ status: 'error', description: 'Error evaluating Set variable code', details: result.error }] }
}

const transcript = (ctx: ActionContext): string =>
  (ctx.state.transcript ?? []).map((line) => `${line.role === 'user' ? 'User' : 'Assistant'}: "${line.text}"`).join('\n\n')

const pop = (current: VariableValue, fromStart: boolean, options: Options): ActionResult & { value?: VariableValue } => {
  if (!Array.isArray(current)) return { value: current ?? null }
  const list = [...current]
  const item = fromStart ? list.shift() : list.pop()
  const save = options.saveItemInVariableId
  return { value: list, ...(save && { variableUpdates: [{ variableId: save, value: item ?? null }] }) }
}

const serverValue = (options: Options, ctx: ActionContext): ActionResult & { value?: VariableValue } => {
  const current = valueOf(ctx, options.variableId)
  const now = () => ctx.runtime.now()
  switch (options.type ?? 'Custom') {
    case 'Custom':
      return evaluateCustom(options.expressionToEvaluate ?? '', options, ctx)
    case 'Empty':
      return { value: null }
    case 'Append value(s)': {
      const single = singleVariable(options.item, ctx.variables)
      const item = single ? ((single.value as VariableValue) ?? null) : parseVariables(options.item, ctx.variables)
      if (current === undefined || current === null) return { value: Array.isArray(item) ? item : [item] }
      return { value: (Array.isArray(current) ? current : [current]).concat(item) }
    }
    case 'Environment name':
      return { value: 'web' }
    case 'Transcript':
      return { value: transcript(ctx) }
    case 'User ID':
    case 'Result ID':
      return { value: ctx.entry.resultId ?? ctx.runtime.newId() }
    case 'Now':
    case 'Today':
      return { value: dateIn(now(), options.timeZone) }
    case 'Yesterday':
      return { value: dateIn(new Date(now().getTime() - DAY_MS), options.timeZone) }
    case 'Tomorrow':
      return { value: dateIn(new Date(now().getTime() + DAY_MS), options.timeZone) }
    case 'Random ID':
      return { value: ctx.runtime.newId() }
    case 'Map item with same index': {
      const params = options.mapListItemParams
      const item = valueOf(ctx, params?.baseItemVariableId)
      const base = valueOf(ctx, params?.baseListVariableId)
      const target = valueOf(ctx, params?.targetListVariableId)
      if (!Array.isArray(base) || !Array.isArray(target)) return { value: current ?? null }
      const index = base.indexOf(typeof item === 'string' ? item : null)
      return { value: index >= 0 ? (target[index] ?? null) : (current ?? null) }
    }
    case 'Pop':
      return pop(current, false, options)
    case 'Shift':
      return pop(current, true, options)
    case 'Phone number':
    case 'Contact name':
      // WhatsApp contact details: this runtime is web only, so the variable is left as is.
      return {}
    case 'Moment of the day':
      return {}
  }
}

/** The JavaScript the client runs when the value is computed on the client. */
const clientCode = (options: Options): string | undefined => {
  switch (options.type ?? 'Custom') {
    case 'Moment of the day':
      return MOMENT_OF_THE_DAY_CODE
    case 'Custom': {
      const expression = options.expressionToEvaluate ?? ''
      return expression.includes('return ') ? expression : `return ${expression}`
    }
    case 'Now':
    case 'Today':
      return 'return new Date().toISOString()'
    case 'Yesterday':
      return `return new Date(Date.now() - ${DAY_MS}).toISOString()`
    case 'Tomorrow':
      return `return new Date(Date.now() + ${DAY_MS}).toISOString()`
    default:
      return undefined
  }
}

const isKnownVariable = (variables: Variable[], id: string | null | undefined) => !!id && variables.some((v) => v.id === id)

export const setVariable: ActionKind<SetVariableBlock> = {
  type: 'Set variable',
  execute(block, ctx) {
    const options = block.options ?? {}
    if (!isKnownVariable(ctx.variables, options.variableId)) return {}
    const code = options.isExecutedOnClient || options.type === 'Moment of the day' ? clientCode(options) : undefined
    if (code) {
      return {
        clientSideActions: [{ type: 'setVariable', setVariable: { scriptToExecute: { ...clientScript(code, ctx.variables), isCode: true } }, expectsDedicatedReply: true }],
        waitsForReply: true,
      }
    }
    const { value, ...rest } = serverValue(options, ctx)
    if (value === undefined) return rest
    return { ...rest, variableUpdates: [{ variableId: options.variableId!, value }, ...(rest.variableUpdates ?? [])] }
  },
  /** The client's computed value: JSON when it parses, else the text. */
  resume(block, reply) {
    const variableId = block.options?.variableId
    if (!variableId || reply?.type !== 'text') return {}
    let value: unknown = reply.text
    try {
      value = JSON.parse(reply.text)
    } catch {}
    return { variableUpdates: [{ variableId, value: toVariableValue(value) }] }
  },
}
