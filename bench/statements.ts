// Figure 3: SQL statements one continueChat issues, counted by the store's `onQuery` hook while the whole
// application (routes, auth, chat service, store) handles the request in this process. Statements are grouped into
// transactions: an explicit begin…commit is one; a statement outside one is its own (autocommit) transaction.
import { join } from 'node:path'
import { loopBot } from './lib/bots.js'
import { createPgDatabase, freshDir, log, setupBots } from './lib/common.js'
import { type Figure, figure } from './lib/figures.js'
import { startInProcess } from './lib/inprocess.js'

type TurnCount = { statements: number; reads: number; writes: number; readTransactions: number; writeTransactions: number; sql: string[] }

const classify = (statements: string[]): TurnCount => {
  let reads = 0
  let writes = 0
  let readTransactions = 0
  let writeTransactions = 0
  let inTransaction = false
  let transactionWrites = 0
  for (const sql of statements) {
    const s = sql.trim().toLowerCase()
    if (/^(begin|start transaction)/.test(s)) {
      inTransaction = true
      transactionWrites = 0
      continue
    }
    if (/^(commit|rollback|end)/.test(s)) {
      inTransaction = false
      if (transactionWrites) writeTransactions++
      else readTransactions++
      continue
    }
    const isRead = /^(select|with\b(?!.*\b(insert|update|delete)\b))/s.test(s)
    if (isRead) reads++
    else writes++
    if (inTransaction) transactionWrites += isRead ? 0 : 1
    else if (isRead) readTransactions++
    else writeTransactions++
  }
  return { statements: statements.length, reads, writes, readTransactions, writeTransactions, sql: statements }
}

/**
 * Statements of `turns` continueChats; `webhook`: with a subscription of the bot to every event type (each turn then
 * writes an answer.created event). The webhook dispatcher does not run: its rounds are background work, not the turn's.
 */
const countTurns = async (databaseUrl: string, turns: number, webhook = false): Promise<TurnCount[]> => {
  let recording: string[] | undefined
  const env = { ENCRYPTION_SECRET: 'bench-statements-encryption-secret' }
  const app = await startInProcess(databaseUrl, (sql) => recording?.push(sql), { env, dispatchWebhooks: false })
  try {
    const { workspaceId, bots } = await setupBots(app.call, [loopBot()])
    if (webhook) {
      const events = ['result.started', 'answer.created', 'result.completed']
      const res = await app.call('POST', '/v1/webhooks', { workspaceId, botId: bots[0].id, url: 'https://example.com/hook', events })
      if (res.status !== 201) throw new Error(`POST /v1/webhooks answered ${res.status}: ${res.text}`)
    }
    const start = await app.call('POST', `/v1/bots/${bots[0].publicId}/startChat`, {})
    const sessionId = start.json.sessionId
    const counts: TurnCount[] = []
    for (let i = 0; i < turns; i++) {
      recording = []
      const res = await app.call('POST', `/v1/sessions/${sessionId}/continueChat`, { message: `answer ${i}` })
      if (res.status !== 200) throw new Error(`continueChat answered ${res.status}: ${res.text}`)
      counts.push(classify(recording))
      recording = undefined
    }
    return counts
  } finally {
    await app.close()
  }
}

export const benchStatements = async (options: { postgres: boolean }): Promise<Figure[]> => {
  const figures: Figure[] = []
  const backends: [string, () => Promise<{ url: string; drop: () => Promise<void> }>][] = [
    ['sqlite', async () => ({ url: `sqlite:${join(freshDir('statements'), 'parley.db')}`, drop: async () => {} })],
  ]
  if (options.postgres) backends.push(['postgres', () => createPgDatabase('statements')])
  for (const [name, create] of backends) {
    const db = await create()
    try {
      const counts = await countTurns(db.url, 20)
      const worst = counts.reduce((a, b) => (b.statements > a.statements ? b : a))
      const label = name === 'sqlite' ? 'SQLite' : 'PostgreSQL'
      log(`statements per turn (${label}): ${worst.statements} — ${worst.sql.map((s) => s.split(/\s+/).slice(0, 3).join(' ')).join(' | ')}`)
      const hooked = await countTurns(db.url, 20, true)
      const hookedWorst = hooked.reduce((a, b) => (b.statements > a.statements ? b : a))
      log(
        `statements per turn with a webhook (${label}): ${hookedWorst.statements} — ${hookedWorst.sql.map((s) => s.split(/\s+/).slice(0, 3).join(' ')).join(' | ')}`,
      )
      const shape = `${worst.readTransactions}R+${worst.writeTransactions}W`
      figures.push(
        figure(
          `statements.${name}.perTurn`,
          `SQL statements per continueChat (${label}, incl. begin/commit)`,
          worst.statements,
          'statements',
          undefined,
          {
            reads: worst.reads,
            writes: worst.writes,
            sql: worst.sql,
            perTurn: counts.map((c) => c.statements),
          },
        ),
        figure(
          `statements.${name}.perTurnWithWebhook`,
          `SQL statements per continueChat with a webhook subscription (${label})`,
          hookedWorst.statements,
          'statements',
          undefined,
          { sql: hookedWorst.sql, perTurn: hooked.map((c) => c.statements) },
        ),
        figure(`statements.${name}.transactions`, `Transactions per continueChat (${label}): read + write`, shape, 'transactions', {
          op: '==',
          value: '1R+1W',
        }),
      )
    } finally {
      await db.drop()
    }
  }
  return figures
}
