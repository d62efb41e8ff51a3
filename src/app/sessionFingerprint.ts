// What readers of results see of a chat session: never its id (the capability to drive the chat), only a fingerprint
// that tells sessions apart and that whoever holds the id (request logs, a chat client) can compute.
import { hashToken } from '../lib/ids.js'

/** The first 16 hex characters of the SHA-256 of the session id. */
export const sessionFingerprint = (sessionId: string) => hashToken(sessionId).slice(0, 16)
