// The one spelling of a custom domain (contract/customDomains.ts): what is stored, matched against Host headers and
// checked as typed in the web app.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { normaliseDomain } from '../../../src/contract/customDomains.js'

const domainOf = (value: unknown) => {
  const res = normaliseDomain(value)
  return res.ok ? res.domain : `refused: ${res.message}`
}

test('a pasted address becomes its host name, in lower case and ASCII', () => {
  assert.equal(domainOf('Chat.Example.ORG'), 'chat.example.org')
  assert.equal(domainOf(' https://chat.example.org/ '), 'chat.example.org')
  assert.equal(domainOf('http://chat.example.org'), 'chat.example.org')
  assert.equal(domainOf('chat.example.org.'), 'chat.example.org')
  assert.equal(domainOf('bücher.example.de'), 'xn--bcher-kva.example.de')
  assert.equal(domainOf('a-b.c-d.example'), 'a-b.c-d.example')
})

test('nothing clears the domain', () => {
  for (const empty of [null, undefined, '', '   ']) assert.equal(domainOf(empty), null)
})

test('what is not the whole host of a site is refused, saying why', () => {
  const refusals: [unknown, RegExp][] = [
    ['chat.example.org:8443', /no port/],
    ['chat.example.org/support', /no path/],
    ['chat.example.org?x=1', /no path/],
    ['127.0.0.1', /not an IP address/],
    ['[::1]', /not an IP address/],
    ['0x7f.1', /not an IP address/],
    ['intranet', /with a dot/],
    ['example.123', /not a valid host name/],
    ['localhost', /with a dot/],
    ['app.localhost', /localhost/],
    ['-bad.example.org', /not a valid host name/],
    ['a_b.example.org', /not a valid host name/],
    [`${'a'.repeat(64)}.example.org`, /not a valid host name/],
    ['user@chat.example.org', /not a host name/],
    ['ftp://chat.example.org', /not a host name/],
    ['chat example.org', /not a host name/],
    [42, /host name/],
  ]
  for (const [value, why] of refusals) assert.match(String(domainOf(value)), why, String(value))
})
