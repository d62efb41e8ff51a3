// Password hashing with scrypt (node:crypto). The stored string carries its parameters and salt
// (`scrypt$N$r$p$salt$hash`), so the cost can be raised later without invalidating existing hashes.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32

const derive = (password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    // maxmem above the 128·N·r bytes the parameters need (Node's default, 32 MiB, is exactly what N=2^15, r=8 need).
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * options.N * options.r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r: R, p: P })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

/** A hash of a random password: checking a password against it costs what a real check costs (unknown emails). */
let decoy: Promise<string> | undefined
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('hex')))

/** Whether the password matches the stored hash (`scrypt$N$r$p$salt$hash`). */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
