// NocoDB plugin block (`nocodb`): "Search Records", "Create Record" and "Update Existing Record" against NocoDB's v2
// REST API (`{baseUrl}/api/v2/tables/{tableId}/records`, the API token in `xc-token`), with Typebot's filters turned
// into a `where` clause, found values mapped into variables, and LinkToAnotherRecord columns linked through
// `/links/{columnId}/records/{rowId}`. Typebot has no delete action.
import type { GenericBlock } from '../../../contract/bot/blocks/index.js'
import type { ActionKind, BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'
import { toVariableValue } from '../../../engine/variables.js'
import type { z } from 'zod'
import type { createRecordOptions, NocodbFilter, searchRecordsOptions, updateExistingRecordOptions } from './schema.js'
import { blockCredentials, callService, configError, credentialText, failureLog, templatedOptions, text, trimBase } from '../../shared/service.js'

export const DEFAULT_NOCODB_BASE_URL = 'https://app.nocodb.com'
/** Typebot reads one page of this many rows. */
const PAGE_LIMIT = 1000

type Filter = NocodbFilter
type Comparison = NonNullable<NonNullable<Filter>['comparisons']>[number]
/** What the block's actions read (their schemas in ./schema.ts), plus the action chosen. */
type Options = { action?: string } & z.infer<typeof searchRecordsOptions> &
  z.infer<typeof createRecordOptions> &
  z.infer<typeof updateExistingRecordOptions>

type Api = { ctx: BlockContext; baseUrl: string; token: string }
type Row = Record<string, unknown> & { Id?: number | string }

const call = (api: Api, method: string, path: string, json?: unknown) =>
  callService(api.ctx, { url: `${api.baseUrl}/api/v2${path}`, method, headers: { 'xc-token': api.token }, json }, [api.token])

const fragment = ({ input, operator, value }: Comparison): string => {
  switch (operator) {
    case 'Not equal':
      return `(${input},ne,${value})`
    case 'Contains':
      return `(${input},like,%${value}%)`
    case 'Greater than':
      return `(${input},gt,${value})`
    case 'Less than':
      return `(${input},lt,${value})`
    case 'Is set':
      return `(${input},isnot,null)`
    case 'Is empty':
      return `(${input},is,null)`
    case 'Starts with':
      return `(${input},like,${value}%)`
    case 'Ends with':
      return `(${input},like,%${value})`
    default:
      return `(${input},eq,${value})`
  }
}

/**
 * The filter as NocoDB's `where` clause. Its syntax has no escaping, and values are often the user's answers: a
 * parenthesis or `~` in one could close the comparison and add others (`x)~or(Id,gt,0`), so such values are refused.
 */
export const whereClause = (filter: Filter | undefined): { where?: string } | { error: string } => {
  const comparisons = (filter?.comparisons ?? []).filter((c) => text(c.input))
  const unsafe = comparisons.find((c) => /[()~]/.test(`${c.input ?? ''}${c.value ?? ''}`))
  if (unsafe) return { error: `The filter on "${unsafe.input}" has a value with "(", ")" or "~", which NocoDB's where syntax cannot escape.` }
  if (!comparisons.length) return {}
  return { where: comparisons.map(fragment).join(filter?.joiner === 'OR' ? '~or' : '~and') }
}

const searchRows = async (api: Api, tableId: string, options: Options, where: string | undefined) => {
  const query = new URLSearchParams()
  if (where) query.set('where', where)
  const viewId = text(options.viewId)
  if (viewId) query.set('viewId', viewId)
  query.set('limit', String(PAGE_LIMIT))
  const answer = await call(api, 'GET', `/tables/${encodeURIComponent(tableId)}/records?${query}`)
  if (!answer.ok) return answer
  const list: Row[] = Array.isArray(answer.data?.list) ? answer.data.list : []
  const totalRows = typeof answer.data?.pageInfo?.totalRows === 'number' ? answer.data.pageInfo.totalRows : list.length
  return { ok: true as const, list, totalRows }
}

/** The rows Search keeps: one by its return type, else all (also when the chosen one lies beyond the page read). */
const pick = (list: Row[], totalRows: number, returnType: Options['returnType'], ctx: BlockContext): Row[] => {
  const index =
    returnType === 'First' ? 0 : returnType === 'Last' ? totalRows - 1 : returnType === 'Random' ? Math.floor(ctx.runtime.random() * totalRows) : -1
  return list[index] ? [list[index]] : list
}

/** LinkToAnotherRecord columns named by a field with a value: the value (a JSON array of ids, or one id) is linked to each row. */
const linkRelations = async (api: Api, tableId: string, pairs: [string, string][], rowIds: (number | string)[]): Promise<BlockLog[]> => {
  if (!pairs.length || !rowIds.length) return []
  const meta = await call(api, 'GET', `/meta/tables/${encodeURIComponent(tableId)}`)
  if (!meta.ok) return [failureLog('NocoDB: could not read the table to link records', meta)]
  const columns: { id?: string; title?: string; uidt?: string }[] = Array.isArray(meta.data?.columns) ? meta.data.columns : []
  const logs: BlockLog[] = []
  for (const column of columns.filter((c) => c.uidt === 'LinkToAnotherRecord' && c.id)) {
    const value = pairs.find(([name]) => name === column.title)?.[1]
    if (!value) continue
    const ids = linkedIds(value)
    for (const rowId of rowIds) {
      const linked = await call(
        api,
        'POST',
        `/tables/${encodeURIComponent(tableId)}/links/${encodeURIComponent(column.id!)}/records/${rowId}`,
        ids.map((Id) => ({ Id })),
      )
      if (!linked.ok) logs.push(failureLog(`NocoDB: could not link "${column.title}" of record ${rowId}`, linked))
    }
  }
  return logs
}

const linkedIds = (value: string): unknown[] => {
  if (value.startsWith('[') && value.endsWith(']')) {
    try {
      const parsed = JSON.parse(value)
      if (Array.isArray(parsed)) return parsed
    } catch {}
  }
  return [value]
}

const search = async (api: Api, tableId: string, options: Options): Promise<{ logs: BlockLog[]; variableUpdates?: VariableUpdate[] }> => {
  const where = whereClause(options.filter)
  if ('error' in where) return { logs: [configError(`NocoDB Search Records: ${where.error}`)] }
  const found = await searchRows(api, tableId, options, where.where)
  if (!found.ok) return { logs: [failureLog('While searching NocoDB records', found)] }
  const rows = pick(found.list, found.totalRows, options.returnType, api.ctx)
  if (!rows.length)
    return { logs: [{ status: 'info', description: "Couldn't find any rows matching the filter", details: JSON.stringify(options.filter ?? {}) }] }
  const logs: BlockLog[] = []
  const variableUpdates: VariableUpdate[] = []
  for (const { fieldName, variableId } of options.responseMapping ?? []) {
    const field = text(fieldName)
    if (!field || !variableId) continue
    if (rows[0][field] === undefined || rows[0][field] === null) {
      logs.push({ status: 'error', description: `Field ${field} does not exist in the table` })
      continue
    }
    const values = rows.map((row) => row[field])
    variableUpdates.push({ variableId, value: toVariableValue(values.length === 1 ? values[0] : values) })
  }
  logs.push({ status: 'success', description: `NocoDB Search Records: ${rows.length} row(s) found` })
  return { logs, variableUpdates }
}

const create = async (api: Api, tableId: string, options: Options): Promise<{ logs: BlockLog[] }> => {
  const pairs = (options.fields ?? []).flatMap((f) => (text(f.key) && f.value ? [[text(f.key)!, f.value] as [string, string]] : []))
  if (!pairs.length) return { logs: [configError('NocoDB Create Record: no field to set (each needs a name and a value)')] }
  const created = await call(api, 'POST', `/tables/${encodeURIComponent(tableId)}/records`, Object.fromEntries(pairs))
  if (!created.ok) return { logs: [failureLog('While creating NocoDB record', created)] }
  const id = created.data?.Id
  const linkLogs = id === undefined ? [] : await linkRelations(api, tableId, pairs, [id])
  return { logs: [{ status: 'success', description: `NocoDB Create Record: record ${id ?? ''} created`.trim() }, ...linkLogs] }
}

const update = async (api: Api, tableId: string, options: Options): Promise<{ logs: BlockLog[] }> => {
  const updates = (options.updates ?? []).flatMap((u) => (text(u.fieldName) ? [[text(u.fieldName)!, u.value ?? ''] as [string, string]] : []))
  if (!updates.length) return { logs: [configError('NocoDB Update Existing Record: At least one update is required')] }
  const where = whereClause(options.filter)
  if ('error' in where) return { logs: [configError(`NocoDB Update Existing Record: ${where.error}`)] }
  if (!where.where) return { logs: [configError('NocoDB Update Existing Record: At least one filter is required')] }
  const found = await searchRows(api, tableId, options, where.where)
  if (!found.ok) return { logs: [failureLog('While updating NocoDB existing record', found)] }
  const ids = found.list.flatMap((row) => (row.Id === undefined ? [] : [row.Id]))
  if (!ids.length)
    return { logs: [{ status: 'info', description: 'NocoDB Update Existing Record: no record matches the filter', details: where.where }] }
  // Empty values clear the field (Typebot drops empty options, which it then sends as null).
  const body = ids.map((Id) => ({ Id, ...Object.fromEntries(updates.map(([name, value]) => [name, value === '' ? null : value])) }))
  const patched = await call(api, 'PATCH', `/tables/${encodeURIComponent(tableId)}/records`, body)
  if (!patched.ok) return { logs: [failureLog('While updating NocoDB existing record', patched)] }
  const linkLogs = await linkRelations(api, tableId, updates, ids)
  return { logs: [{ status: 'success', description: `NocoDB Update Existing Record: ${ids.length} record(s) updated` }, ...linkLogs] }
}

const actions: Record<string, typeof search> = { 'Search Records': search, 'Create Record': create, 'Update Existing Record': update }

export const forgedNocodb: ActionKind<GenericBlock> = {
  type: 'nocodb',
  category: 'integration',
  async execute(block, ctx) {
    const options = await templatedOptions<Options>(block.options, ctx)
    const run = options.action ? actions[options.action] : undefined
    if (!run)
      return { logs: [configError(options.action ? `NocoDB "${options.action}" is not an action of this block.` : 'nocodb is not configured')] }
    const found = await blockCredentials('NocoDB', options.credentialsId, ctx, ['apiKey'])
    if ('log' in found) return { logs: [found.log] }
    const tableId = text(options.tableId)
    if (!tableId) return { logs: [configError(`NocoDB ${options.action}: Table ID is required`)] }
    const api: Api = {
      ctx,
      token: credentialText(found.credentials, 'apiKey')!,
      baseUrl: trimBase(credentialText(found.credentials, 'baseUrl') ?? DEFAULT_NOCODB_BASE_URL),
    }
    return run(api, tableId, options)
  },
}
