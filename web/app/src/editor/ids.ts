// Ids for what the editor creates (groups, blocks, items, edges, variables): 24 lowercase letters and digits
// starting with a letter, the shape of Typebot's cuid2 ids, so exports look alike to Typebot's own tools.
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'

export const newId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  let id = alphabet[bytes[0] % 26]
  for (let i = 1; i < bytes.length; i++) id += alphabet[bytes[i] % alphabet.length]
  return id
}
