import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createCipher, DecryptionError } from '../../../src/lib/secrets.js'

const cipher = createCipher('a server secret of enough length')

test('secrets: round trip, v1 format, a fresh IV per value', () => {
  const plain = JSON.stringify({ apiKey: 'sk-123', note: 'é 🚀' })
  const a = cipher.encrypt(plain, 'ctx')
  const b = cipher.encrypt(plain, 'ctx')
  assert.match(a, /^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/)
  assert.notEqual(a, b)
  assert.ok(!a.includes('sk-123'))
  assert.equal(cipher.decrypt(a, 'ctx'), plain)
  assert.equal(cipher.decrypt(cipher.encrypt('')), '')
})

test('secrets: any altered part fails with DecryptionError', () => {
  const stored = cipher.encrypt('secret value', 'ctx')
  const parts = stored.split(':')
  for (const i of [1, 2, 3]) {
    const bytes = Buffer.from(parts[i], 'base64url')
    bytes[0] ^= 1
    const tampered = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join(':')
    assert.throws(() => cipher.decrypt(tampered, 'ctx'), DecryptionError)
  }
  for (const bad of ['', 'v2' + stored.slice(2), stored + ':x', 'v1:abc', 'plain text']) {
    assert.throws(() => cipher.decrypt(bad, 'ctx'), DecryptionError)
  }
})

test('secrets: a wrong key or a wrong context fails clearly', () => {
  const stored = cipher.encrypt('secret value', 'workspace-a')
  assert.throws(() => createCipher('another secret of enough length').decrypt(stored, 'workspace-a'), {
    name: 'Error',
    message: /another ENCRYPTION_SECRET/,
  })
  assert.throws(() => cipher.decrypt(stored, 'workspace-b'), DecryptionError)
  assert.equal(createCipher('a server secret of enough length').decrypt(stored, 'workspace-a'), 'secret value', 'same secret, same key')
})
