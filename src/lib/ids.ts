// Identifiers. Resource ids are URL-safe and collision-free (128 random bits); secrets carry more entropy.
import { hash, randomBytes } from 'node:crypto'

export { newId } from '../contract/ids.js'

/** A bearer token: a readable prefix plus 256 random bits. Only its hash is stored. */
export const newToken = (): string => `pk_${randomBytes(32).toString('base64url')}`

/** A chat session id: an unguessable secret (192 bits), URL-safe. */
export const newSessionId = (): string => randomBytes(24).toString('base64url')

/** A result's client key (the `resultId` of startChat answers): a secret like a session id; only its hash is stored. */
export const newResultKey = (): string => randomBytes(24).toString('base64url')

// crypto.hash: one call, no Hash object (a third of createHash's cost; every request with a token pays it).
export const hashToken = (token: string): string => hash('sha256', token, 'hex')
