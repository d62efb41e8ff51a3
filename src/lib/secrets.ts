// Secrets at rest: AES-256-GCM under a key derived from the server's ENCRYPTION_SECRET. A value is stored as
// `v1:<iv>:<tag>:<ciphertext>` (base64url); GCM's tag makes a wrong key or any altered byte fail to decrypt.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
// Fixed on purpose: the key must be the same in every process and at every start. scrypt (not a plain hash)
// because the secret is an operator-chosen string that may be weaker than a random key.
const KEY_SALT = 'parley:secrets:v1'

export class DecryptionError extends Error {
  constructor() {
    super('Cannot decrypt this value: it was encrypted with another ENCRYPTION_SECRET, or it was altered.')
  }
}

export type Cipher = {
  /** `context` binds the value to where it is stored: decrypting needs the same context. */
  encrypt(plaintext: string, context?: string): string
  /** Throws DecryptionError on a wrong key, a wrong context or a tampered value. */
  decrypt(stored: string, context?: string): string
}

export const createCipher = (secret: string): Cipher => {
  const key = scryptSync(secret, KEY_SALT, 32)
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'))].join(':')
    },
    decrypt(stored, context = '') {
      const [version, iv, tag, ciphertext, ...rest] = stored.split(':')
      if (version !== VERSION || ciphertext === undefined || rest.length) throw new DecryptionError()
      const ivBytes = Buffer.from(iv, 'base64url')
      const tagBytes = Buffer.from(tag, 'base64url')
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new DecryptionError()
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context))
        decipher.setAuthTag(tagBytes)
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        throw new DecryptionError()
      }
    },
  }
}
