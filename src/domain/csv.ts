// CSV (RFC 4180) lines for exports, safe to open in a spreadsheet.

/**
 * A cell starting with = + - @ (or a tab or carriage return, which some spreadsheets skip before reading a formula)
 * would be run as a formula: a leading apostrophe makes it text. Quoted when it holds a quote, comma or line break.
 */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One record, CRLF-terminated as RFC 4180 writes it. */
export const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`
