// The one list of kinds covers the bot format: every block type the schema knows has exactly one kind, and every
// kind handles a type the schema knows or a forged (plugin) block of Typebot.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { blockSchemaByType } from './schemas.js'
import { allKinds, kinds } from './index.js'

/** Forged blocks go through the generic block schema: their types are Typebot's forge block ids. */
const FORGED = new Set([
  'openai',
  'mistral',
  'anthropic',
  'groq',
  'deepseek',
  'perplexity',
  'together-ai',
  'open-router',
  'dify-ai',
  'chat-node',
  'posthog',
  'segment',
  'nocodb',
  'blink',
  'gmail',
  'cal-com',
  'zendesk',
  'elevenlabs',
  'qr-code',
])

test('every block type of the bot schema has exactly one kind', async () => {
  for (const type of Object.keys(blockSchemaByType)) {
    assert.equal(allKinds.filter((kind) => kind.type === type).length, 1, `block type "${type}"`)
  }
})

test('every kind handles a known block type, and the registry holds each once by its type', async () => {
  for (const kind of allKinds) assert.ok(Object.hasOwn(blockSchemaByType, kind.type) || FORGED.has(kind.type), `kind "${kind.type}"`)
  assert.equal(kinds.size, allKinds.length)
  for (const [type, kind] of kinds) assert.equal(kind.type, type)
})
