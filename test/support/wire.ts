// Checks a chat answer against the typed chat wire (src/blocks/wire.ts): the shape clients are written against.
import assert from 'node:assert/strict'
import { continueChatResponse, startChatResponse } from '../../src/blocks/wire.js'

/** Fails with the paths that do not match: a message, input or client-side action the wire does not declare. */
export const assertWire = (body: unknown, kind: 'start' | 'continue', what = 'answer') => {
  const parsed = (kind === 'start' ? startChatResponse : continueChatResponse).safeParse(body)
  assert.ok(
    parsed.success,
    `${what} does not match the chat wire: ${parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n${JSON.stringify(body).slice(0, 2000)}`,
  )
}
