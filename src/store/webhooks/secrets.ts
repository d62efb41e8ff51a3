// Webhook signing secrets: encrypted with the server's cipher, bound to the subscription's workspace and id so that a
// stored secret copied onto another row does not decrypt.
import { randomBytes } from 'node:crypto'
import { type Cipher, DecryptionError } from '../../lib/secrets.js'
import { EncryptionNotConfiguredError } from '../credentials.js'

const context = (workspaceId: string, id: string) => `webhook:${workspaceId}:${id}`

export type WebhookSecrets = ReturnType<typeof webhookSecrets>

export const webhookSecrets = (cipher: Cipher | undefined) => ({
  /** A new signing secret: 32 random bytes, prefixed so that people recognise it. */
  create: () => `whsec_${randomBytes(32).toString('base64url')}`,
  encrypt(workspaceId: string, id: string, secret: string): string {
    if (!cipher) throw new EncryptionNotConfiguredError('Webhook signing secrets')
    return cipher.encrypt(secret, context(workspaceId, id))
  },
  /** Undefined when it cannot be read (no or another ENCRYPTION_SECRET). */
  decrypt(workspaceId: string, id: string, stored: string): string | undefined {
    try {
      return cipher?.decrypt(stored, context(workspaceId, id))
    } catch (err) {
      if (err instanceof DecryptionError) return undefined
      throw err
    }
  },
})
