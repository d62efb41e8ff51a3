// Google Sheets: insert a row, update the rows matching a filter, or read matching rows into variables, through the
// Sheets v4 REST API with the workspace's Google credentials (docs/credentials.md). The sheet's first row names the
// columns. Like Typebot, a block without its action or sheet does nothing, and the flow always goes on.
import { googleAccess } from './googleAuth.js'
import { cellOf, matchesFilter, pickRows, type SheetTable, sheetTable } from './rows.js'
import { GoogleSheetsAction, type GoogleSheetsBlock } from './schema.js'
import { type SheetsApi, SheetsError, sheetsApi } from './sheetsApi.js'
import { template } from '../../shared/inputs.js'
import type { ActionKind, ActionResult, BlockContext, BlockLog } from '../../../engine/kinds.js'
import type { VariableUpdate } from '../../../engine/types.js'

type Options = NonNullable<GoogleSheetsBlock['options']>
type Cell = { column?: string | null; value?: string | null }

const errorLog = (description: string, details?: unknown): BlockLog => ({
  status: 'error',
  description,
  ...(details !== undefined && { details: JSON.stringify(details) }),
})

/** The sheet's API and title, or the log saying why it cannot be reached. */
const openSheet = async (options: Options, ctx: BlockContext): Promise<{ api: SheetsApi; spreadsheet: string; sheet: string } | BlockLog> => {
  if (!options.credentialsId || !options.spreadsheetId) return errorLog('Missing credentialsId or spreadsheetId')
  const credentials = await ctx.credentials(options.credentialsId)
  if (!credentials)
    return errorLog('Credentials not provided for integration: the Google Sheets block has no Google account selected, or it no longer exists.')
  const access = await googleAccess(ctx.runtime, credentials)
  if ('error' in access) return errorLog(access.error, access.details)
  const api = sheetsApi(ctx.runtime, access, options.spreadsheetId)
  const titles = await api.titles(options.sheetId ?? '')
  if (titles.sheet === undefined) return errorLog(`No sheet with id ${options.sheetId} in the spreadsheet "${titles.spreadsheet}"`)
  return { api, spreadsheet: titles.spreadsheet, sheet: titles.sheet }
}

/** The sheet's table: every row, or only the column names (`headersOnly`). */
const readTable = async (api: SheetsApi, sheet: string, headersOnly = false): Promise<SheetTable> => {
  const table = sheetTable(await api.values(sheet, headersOnly ? '1:1' : undefined))
  if (!table) throw new SheetsError(`The first row of the sheet "${sheet}" is empty: it must name the columns`)
  return table
}

/** Cells with a column and a value (the others are left out, as in Typebot). */
const filledCells = (cells: Cell[] | null | undefined) => (cells ?? []).filter((c): c is { column: string; value: string } => !!c.column && !!c.value)

const insertRow = async (options: Options, ctx: BlockContext): Promise<BlockLog[]> => {
  if (!options.cellsToInsert?.length || !options.sheetId) return []
  const opened = await openSheet(options, ctx)
  if ('status' in opened) return [opened]
  const { headers } = await readTable(opened.api, opened.sheet, true)
  const values = new Map(filledCells(options.cellsToInsert).map((c) => [c.column, c.value]))
  // Columns the sheet does not have are dropped, as Typebot's client library does.
  await opened.api.append(
    opened.sheet,
    headers.map((header) => values.get(header) ?? ''),
  )
  return [{ status: 'success', description: `Successfully inserted row in ${opened.spreadsheet} > ${opened.sheet}` }]
}

const updateRows = async (options: Options, ctx: BlockContext): Promise<BlockLog[]> => {
  if (!options.cellsToUpsert?.length || !options.sheetId || !options.filter) return []
  const opened = await openSheet(options, ctx)
  if ('status' in opened) return [opened]
  const table = await readTable(opened.api, opened.sheet)
  const matching = table.rows.filter((row) => matchesFilter(table, row, options.filter))
  if (matching.length === 0)
    return [{ status: 'info', description: 'Could not find any row that matches the filter', details: JSON.stringify(options.filter) }]
  const cells = filledCells(options.cellsToUpsert)
  const unknown = cells.filter((c) => !table.headers.includes(c.column)).map((c) => c.column)
  if (unknown.length)
    return [errorLog(`The sheet "${opened.sheet}" has no column ${unknown.map((c) => `"${c}"`).join(', ')}`, { columns: table.headers })]
  await opened.api.write(
    opened.sheet,
    matching.flatMap((row) => cells.map((c) => ({ row: row.index, column: table.headers.indexOf(c.column), value: c.value }))),
  )
  return [{ status: 'success', description: 'Successfully updated matching rows', details: JSON.stringify({ rows: matching.length }) }]
}

/** Matching rows into variables: one row sets values, several set lists (one item per row). */
const getRows = async (options: Options, ctx: BlockContext): Promise<ActionResult> => {
  if (!options.sheetId) return {}
  const opened = await openSheet(options, ctx)
  if ('status' in opened) return { logs: [opened] }
  const table = await readTable(opened.api, opened.sheet)
  const matching = table.rows.filter((row) => matchesFilter(table, row, options.filter))
  const rows = pickRows(matching, options.totalRowsToExtract, ctx.runtime.random)
  if (rows.length === 0) {
    return { logs: [{ status: 'info', description: "Couldn't find any rows matching the filter", details: JSON.stringify(options.filter ?? null) }] }
  }
  const variableUpdates: VariableUpdate[] = []
  for (const cell of options.cellsToExtract ?? []) {
    if (!cell.column || !cell.variableId || !ctx.bot.variableById.has(cell.variableId)) continue
    const values = rows.map((row) => cellOf(table, row, cell.column!) ?? null)
    variableUpdates.push({ variableId: cell.variableId, value: values.length === 1 ? values[0] : values })
  }
  return { variableUpdates }
}

const contexts = {
  [GoogleSheetsAction.INSERT_ROW]: 'inserting a row',
  [GoogleSheetsAction.UPDATE_ROW]: 'updating rows',
  [GoogleSheetsAction.GET]: 'getting rows',
} as const

export const googleSheets: ActionKind<GoogleSheetsBlock> = {
  type: 'Google Sheets',
  category: 'integration',
  async execute(block, ctx) {
    const action = block.options?.action
    if (!block.options || !action) return {}
    // Empty texts count as unset once templated (a filter value of "{{Unset}}" is no value).
    const options = withoutEmptyTexts(await template(block.options, ctx)) as Options
    try {
      if (action === GoogleSheetsAction.INSERT_ROW) return { logs: await insertRow(options, ctx) }
      if (action === GoogleSheetsAction.UPDATE_ROW) return { logs: await updateRows(options, ctx) }
      return await getRows(options, ctx)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const status = err instanceof SheetsError ? err.status : undefined
      return { logs: [errorLog(`Google Sheets error while ${contexts[action]}: ${message}`, status === undefined ? undefined : { status })] }
    }
  },
}

const withoutEmptyTexts = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutEmptyTexts)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => [k, withoutEmptyTexts(v)]),
    )
  }
  return value
}
