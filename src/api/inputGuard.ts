// Refuses inputs that are valid JSON but that no part of Parley should have to handle: nesting deeper than any
// bot needs (deep structures overflow the stack of recursive code such as JSON.stringify) and NUL characters
// (PostgreSQL text cannot store them). One walk over params, query and body, iterative so depth costs no stack.
import { badRequest } from '../app/errors.js'

const MAX_DEPTH = 128

export const checkInput = (where: string, value: unknown): void => {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw badRequest(`The request ${where} contains a NUL character, which is not allowed.`)
      continue
    }
    if (!item || typeof item !== 'object') continue
    if (depth >= MAX_DEPTH) throw badRequest(`The request ${where} is nested more than ${MAX_DEPTH} levels deep.`)
    if (Array.isArray(item)) {
      for (const child of item) stack.push([child, depth + 1])
      continue
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) throw badRequest(`The request ${where} contains a NUL character, which is not allowed.`)
      stack.push([child, depth + 1])
    }
  }
}
