// A loopback NocoDB (v2 REST API) for tests: tables of rows in memory, `xc-token` checked (401 otherwise).
// `GET /api/v2/tables/{t}/records?where&viewId&limit` filters with NocoDB's where syntax (eq, ne, like with %,
// gt, lt, is/isnot null, joined by ~and/~or) and answers `{ list, pageInfo }`; `POST` creates one row (`{ Id }`);
// `PATCH` updates `[{ Id, …}]`; `GET /api/v2/meta/tables/{t}` lists columns; `POST …/links/{col}/records/{id}`
// records links.
import { startServicePeer, type ServicePeer } from '../servicePeer.js'

type Row = Record<string, unknown> & { Id: number }
export type NocodbTable = {
  rows: Row[]
  columns: { id: string; title: string; uidt: string }[]
  links: { columnId: string; rowId: number; ids: unknown[] }[]
}
export type NocodbPeer = ServicePeer & { tables: Record<string, NocodbTable> }

const like = (actual: string, pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*')}$`, 'i').test(actual)

const test = (row: Row, field: string, op: string, value: string): boolean => {
  const actual = row[field]
  switch (op) {
    case 'eq':
      return String(actual ?? '') === value
    case 'ne':
      return String(actual ?? '') !== value
    case 'like':
      return actual !== undefined && actual !== null && like(String(actual), value)
    case 'gt':
      return Number(actual) > Number(value)
    case 'lt':
      return Number(actual) < Number(value)
    case 'is':
      return actual === undefined || actual === null || actual === ''
    case 'isnot':
      return !(actual === undefined || actual === null || actual === '')
    default:
      throw new Error(`unknown comparison operator ${op}`)
  }
}

/** Evaluates a where clause left to right; throws on a syntax NocoDB would refuse. */
const matches = (row: Row, where: string): boolean => {
  const parts = /^\(([^,()]+),(\w+),([^()]*)\)((?:~and|~or)\(.*)?$/
  let rest = where
  let result: boolean | undefined
  let joiner = '~and'
  while (rest) {
    const m = parts.exec(rest)
    if (!m) throw new Error(`invalid where: ${where}`)
    const value = test(row, m[1], m[2], m[3])
    result = result === undefined ? value : joiner === '~or' ? result || value : result && value
    rest = m[4] ?? ''
    const next = /^(~and|~or)/.exec(rest)
    if (next) {
      joiner = next[1]
      rest = rest.slice(next[1].length)
    }
  }
  return result ?? true
}

export const startNocodbPeer = async (token: string, tables: Record<string, NocodbTable>): Promise<NocodbPeer> => {
  let nextId = 1000
  const peer = await startServicePeer((req) => {
    if (req.headers['xc-token'] !== token) return { status: 401, json: { msg: 'Authentication required - Invalid token' } }
    const records = /^\/api\/v2\/tables\/([^/]+)\/records$/.exec(req.path)
    const meta = /^\/api\/v2\/meta\/tables\/([^/]+)$/.exec(req.path)
    const link = /^\/api\/v2\/tables\/([^/]+)\/links\/([^/]+)\/records\/(\d+)$/.exec(req.path)
    const table = tables[(records ?? meta ?? link)?.[1] ?? '']
    if (!table) return { status: 404, json: { msg: `Table '${req.path}' not found` } }
    if (meta && req.method === 'GET') return { json: { id: meta[1], columns: table.columns } }
    if (link && req.method === 'POST') {
      table.links.push({ columnId: link[2], rowId: Number(link[3]), ids: req.body })
      return { json: true }
    }
    if (!records) return { status: 404, json: { msg: 'not found' } }
    if (req.method === 'GET') {
      const where = req.query.get('where')
      let list: Row[]
      try {
        list = where ? table.rows.filter((row) => matches(row, where)) : table.rows
      } catch (err) {
        return { status: 422, json: { msg: (err as Error).message } }
      }
      const limit = Number(req.query.get('limit') ?? 25)
      return {
        json: {
          list: list.slice(0, limit),
          pageInfo: { totalRows: list.length, page: 1, pageSize: limit, isFirstPage: true, isLastPage: list.length <= limit },
        },
      }
    }
    if (req.method === 'POST') {
      const row = { ...req.body, Id: ++nextId }
      table.rows.push(row)
      return { json: { Id: row.Id } }
    }
    if (req.method === 'PATCH') {
      const updates: Row[] = Array.isArray(req.body) ? req.body : [req.body]
      for (const update of updates) {
        const row = table.rows.find((r) => r.Id === update.Id)
        if (!row) return { status: 404, json: { msg: `Record '${update.Id}' not found` } }
        Object.assign(row, update)
      }
      return { json: updates.map((u) => ({ Id: u.Id })) }
    }
    return { status: 405, json: { msg: 'method not allowed' } }
  })
  return { ...peer, tables }
}
