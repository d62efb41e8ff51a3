// A local peer speaking Google's OAuth token endpoint (refresh-token and service-account JWT grants, the JWT's
// RS256 signature checked) and the Sheets v4 REST endpoints the Google Sheets block uses, over in-memory
// spreadsheets: spreadsheet metadata, values by A1 range, append and values:batchUpdate. Errors in Google's shape.
import { createPublicKey, createVerify, type KeyObject } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Sheet = { sheetId: number; title: string; values: string[][] }
export type Spreadsheet = { title: string; sheets: Sheet[] }
export type GoogleRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string }
export type GoogleAccounts = {
  oauth?: { clientId: string; clientSecret: string; refreshToken: string }
  serviceAccount?: { clientEmail: string; publicKeyPem: string }
}

export type GoogleSheetsServer = {
  /** Token endpoint: `http://127.0.0.1:<port>/token`. */
  tokenUrl: string
  /** API base: `http://127.0.0.1:<port>`. */
  apiBaseUrl: string
  spreadsheets: Map<string, Spreadsheet>
  requests: GoogleRequest[]
  /** Seconds of life of the tokens issued from now on. */
  tokenLifetime: number
  close(): Promise<void>
}

const googleError = (code: number, status: string, message: string) => ({ status: code, body: { error: { code, message, status } } })

/** `'My sheet'!A2:C` or `Sheet1` → the sheet title and the first row/column and last row of the range (0-based). */
const parseRange = (range: string) => {
  const match = /^(?:'((?:[^']|'')+)'|([^!]+))(?:!([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?)?$/.exec(range)
  if (!match) return undefined
  const column = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
  return {
    title: match[1] ? match[1].replace(/''/g, "'") : match[2],
    fromColumn: match[3] ? column(match[3]) : 0,
    fromRow: match[4] ? Number(match[4]) - 1 : 0,
    toRow: match[6] ? Number(match[6]) - 1 : match[5] === undefined && match[4] ? Number(match[4]) - 1 : Number.POSITIVE_INFINITY,
  }
}

/** Values as Google answers them: no trailing empty cells, no trailing empty rows. */
const trimmed = (rows: string[][]) => {
  const out = rows.map((row) => {
    const copy = [...row]
    while (copy.length && (copy.at(-1) ?? '') === '') copy.pop()
    return copy
  })
  while (out.length && out.at(-1)!.length === 0) out.pop()
  return out
}

const verifyJwt = (jwt: string, key: KeyObject): any => {
  const [header, claims, signature] = jwt.split('.')
  if (!signature || JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return undefined
  const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(key, Buffer.from(signature, 'base64url'))
  return valid ? JSON.parse(Buffer.from(claims, 'base64url').toString()) : undefined
}

export const startGoogleSheetsServer = async (accounts: GoogleAccounts, spreadsheets: Record<string, Spreadsheet>): Promise<GoogleSheetsServer> => {
  const requests: GoogleRequest[] = []
  const tokens = new Map<string, number>()
  let issued = 0
  let port = 0
  const self = { tokenLifetime: 3600 }
  const docs = new Map(Object.entries(spreadsheets))
  const publicKey = accounts.serviceAccount && createPublicKey(accounts.serviceAccount.publicKeyPem)

  const token = (form: URLSearchParams) => {
    const grant = form.get('grant_type')
    let granted = false
    if (grant === 'refresh_token' && accounts.oauth) {
      const { clientId, clientSecret, refreshToken } = accounts.oauth
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } }
      granted = form.get('refresh_token') === refreshToken
    } else if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && publicKey) {
      const claims = verifyJwt(form.get('assertion') ?? '', publicKey)
      const now = Date.now() / 1000
      granted =
        claims?.iss === accounts.serviceAccount!.clientEmail &&
        claims.aud === `http://127.0.0.1:${port}/token` &&
        String(claims.scope).split(' ').includes('https://www.googleapis.com/auth/spreadsheets') &&
        claims.iat <= now + 5 &&
        claims.exp > now
    } else return { status: 400, body: { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` } }
    if (!granted) return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } }
    const accessToken = `ya29.test-${++issued}`
    tokens.set(accessToken, Date.now() + self.tokenLifetime * 1000)
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: self.tokenLifetime,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/spreadsheets',
      },
    }
  }

  const sheets = (req: GoogleRequest, url: URL) => {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    if (!((tokens.get(bearer) ?? 0) > Date.now())) {
      return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.')
    }
    const match = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(url.pathname)
    const doc = match && docs.get(decodeURIComponent(match[1]))
    if (!match || !doc) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.')
    const rest = decodeURIComponent(match[2])
    const json = req.body ? JSON.parse(req.body) : undefined
    const sheetOf = (range: string) => {
      const parsed = parseRange(range)
      const sheet = parsed && doc.sheets.find((s) => s.title === parsed.title)
      return sheet ? { sheet, range: parsed! } : undefined
    }
    const setCell = (sheet: Sheet, row: number, column: number, value: string) => {
      while (sheet.values.length <= row) sheet.values.push([])
      const cells = sheet.values[row]
      while (cells.length <= column) cells.push('')
      cells[column] = value
    }
    if (req.method === 'GET' && rest === '') {
      return {
        status: 200,
        body: {
          spreadsheetId: match[1],
          properties: { title: doc.title, locale: 'en_US' },
          sheets: doc.sheets.map((s, index) => ({ properties: { sheetId: s.sheetId, title: s.title, index, sheetType: 'GRID' } })),
        },
      }
    }
    const values = /^\/values\/(.+?)(:append)?$/.exec(rest)
    if (values && (req.method === 'GET' || values[2])) {
      const found = sheetOf(values[1])
      if (!found) return googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${values[1]}`)
      const { sheet, range } = found
      if (req.method === 'GET') {
        const rows = trimmed(sheet.values).slice(range.fromRow, range.toRow + 1)
        return { status: 200, body: { range: values[1], majorDimension: 'ROWS', ...(rows.length && { values: trimmed(rows) }) } }
      }
      if (!url.searchParams.get('valueInputOption')) return googleError(400, 'INVALID_ARGUMENT', "'valueInputOption' is required but not specified")
      const at = trimmed(sheet.values).length
      for (const [i, row] of (json?.values ?? []).entries())
        row.forEach((v: unknown, c: number) => setCell(sheet, at + i, range.fromColumn + c, String(v)))
      return {
        status: 200,
        body: { spreadsheetId: match[1], updates: { updatedRange: `'${sheet.title}'!A${at + 1}`, updatedRows: json?.values?.length ?? 0 } },
      }
    }
    if (req.method === 'POST' && rest === '/values:batchUpdate') {
      if (!json?.valueInputOption) return googleError(400, 'INVALID_ARGUMENT', "'valueInputOption' is required but not specified")
      let cells = 0
      for (const { range, values: rows } of json.data ?? []) {
        const found = sheetOf(range)
        if (!found) return googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`)
        for (const [i, row] of rows.entries()) {
          for (const [c, v] of row.entries()) {
            setCell(found.sheet, found.range.fromRow + i, found.range.fromColumn + c, String(v))
            cells++
          }
        }
      }
      return { status: 200, body: { spreadsheetId: match[1], totalUpdatedCells: cells } }
    }
    return googleError(404, 'NOT_FOUND', `No route ${req.method} ${url.pathname}`)
  }

  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }
    requests.push(recorded)
    const url = new URL(req.url ?? '/', 'http://peer')
    const answer = req.method === 'POST' && url.pathname === '/token' ? token(new URLSearchParams(body)) : sheets(recorded, url)
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' })
    res.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  return Object.assign(self, {
    tokenUrl: `http://127.0.0.1:${port}/token`,
    apiBaseUrl: `http://127.0.0.1:${port}`,
    spreadsheets: docs,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
