// Functions a model may call (the `tools` of chat blocks, the `functions` of Ask Assistant). Their code runs in the
// sandbox like a server-side Script block, with the call's arguments as globals; its setVariable calls become
// variable updates of the block, and its return value (text, else JSON) is the call's output.
import type { Variable } from '../../../contract/bot/common.js'
import type { Runtime, VariableUpdate } from '../../../engine/types.js'
import { codeGlobals, parseVariables, toVariableValue } from '../../../engine/variables.js'

/** A `tools` entry of a chat block (Typebot's shape). */
export type ToolOption = {
  type?: string
  name?: string
  description?: string
  parameters?: { type?: string; name?: string; description?: string; required?: boolean; values?: string[] }[]
  code?: string
}
/** A function as models are told about it: its arguments as a JSON schema. */
export type ToolSpec = { name: string; description?: string; parameters: Record<string, unknown> }

export type ToolRunner = {
  /** The output of one call; an unknown function or a failing one answers `{"error": …}`. */
  run(name: string, args: unknown): Promise<string>
  /** What the functions set so far. */
  updates: VariableUpdate[]
}

/** At most this many model calls for one answer (Typebot's AI SDK stops after 6 steps). */
export const MAX_TOOL_STEPS = 6

const parameterSchema = (p: NonNullable<ToolOption['parameters']>[number]) => ({
  ...(p.type === 'enum' ? { type: 'string', enum: p.values ?? [] } : { type: ['number', 'boolean'].includes(p.type ?? '') ? p.type : 'string' }),
  ...(p.description && { description: p.description }),
})

/** Tools with both a name and code, described for the model (the code stays with them, for `toolRunner`). */
export const toolSpecs = (tools: ToolOption[] | undefined): (ToolSpec & { code: string })[] =>
  (Array.isArray(tools) ? tools : []).flatMap((tool) => {
    if (!tool?.name || !tool.code) return []
    const parameters = (tool.parameters ?? []).filter((p) => p.name && (p.type !== 'enum' || p.values?.length))
    return [
      {
        name: tool.name,
        ...(tool.description && { description: tool.description }),
        parameters: {
          type: 'object',
          properties: Object.fromEntries(parameters.map((p) => [p.name!, parameterSchema(p)])),
          required: parameters.filter((p) => p.required !== false).map((p) => p.name!),
        },
        code: tool.code,
      },
    ]
  })

/** The code of a function the model may call (templated with the variables when it runs). */
export type FunctionCode = { name?: string; code?: string }

/**
 * Runs the given functions' code for a block's calls, with the variables' values of the turn (or, for a streamed
 * answer, of the paused chat).
 */
export const toolRunner = (functions: FunctionCode[], ctx: { variables: Variable[]; runtime: Runtime }): ToolRunner => {
  const updates: VariableUpdate[] = []
  return {
    updates,
    async run(name, args) {
      const fn = functions.find((f) => f.name === name && f.code)
      if (!fn) return JSON.stringify({ error: `Function "${name}" not found` })
      const body = parseVariables(fn.code!, ctx.variables, { fieldToParse: 'id' })
      const globals = { ...codeGlobals(ctx.variables), ...(args && typeof args === 'object' && !Array.isArray(args) ? args : {}) }
      const result = await ctx.runtime.runScript(body, globals)
      for (const set of result.setVariables) {
        const variable = ctx.variables.find((v) => v.name === set.name)
        if (variable) updates.push({ variableId: variable.id, value: toVariableValue(set.value) })
      }
      const output = result.ok ? result.value : { error: result.error ?? 'The function failed' }
      return typeof output === 'string' ? output : (JSON.stringify(output) ?? '')
    },
  }
}

/** A call's arguments, from the JSON text models send (`{}` when unreadable). */
export const parseArguments = (text: unknown): unknown => {
  if (typeof text !== 'string') return text ?? {}
  try {
    return JSON.parse(text || '{}')
  } catch {
    return {}
  }
}
