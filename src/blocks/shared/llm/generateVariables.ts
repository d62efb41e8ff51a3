// "Generate variables" (forged LLM blocks): structured extraction. The model is asked, in JSON mode, for one
// object whose keys are the names of the variables to fill, described in the prompt; each usable value is stored.
import type { VariableUpdate } from '../../../engine/types.js'
import { parseVariables, toVariableValue } from '../../../engine/variables.js'
import type { ActionResult, BlockContext } from '../../../engine/kinds.js'
import { createAnthropicMessage } from './anthropic.js'
import { createChatCompletion, failureLog } from './client.js'
import { type Connection, connect } from './completion.js'

/** One `variablesToExtract` entry of the block. `isRequired` defaults to true, as in Typebot. */
export type VariableToExtract = { variableId?: string; type?: string; description?: string; isRequired?: boolean; values?: string[] }
export type Field = { variableId: string; name: string; type: string; description?: string; isRequired: boolean; values: string[] }

const typeLabel = (field: Field) =>
  field.type === 'enum' ? `one of ${field.values.map((v) => JSON.stringify(v)).join(', ')}` : field.type === 'array' ? 'array of strings' : field.type

/** The prompt sent to the model: the block's prompt, then the keys expected in the JSON answer. */
export const extractionPrompt = (prompt: string, fields: Field[]): string => {
  const keys = fields.map(
    (f) => `- ${JSON.stringify(f.name)} (${typeLabel(f)}${f.isRequired ? '' : ', or null'})${f.description ? `: ${f.description}` : ''}`,
  )
  const optional = fields.some((f) => !f.isRequired) ? '\nUse null for a value that is not in the text or that you are unsure of.' : ''
  return `${prompt}\n\nAnswer with a JSON object only, with these keys:\n${keys.join('\n')}${optional}`
}

/** A value of the answer as the field's type allows it, or undefined when it does not fit (then nothing is stored). */
const coerce = (field: Field, value: unknown): unknown => {
  if (value === null || value === undefined) return undefined
  switch (field.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
      return Number.isFinite(n) ? n : undefined
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true' || value === 'false' ? value === 'true' : undefined
    case 'array':
      return Array.isArray(value) ? value : [value]
    case 'enum':
      return field.values.includes(String(value)) ? String(value) : undefined
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
}

const typeSchema = (field: Field): Record<string, unknown> => {
  if (field.type === 'enum') return { type: 'string', enum: field.values }
  if (field.type === 'array') return { type: 'array', items: { type: 'string' } }
  return { type: ['number', 'boolean'].includes(field.type) ? field.type : 'string' }
}

/** The JSON schema of the expected answer (for APIs that take one: Anthropic's forced `json` tool). */
export const extractionSchema = (fields: Field[]) => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((f) => [f.name, { ...typeSchema(f), ...(f.description && { description: f.description }) }])),
  required: fields.filter((f) => f.isRequired).map((f) => f.name),
})

/** The variable updates of the model's answer, or undefined when it is not a JSON object. */
export const parseExtraction = (content: string, fields: Field[]): VariableUpdate[] | undefined => {
  let answer: unknown
  try {
    answer = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''))
  } catch {
    return undefined
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined
  return fields.flatMap((field) => {
    const value = coerce(field, (answer as Record<string, unknown>)[field.name])
    return value === undefined ? [] : [{ variableId: field.variableId, value: toVariableValue(value) }]
  })
}

/** The fields to extract: entries naming an existing variable, with their texts templated. */
export const extractionFields = (entries: VariableToExtract[] | undefined, ctx: BlockContext): Field[] =>
  (entries ?? []).flatMap((entry) => {
    const variable = entry.variableId ? ctx.bot.variableById.get(entry.variableId) : undefined
    if (!variable || (entry.type === 'enum' && !entry.values?.length)) return []
    const description = entry.description ? parseVariables(entry.description, ctx.variables).trim() : ''
    return [
      {
        variableId: variable.id,
        name: variable.name,
        type: entry.type ?? 'string',
        ...(description && { description }),
        isRequired: entry.isRequired !== false,
        values: entry.values ?? [],
      },
    ]
  })

export const runGenerateVariables = async (
  plan: Connection & { api?: 'openai' | 'anthropic'; model: string; prompt?: string; fields: Field[] },
  ctx: BlockContext,
): Promise<ActionResult> => {
  const connection = await connect(plan, ctx)
  if ('log' in connection) return { logs: [connection.log] }
  const { notices } = connection
  const error = (description: string, details?: string): ActionResult => ({
    logs: [...notices, { status: 'error', description, ...(details !== undefined && { details }) }],
  })
  if (!plan.model) return error(`The ${plan.label} block has no model; skipped.`)
  if (!plan.prompt) return error(`The ${plan.label} "Generate variables" action has no prompt; skipped.`)
  if (plan.fields.length === 0) return error(`The ${plan.label} "Generate variables" action has no variable to extract; skipped.`)
  const messages = [{ role: 'user' as const, content: extractionPrompt(plan.prompt, plan.fields) }]
  // OpenAI-style APIs are asked for a JSON object; Anthropic's, to call a tool whose input is the object.
  const outcome =
    plan.api === 'anthropic'
      ? await createAnthropicMessage(
          ctx.runtime,
          connection.endpoint,
          { model: plan.model, messages },
          { jsonTool: { inputSchema: extractionSchema(plan.fields) } },
        )
      : await createChatCompletion(ctx.runtime, connection.endpoint, { model: plan.model, messages, jsonObject: true })
  if (!outcome.ok) return { logs: [...notices, failureLog(plan.label, outcome)] }
  const variableUpdates = parseExtraction(outcome.content, plan.fields)
  if (!variableUpdates) return error(`${plan.label} did not answer with a JSON object; no variable was set.`, outcome.content.slice(0, 1000))
  return { variableUpdates, ...(notices.length && { logs: notices }) }
}
