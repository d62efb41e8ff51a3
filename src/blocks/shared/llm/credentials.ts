// Fields of LLM providers' workspace credentials.
import type { StoredCredentials } from '../../../engine/kinds.js'

/** A non-empty text field of the credentials' data (`apiKey`, `baseUrl`), trimmed. */
export const credentialText = (credentials: StoredCredentials, key: string): string | undefined => {
  const value = credentials.data[key]
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/**
 * Where calls with these credentials go: the base URL stored with them, else the provider's default. Never a URL
 * from the bot: the key must only reach the endpoint its owner stored it for (docs/credentials.md).
 */
export const credentialsBaseUrl = (credentials: StoredCredentials, defaultBaseUrl: string, field = 'baseUrl'): string =>
  credentialText(credentials, field) ?? defaultBaseUrl

/** `text` with every occurrence of `secret` replaced by `***` (providers may quote a key back in their errors). */
export const masked = (text: string, secret: string): string => (secret ? text.split(secret).join('***') : text)
