// Set variable: computes a value from one of 21 sources (options.type) and stores it. Custom expressions run in
// the sandbox; with `isExecutedOnClient` (and always for "Moment of the day" and "Device type") the browser computes
// the value and sends it back as a dedicated reply. Chats on a messaging app have no browser: the server computes
// what it can (as Typebot does for WhatsApp), and the contact's details come from the messaging app.
import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import type { SetVariableBlock } from './schema.js'
import type { Variable } from '../../../contract/bot/common.js'
import type { VariableValue } from '../../../engine/types.js'
import {
  codeGlobals,
  parseVariables,
  singleVariableName,
  toFunctionBody,
  toVariableValue,
  variableById,
  variableByName,
  variablePosition,
} from '../../../engine/variables.js'
import type { ActionKind, ActionResult, BlockContext, BlockExecutor, MaybePromise } from '../../../engine/kinds.js'
import { clientScript } from '../script/kind.js'

const DAY_MS = 86_400_000

const MOMENT_OF_THE_DAY_CODE = "const hour = new Date().getHours(); return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening'"
/** The same, on the server (chats without a browser): the server's local hour. */
const momentOfTheDay = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening')

const DEVICE_TYPE_CODE = `const ua = navigator.userAgent
const touch = navigator.maxTouchPoints > 0
const width = window.innerWidth
if (/tablet|ipad|playbook|silk|android(?!.*mobile)/i.test(ua) || (touch && width >= 768 && width <= 1024)) return 'tablet'
if (/mobile|android|iphone|ipod|iemobile|blackberry|kindle/i.test(ua) || (touch && width < 768)) return 'mobile'
return 'desktop'`

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

type Computed = ActionResult & { value?: VariableValue }
/** Where a block's value comes from, resolved once for the block: computes the value each time the block runs. */
type Source = (ctx: BlockContext) => MaybePromise<Computed>

/** Reads a variable's current value (undefined without an id). */
const valueReader = (variables: Variable[], id: string | null | undefined): ((ctx: BlockContext) => VariableValue) => {
  if (!id) return () => undefined
  const at = variablePosition(variables, 'id', id)
  return (ctx) => variableById(ctx.variables, id, at)?.value as VariableValue
}

/** Reads the variable a text names when it is exactly one `{{name}}` (see `singleVariable`). */
const singleVariableReader = (text: string | null | undefined, variables: Variable[]): ((ctx: BlockContext) => Variable | undefined) => {
  const name = singleVariableName(text)
  if (name === undefined) return () => undefined
  const at = variablePosition(variables, 'name', name)
  return (ctx) => variableByName(ctx.variables, name, at)
}

/** Custom expression: copy a single `{{var}}`, keep leading-zero numbers, else run it as code (reference 2.3). */
const customSource = (expression: string, options: Options, variables: Variable[]): Source => {
  const single = singleVariableReader(expression, variables)
  const isSingle = singleVariableName(expression) !== undefined
  const trimmed = expression.trim()
  const hasLeadingZero = /^0[0-9]+$/.test(trimmed)
  return (ctx) => {
    const variable = single(ctx)
    if (variable) return { value: (variable.value as VariableValue) ?? null }
    // A lone `{{…}}` naming no variable (`{{crypto.randomUUID()}}` too) is still read as one, as Typebot: empty, no code run.
    if (isSingle) return { value: '' }
    if (hasLeadingZero) return { value: trimmed }
    return ctx.runtime.evaluate(toFunctionBody(expression, ctx.variables), codeGlobals(ctx.variables)).then((result): Computed => {
      if (result.ok) return { value: toVariableValue(result.value) }
      const fallback = parseVariables(expression, ctx.variables)
      if (!options.isCode) return { value: fallback }
      return { value: fallback, logs: [{ status: 'error', description: 'Error evaluating Set variable code', details: result.error }] }
    })
  }
}

const transcript = (ctx: BlockContext): string =>
  ctx.transcript.map((line) => `${line.role === 'user' ? 'User' : 'Assistant'}: "${line.text}"`).join('\n\n')

const pop = (current: VariableValue, fromStart: boolean, options: Options): Computed => {
  if (!Array.isArray(current)) return { value: current ?? null }
  const list = [...current]
  const item = fromStart ? list.shift() : list.pop()
  const save = options.saveItemInVariableId
  return { value: list, ...(save && { variableUpdates: [{ variableId: save, value: item ?? null }] }) }
}

const serverSource = (options: Options, variables: Variable[]): Source => {
  const current = valueReader(variables, options.variableId)
  switch (options.type ?? 'Custom') {
    case 'Custom':
      return customSource(options.expressionToEvaluate ?? '', options, variables)
    case 'Empty':
      return () => ({ value: null })
    case 'Append value(s)': {
      const single = singleVariableReader(options.item, variables)
      return (ctx) => {
        const variable = single(ctx)
        const item = variable ? ((variable.value as VariableValue) ?? null) : parseVariables(options.item, ctx.variables)
        const value = current(ctx)
        if (value === undefined || value === null) return { value: Array.isArray(item) ? item : [item] }
        return { value: (Array.isArray(value) ? value : [value]).concat(item) }
      }
    }
    case 'Environment name':
      return (ctx) => ({ value: ctx.client?.environment ?? 'web' })
    case 'Transcript':
      return (ctx) => ({ value: transcript(ctx) })
    case 'User ID':
    case 'Result ID':
      return (ctx) => ({ value: ctx.entry.resultId ?? ctx.runtime.newId() })
    case 'Now':
    case 'Today':
      return (ctx) => ({ value: dateIn(ctx.runtime.now(), options.timeZone) })
    case 'Yesterday':
      return (ctx) => ({ value: dateIn(new Date(ctx.runtime.now().getTime() - DAY_MS), options.timeZone) })
    case 'Tomorrow':
      return (ctx) => ({ value: dateIn(new Date(ctx.runtime.now().getTime() + DAY_MS), options.timeZone) })
    case 'Random ID':
      return (ctx) => ({ value: ctx.runtime.newId() })
    case 'Map item with same index': {
      const params = options.mapListItemParams
      const baseItem = valueReader(variables, params?.baseItemVariableId)
      const baseList = valueReader(variables, params?.baseListVariableId)
      const targetList = valueReader(variables, params?.targetListVariableId)
      return (ctx) => {
        const item = baseItem(ctx)
        const base = baseList(ctx)
        const target = targetList(ctx)
        if (!Array.isArray(base) || !Array.isArray(target)) return { value: current(ctx) ?? null }
        const index = base.indexOf(typeof item === 'string' ? item : null)
        return { value: index >= 0 ? (target[index] ?? null) : (current(ctx) ?? null) }
      }
    }
    case 'Pop':
      return (ctx) => pop(current(ctx), false, options)
    case 'Shift':
      return (ctx) => pop(current(ctx), true, options)
    case 'Phone number':
      return (ctx) => ({ value: ctx.client?.contact.phoneNumber || null })
    case 'Contact name':
      return (ctx) => ({ value: ctx.client?.contact.name || null })
    case 'Referral Click ID':
      return (ctx) => ({ value: ctx.client?.referral?.ctwaClickId || null })
    case 'Referral Source ID':
      return (ctx) => ({ value: ctx.client?.referral?.sourceId || null })
    case 'Moment of the day':
      return (ctx) => ({ value: momentOfTheDay(ctx.runtime.now().getHours()) })
    case 'Device type':
      // A messaging app tells nothing of the device: the variable keeps its value.
      return () => ({})
  }
}

/** The JavaScript the client runs when the value is computed on the client. */
const clientCode = (options: Options): string | undefined => {
  switch (options.type ?? 'Custom') {
    case 'Moment of the day':
      return MOMENT_OF_THE_DAY_CODE
    case 'Device type':
      return DEVICE_TYPE_CODE
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

/** The block's result: its value stored first, then any other update (the item Pop and Shift take out). */
const withValue = (variableId: string, computed: Computed): ActionResult => {
  const { value, logs, variableUpdates } = computed
  if (value === undefined) return computed
  const update = { variableId, value }
  const updates = variableUpdates ? [update, ...variableUpdates] : [update]
  return logs ? { logs, variableUpdates: updates } : { variableUpdates: updates }
}

const compileBlock = (block: SetVariableBlock, variables: Variable[]): BlockExecutor => {
  const options = block.options ?? {}
  const variableId = options.variableId
  if (!variableId || !variables.some((v) => v.id === variableId)) return () => ({})
  const onClient = options.isExecutedOnClient || options.type === 'Moment of the day' || options.type === 'Device type'
  const code = onClient ? clientCode(options) : undefined
  const source = serverSource(options, variables)
  const onServer: BlockExecutor = (ctx) => {
    const computed = source(ctx)
    return computed instanceof Promise ? computed.then((c) => withValue(variableId, c)) : withValue(variableId, computed)
  }
  if (code) {
    return (ctx) =>
      ctx.client
        ? onServer(ctx)
        : {
            clientSideActions: [
              {
                type: 'setVariable',
                setVariable: { scriptToExecute: { ...clientScript(code, ctx.variables), isCode: true } },
                expectsDedicatedReply: true,
              },
            ],
            waitsForReply: true,
          }
  }
  return onServer
}

export const setVariable: ActionKind<SetVariableBlock> = {
  type: 'Set variable',
  category: 'logic',
  execute: (block, ctx) => compileBlock(block, ctx.variables)(ctx),
  compile: (block, bot) => compileBlock(block, bot.variables),
  // A variable set to the transcript lives in the session only, and makes the engine keep the conversation.
  sessionVariables: (block) =>
    block.options?.type === 'Transcript' && block.options.variableId ? { variableIds: [block.options.variableId], needsTranscript: true } : undefined,
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
