// An RFC 4180 reader for checking exports (quoted fields, doubled quotes, CRLF line ends).
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i += 2
      continue
    }
    if (c === '"') quoted = !quoted
    else if (quoted) cell += c
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
    i++
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}
