// The checks answered with a bot just written: linked bots looked up in one query of ids, and a failing check
// answered as one "checks unavailable" entry, never as an error of the write.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Access } from '../../../src/app/access.js'
import { createBots } from '../../../src/app/bots.js'
import type { FilesApp } from '../../../src/app/files.js'
import type { CustomDomainsApp } from '../../../src/app/customDomains.js'
import type { TemplatesApp } from '../../../src/app/templates/index.js'
import type { Store } from '../../../src/store/index.js'

const linking = (typebotIds: string[]) => ({
  id: 'self',
  workspaceId: 'w1',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e1' }],
  groups: [{ id: 'g1', title: 'Links', blocks: typebotIds.map((typebotId, i) => ({ id: `l${i}`, type: 'Typebot link', options: { typebotId } })) }],
  edges: [{ id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
})

const botsWith = (idsInWorkspace: (workspaceId: string, ids: readonly string[]) => Promise<Set<string>>) =>
  createBots({
    store: { bots: { idsInWorkspace } } as unknown as Pick<Store, 'bots' | 'folders' | 'credentials'>,
    access: {} as Access,
    files: {} as Pick<FilesApp, 'deleteOwned'>,
    pruneVersions: async () => 0,
    templates: {} as TemplatesApp,
    domains: {} as CustomDomainsApp,
  })

test('linked bots: one id-only query for the distinct ids of the workspace', async () => {
  const calls: [string, readonly string[]][] = []
  const bots = botsWith(async (workspaceId, ids) => {
    calls.push([workspaceId, ids])
    return new Set(ids.filter((id) => id === 'there'))
  })
  const checks = await bots.checksOf(linking(['there', 'gone', 'gone', 'there']))
  assert.deepEqual(calls, [['w1', ['there', 'gone']]])
  assert.deepEqual(
    checks.map((c) => [c.code, c.blockId]),
    [
      ['missingLinkedBot', 'l1'],
      ['missingLinkedBot', 'l2'],
    ],
  )
})

test('a check that fails answers one checksUnavailable entry', async () => {
  const bots = botsWith(async () => {
    throw new Error('database down')
  })
  assert.deepEqual(
    (await bots.checksOf(linking(['gone']))).map((c) => c.code),
    ['checksUnavailable'],
  )
})
