// Both file storage adapters against the same expectations: a temporary directory, and a real S3-compatible server
// (s3rver) on loopback. Plus the key rules that keep files of one workspace, bot and result apart.
import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { cleanContentType, type FileStorage, filePrefix, keyWorkspace, newFileKey, ownerPrefix, safeFileName } from '../../../src/lib/files.js'
import { localFileStorage } from '../../../src/runtime/files/local.js'
import { s3FileStorage } from '../../../src/runtime/files/s3.js'
import { startS3Server } from '../../support/s3Server.js'

const bytesOf = async (body: AsyncIterable<Uint8Array>) => {
  const chunks: Uint8Array[] = []
  for await (const chunk of body) chunks.push(chunk)
  return Buffer.concat(chunks)
}

describe('File keys', () => {
  test('names are made safe: no traversal, no hidden files, the extension kept', () => {
    assert.equal(safeFileName('../../etc/passwd'), 'etc_passwd')
    assert.equal(safeFileName('..'), 'file')
    assert.equal(safeFileName('.env'), 'file.env')
    assert.equal(safeFileName('Résumé final (v2).PDF'), 'Resume_final_v2_.PDF')
    assert.equal(safeFileName('日本語.png'), 'file.png')
    assert.equal(safeFileName(`${'a'.repeat(300)}.jpeg`).length, 120)
    assert.ok(safeFileName(`${'a'.repeat(300)}.jpeg`).endsWith('.jpeg'))
  })

  test('keys: workspace/bot/result/random id/name; anything else has no workspace', () => {
    const key = newFileKey({ workspaceId: 'w1', botId: 'b1', resultId: 'r1' }, '../a b.txt')
    assert.match(key, /^w1\/b1\/r1\/[A-Za-z0-9_-]{22}\/a_b\.txt$/)
    assert.equal(keyWorkspace(key), 'w1')
    assert.notEqual(newFileKey({ workspaceId: 'w1', botId: 'b1' }, 'a'), newFileKey({ workspaceId: 'w1', botId: 'b1' }, 'a'))
    assert.match(newFileKey({ workspaceId: 'w1', botId: 'b1' }, 'a'), /^w1\/b1\/_preview\//)
    const id = key.split('/')[3]
    for (const bad of [
      `w1/b1/r1/${id}/../x`,
      `w1/b1/r1/${id}/..`,
      `w1/b1/r1/${id}/.meta.json`,
      `../b1/r1/${id}/x`,
      `w1/b1/r1/${id}`,
      `w1/b1/r1/short/x`,
      `w1/b1/r1/${id}/a/b`,
      `w1/b1/r1/${id}/a%2F..`,
      `/w1/b1/r1/${id}/x`,
      `w1\\..\\b1/b1/r1/${id}/x`,
    ])
      assert.equal(keyWorkspace(bad), undefined, bad)
    assert.throws(() => newFileKey({ workspaceId: '../w', botId: 'b1' }, 'a'))
    assert.throws(() => ownerPrefix('w1', 'b/1'))
    assert.equal(ownerPrefix('w1', 'b1', 'r1'), 'w1/b1/r1/')
  })

  test('content types are normalised; odd ones become octet-stream', () => {
    assert.equal(cleanContentType('Image/PNG; charset=x'), 'image/png')
    assert.equal(cleanContentType('text/html\r\nX-Evil: 1'), 'application/octet-stream')
    assert.equal(cleanContentType(undefined), 'application/octet-stream')
  })
})

const adapterTests = (name: string, open: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>) =>
  describe(`${name} file storage`, () => {
    let storage: FileStorage
    let close: () => Promise<void>
    before(async () => ({ storage, close } = await open()))
    after(() => close())

    test('put, get with metadata and size, missing keys', async () => {
      const key = newFileKey({ workspaceId: 'w1', botId: 'b1', resultId: 'r1' }, 'Überweisung.pdf')
      await storage.put(key, Buffer.from('%PDF-1.7 hello'), { name: 'Überweisung.pdf', contentType: 'application/pdf' })
      const found = await storage.get(key)
      assert.ok(found)
      assert.deepEqual(found.meta, { name: 'Überweisung.pdf', contentType: 'application/pdf' })
      assert.equal(found.size, 14)
      assert.equal((await bytesOf(found.body)).toString(), '%PDF-1.7 hello')
      assert.equal(await storage.get(key.replace(/[^/]+$/, 'other.pdf')), undefined)
      assert.equal(await storage.get('w1/b1/r1/../../../etc/passwd'), undefined)
      await assert.rejects(storage.put('../escape/b1/r1/xxxxxxxxxxxxxxxxxxxxxx/a', Buffer.from('x'), { name: 'a', contentType: 'text/plain' }))
    })

    test('delete by result prefix, then by bot prefix; other results and bots stay', async () => {
      const put = async (owner: { workspaceId: string; botId: string; resultId?: string }) => {
        const key = newFileKey(owner, 'f.txt')
        await storage.put(key, Buffer.from(key), { name: 'f.txt', contentType: 'text/plain' })
        return key
      }
      const r1 = await put({ workspaceId: 'w2', botId: 'b1', resultId: 'r1' })
      const r1b = await put({ workspaceId: 'w2', botId: 'b1', resultId: 'r1' })
      const r2 = await put({ workspaceId: 'w2', botId: 'b1', resultId: 'r2' })
      const r10 = await put({ workspaceId: 'w2', botId: 'b1', resultId: 'r10' })
      const other = await put({ workspaceId: 'w2', botId: 'b2', resultId: 'r1' })
      await storage.deletePrefix(ownerPrefix('w2', 'b1', 'r1'))
      assert.equal(await storage.get(r1), undefined)
      assert.equal(await storage.get(r1b), undefined)
      assert.ok(await storage.get(r2))
      assert.ok(await storage.get(r10), 'r10 does not start with the prefix r1/')
      await storage.deletePrefix(ownerPrefix('w2', 'b1'))
      assert.equal(await storage.get(r2), undefined)
      assert.equal(await storage.get(r10), undefined)
      assert.equal((await bytesOf((await storage.get(other))!.body)).toString(), other)
      await storage.deletePrefix(ownerPrefix('w2', 'b9')) // nothing there: no error
    })

    test('list by prefix: the keys under it with when they were stored; one file deleted by its own prefix', async () => {
      const put = async (resultId: string) => {
        const key = newFileKey({ workspaceId: 'w3', botId: 'b1', resultId }, 'f.txt')
        await storage.put(key, Buffer.from(key), { name: 'f.txt', contentType: 'text/plain' })
        return key
      }
      const startedAt = Date.now() - 1000
      const [a, b, other] = [await put('r1'), await put('r1'), await put('r10')]
      const listed = await storage.list(ownerPrefix('w3', 'b1', 'r1'))
      assert.deepEqual(listed.map((f) => f.key).sort(), [a, b].sort())
      for (const f of listed) assert.ok(f.storedAt.getTime() >= startedAt && f.storedAt.getTime() <= Date.now() + 1000, String(f.storedAt))
      await storage.deletePrefix(filePrefix(a))
      assert.deepEqual(
        (await storage.list(ownerPrefix('w3', 'b1', 'r1'))).map((f) => f.key),
        [b],
      )
      assert.ok(await storage.get(other))
      assert.deepEqual(await storage.list(ownerPrefix('w3', 'b9')), [])
    })
  })

adapterTests('Local', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'parley-files-'))
  return { storage: localFileStorage(directory), close: () => rm(directory, { recursive: true, force: true }) }
})

adapterTests('S3', async () => {
  const s3 = await startS3Server()
  return { storage: s3FileStorage(s3.settings), close: s3.stop }
})

describe('Local file storage paths', () => {
  test('a file placed outside the root, or a metadata file, is never served', async () => {
    const base = await mkdtemp(join(tmpdir(), 'parley-files-'))
    const storage = localFileStorage(join(base, 'root'))
    await writeFile(join(base, 'secret.txt'), 'secret')
    const key = newFileKey({ workspaceId: 'w1', botId: 'b1', resultId: 'r1' }, 'a.txt')
    await storage.put(key, Buffer.from('a'), { name: 'a.txt', contentType: 'text/plain' })
    const dir = key.split('/').slice(0, 4).join('/')
    assert.equal(await storage.get(`${dir}/.meta.json`), undefined)
    assert.equal(await storage.get('../secret.txt'), undefined)
    assert.deepEqual((await readdir(join(base, 'root', dir))).sort(), ['.meta.json', 'a.txt'])
    await assert.rejects(storage.deletePrefix('../'))
    await assert.rejects(storage.deletePrefix('w1/../../'))
    await rm(base, { recursive: true, force: true })
  })
})
