// Requests to a test server under a host name of our choosing (the Host header), for servers configured with public
// host names that do not resolve here (PARLEY_PUBLIC_URL=https://build.example.test…; fetch cannot set Host), and a
// browser's session on the builder's origin.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import type { TestServer } from './server.js'

export type HostReply = { status: number; headers: Record<string, string | string[] | undefined>; body: any }

export const requestAs = (
  s: Pick<TestServer, 'url'>,
  host: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) =>
  new Promise<HostReply>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const headers = { host, ...(body !== undefined && { 'content-type': 'application/json' }), ...options.headers }
    const req = request(`${s.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        try {
          parsed = text ? JSON.parse(text) : undefined
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed })
      })
    })
    req.on('error', reject)
    req.end(body)
  })

/** The `Set-Cookie` lines of a reply, as an array. */
export const setCookies = (reply: { headers: Record<string, string | string[] | undefined> }): string[] => {
  const value = reply.headers['set-cookie']
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

/** A browser's sign-up on the builder: the session cookie (`name=value`) and the CSRF token. */
export const signUpOn = async (builderUrl: string, name: string) => {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const res = await fetch(`${builderUrl}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: `pw-${name}-long-enough` }),
  })
  assert.equal(res.status, 200, await res.clone().text())
  const body: any = await res.json()
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('parley_session='))!
    .split(';')[0]
  return { cookie, csrfToken: body.csrfToken as string, userId: body.user.id as string, email }
}
