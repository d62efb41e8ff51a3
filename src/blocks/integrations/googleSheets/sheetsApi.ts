// The Sheets v4 REST calls the block makes: the spreadsheet's and sheet's titles (the block names its sheet by id),
// a sheet's values, appending a row and writing cells. Calls go through the runtime's guarded HTTP client.
import { GOOGLE_TIMEOUT_MS, type GoogleAccess, redact } from './googleAuth.js'
import type { Runtime } from '../../../engine/types.js'

export class SheetsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export type SheetsApi = ReturnType<typeof sheetsApi>

/** A sheet's name in A1 notation: always quoted, quotes doubled (`'Q1 ''24'!A1`). */
export const a1Sheet = (title: string) => `'${title.replace(/'/g, "''")}'`

/** The letters of a 0-based column index (0 → A, 26 → AA). */
export const columnLetters = (index: number): string => {
  let letters = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return letters
}

export const sheetsApi = (runtime: Runtime, access: GoogleAccess, spreadsheetId: string) => {
  const root = `${access.apiBaseUrl}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}`
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const outcome = await runtime.httpRequest({
      url: `${root}${path}`,
      method,
      headers: {
        authorization: `Bearer ${access.accessToken}`,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: GOOGLE_TIMEOUT_MS,
    })
    if (!outcome.ok) throw new SheetsError(redact(outcome.message, access.secrets))
    let answer: any
    try {
      answer = outcome.text ? JSON.parse(outcome.text) : {}
    } catch {
      answer = undefined
    }
    if (outcome.status >= 400 || answer === undefined) {
      const message = answer?.error?.message ?? outcome.text.slice(0, 300)
      throw new SheetsError(redact(String(message), access.secrets), outcome.status)
    }
    return answer
  }
  return {
    /** The spreadsheet's title and the title of its sheet with this id (undefined: no such sheet). */
    async titles(sheetId: string): Promise<{ spreadsheet: string; sheet: string | undefined }> {
      const doc = await call('GET', '?includeGridData=false')
      const sheet = (doc.sheets ?? []).find((s: any) => String(s?.properties?.sheetId) === sheetId.trim())
      return { spreadsheet: String(doc.properties?.title ?? ''), sheet: sheet ? String(sheet.properties.title) : undefined }
    },
    /**
     * Rows of the sheet as formatted text from row 1: all of them, or the rows of an A1 row range (`1:1`). Trailing
     * empty cells and rows are left out, as Google does.
     */
    async values(sheet: string, rows?: string): Promise<string[][]> {
      const answer = await call('GET', `/values/${encodeURIComponent(rows ? `${a1Sheet(sheet)}!${rows}` : a1Sheet(sheet))}`)
      return (answer.values ?? []).map((row: unknown[]) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))))
    },
    /** Adds a row after the sheet's table, values read as if typed in (numbers, dates, formulas). */
    async append(sheet: string, row: string[]): Promise<void> {
      const range = encodeURIComponent(`${a1Sheet(sheet)}!A1`)
      await call('POST', `/values/${range}:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`, {
        majorDimension: 'ROWS',
        values: [row],
      })
    },
    /** Writes cells, each given by its 0-based row and column, read as if typed in. */
    async write(sheet: string, cells: { row: number; column: number; value: string }[]): Promise<void> {
      const data = cells.map(({ row, column, value }) => ({ range: `${a1Sheet(sheet)}!${columnLetters(column)}${row + 1}`, values: [[value]] }))
      await call('POST', '/values:batchUpdate', { valueInputOption: 'USER_ENTERED', data })
    },
  }
}
