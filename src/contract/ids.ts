// Resource ids, made the same way in the server and in browsers (Web Crypto): lower-case alphanumeric, starting with
// a letter, 25 characters (≈ 128 bits), shaped like Typebot's cuids.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

export const newId = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(25))
  let id = ALPHABET[bytes[0] % 26]
  for (let i = 1; i < 25; i++) id += ALPHABET[bytes[i] % 36]
  return id
}
