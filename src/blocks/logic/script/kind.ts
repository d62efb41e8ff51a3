// Script ("Code"): by default sent to the client as `scriptToExecute`; with `isExecutedOnClient: false` it runs in
// the server's sandbox, where `setVariable(name, value)` changes variables by name.
import type { ScriptBlock } from './schema.js'
import type { Variable } from '../../../contract/bot/common.js'
import { codeGlobals, guessValueType, parseVariables, toVariableValue } from '../../../engine/variables.js'
import type { ActionKind } from '../../../engine/kinds.js'

/** Variables a piece of code mentions as `{{name}}`, for the client's `args`. */
export const referencedVariables = (code: string, variables: Variable[]): Variable[] => {
  const names = new Set([...code.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1].trim()))
  return variables.filter((v) => names.has(v.name))
}

/** The client-side form of bot code: `{{name}}` replaced by variable ids, and their typed values as args. */
export const clientScript = (code: string, variables: Variable[]) => ({
  content: parseVariables(code, variables, { fieldToParse: 'id' }),
  args: referencedVariables(code, variables).map((v) => ({ id: v.id, value: guessValueType(v.value) ?? null })),
})

export const script: ActionKind<ScriptBlock> = {
  type: 'Code',
  category: 'logic',
  async execute(block, ctx) {
    const code = block.options?.content ?? ''
    if (!code.trim()) return {}
    if (block.options?.isExecutedOnClient !== false) {
      return { clientSideActions: [{ type: 'scriptToExecute', scriptToExecute: { ...clientScript(code, ctx.variables), isCode: true } }] }
    }
    const body = parseVariables(code, ctx.variables, { fieldToParse: 'id' })
    const run = await ctx.runtime.runScript(body, codeGlobals(ctx.variables))
    const variableUpdates = run.setVariables.flatMap(({ name, value }) => {
      const variable = ctx.variables.find((v) => v.name === name)
      return variable ? [{ variableId: variable.id, value: toVariableValue(value) }] : []
    })
    return {
      variableUpdates,
      ...(!run.ok && { logs: [{ status: 'error' as const, description: run.error ?? 'Script failed', details: block.options?.name ?? 'Script' }] }),
    }
  },
}
