// A sheet as the block reads it: the first row names the columns, the rows below are records. Filters compare a
// column's text with a value the way Typebot's Sheets block does (not the Condition block's rules).
import { type ComparisonOperator, ComparisonOperators, LogicalOperator } from '../../../contract/bot/common.js'

export type SheetRow = { /** 0-based row index in the sheet. */ index: number; cells: string[] }
export type SheetTable = { headers: string[]; rows: SheetRow[] }
export type SheetFilter = {
  comparisons?: { column?: string | null; comparisonOperator?: ComparisonOperator | null; value?: string | null }[] | null
  logicalOperator?: LogicalOperator | null
}

/** The table of a sheet's values; undefined when the first row is empty (no column names). */
export const sheetTable = (values: string[][]): SheetTable | undefined => {
  const headers = (values[0] ?? []).map((header) => header.trim())
  if (!headers.some(Boolean)) return undefined
  return { headers, rows: values.slice(1).map((cells, i) => ({ index: i + 1, cells })) }
}

/** A row's text in a column (the first column of that name); undefined when the row has no such cell. */
export const cellOf = (table: SheetTable, row: SheetRow, column: string): string | undefined => {
  const at = table.headers.indexOf(column)
  return at < 0 ? undefined : row.cells[at]
}

const folded = (text: string) => text.toLowerCase().trim().normalize()

const compare = (cell: string | undefined, operator: ComparisonOperator | null | undefined, value: string | undefined): boolean => {
  const both = !!cell && !!value
  switch (operator) {
    case ComparisonOperators.EQUAL:
      return cell?.normalize() === value?.normalize()
    case ComparisonOperators.NOT_EQUAL:
      return cell?.normalize() !== value?.normalize()
    case ComparisonOperators.CONTAINS:
      return both && folded(cell).includes(folded(value))
    case ComparisonOperators.NOT_CONTAINS:
      return both && !folded(cell).includes(folded(value))
    case ComparisonOperators.STARTS_WITH:
      return both && folded(cell).startsWith(folded(value))
    case ComparisonOperators.ENDS_WITH:
      return both && folded(cell).endsWith(folded(value))
    case ComparisonOperators.GREATER:
      return both && Number.parseFloat(cell) > Number.parseFloat(value)
    case ComparisonOperators.LESS:
      return both && Number.parseFloat(cell) < Number.parseFloat(value)
    case ComparisonOperators.IS_SET:
      return !!cell
    case ComparisonOperators.IS_EMPTY:
      return !cell
    default:
      // Typebot's Sheets filter knows no other operator: such a comparison never holds.
      return false
  }
}

/**
 * Whether a row passes the filter: every comparison (AND) or one of them (OR, the default). A comparison without a
 * column never holds; no filter lets every row through.
 */
export const matchesFilter = (table: SheetTable, row: SheetRow, filter: SheetFilter | null | undefined): boolean => {
  if (!filter) return true
  const holds = (c: NonNullable<SheetFilter['comparisons']>[number]) =>
    !!c.column && compare(cellOf(table, row, c.column), c.comparisonOperator, c.value || undefined)
  const comparisons = filter.comparisons ?? []
  return filter.logicalOperator === LogicalOperator.AND ? filter.comparisons != null && comparisons.every(holds) : comparisons.some(holds)
}

/** The rows "Get data" keeps: all, the first, the last or one at random (`random` in [0, 1)). */
export const pickRows = <T>(rows: T[], total: string | null | undefined, random: () => number): T[] => {
  if (total === 'First') return rows.slice(0, 1)
  if (total === 'Last') return rows.slice(-1)
  if (total === 'Random') return rows.length ? [rows[Math.floor(random() * rows.length)]] : []
  return rows
}
