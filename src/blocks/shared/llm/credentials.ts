// Fields of LLM providers' workspace credentials.
import type { StoredCredentials } from '../../../engine/kinds.js'

/** A non-empty text field of the credentials' data (`apiKey`, `baseUrl`), trimmed. */
export const credentialText = (credentials: StoredCredentials, key: string): string | undefined => {
  const value = credentials.data[key]
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}
