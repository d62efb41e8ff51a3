// Maps an HTTP-like response `{ statusCode, data }` into variables: each `bodyPath` (e.g. `data.items[0].name`,
// `statusCode`, `data.map(i => i.id)`) is evaluated in the sandbox; paths that fail are skipped.
import type { BlockContext } from '../../engine/kinds.js'
import type { VariableUpdate } from '../../engine/types.js'
import { parseVariables, toVariableValue } from '../../engine/variables.js'

export type HttpResponse = { statusCode: number; data: unknown }
type Mapping = { variableId?: string | null; bodyPath?: string | null }

export const mapResponse = async (mappings: Mapping[] | null | undefined, response: HttpResponse, ctx: BlockContext): Promise<VariableUpdate[]> => {
  const updates: VariableUpdate[] = []
  for (const m of mappings ?? []) {
    if (!m.variableId) continue
    const path = parseVariables(m.bodyPath, ctx.variables).trim() || 'data'
    const result = await ctx.runtime.evaluate(`return (${path})`, { data: response.data, statusCode: response.statusCode })
    if (result.ok && result.value !== undefined) updates.push({ variableId: m.variableId, value: toVariableValue(result.value) })
  }
  return updates
}

/** A client's or webhook's reply `{ statusCode?, data? }` (JSON text). */
export const parseResponseReply = (text: string): HttpResponse | undefined => {
  try {
    const parsed = JSON.parse(text)
    if (!parsed || typeof parsed !== 'object') return undefined
    return { statusCode: typeof parsed.statusCode === 'number' ? parsed.statusCode : 200, data: parsed.data }
  } catch {
    return undefined
  }
}
