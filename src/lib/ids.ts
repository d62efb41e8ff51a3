// Identifiers. Resource ids are URL-safe and collision-free (128 random bits); secrets carry more entropy.
import { createHash, randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A lower-case alphanumeric id starting with a letter, 25 chars (≈ 128 bits), shaped like Typebot's cuids. */
export const newId = (): string => {
  const bytes = randomBytes(25)
  let id = ALPHABET[bytes[0] % 26]
  for (let i = 1; i < 25; i++) id += ALPHABET[bytes[i] % 36]
  return id
}

/** A bearer token: a readable prefix plus 256 random bits. Only its hash is stored. */
export const newToken = (): string => `pk_${randomBytes(32).toString('base64url')}`

/** A chat session id: an unguessable secret (192 bits), URL-safe. */
export const newSessionId = (): string => randomBytes(24).toString('base64url')

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')
