// The Dockerfile and compose.yaml, read as a container engine reads them (no engine runs in CI): exact image tags,
// the same Node release as CI's, the dependency layer before the sources, and Parley published on 127.0.0.1 unless
// the operator says otherwise.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import semver from 'semver'
import { parse } from 'yaml'

const root = join(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** The Dockerfile's instructions, continuation lines joined, comments and blank lines dropped. */
const instructions = (text: string) =>
  text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s+(.*)$/.exec(line) ?? []
      return { keyword: keyword.toUpperCase(), args: rest.replace(/\s+/g, ' ') }
    })

/** A shell variable's value as .ci/run sets it (`NAME=value` on a line of its own). */
const ciVariable = (name: string) => {
  const value = new RegExp(`^${name}=(\\S+)$`, 'm').exec(read('.ci/run'))?.[1]
  assert.ok(value, `.ci/run sets ${name}`)
  return value
}

test('Dockerfile: every stage on an exact node:22.x.y tag, the Node release CI tests on', () => {
  const froms = instructions(read('Dockerfile')).filter((i) => i.keyword === 'FROM')
  assert.equal(froms.length, 2, 'a build stage and a runtime stage')
  const ciNode = ciVariable('NODE_VERSION')
  for (const { args } of froms) {
    const [, version] = /^node:(\d+\.\d+\.\d+)-[a-z]+(?:-slim)?(?: AS \w+)?$/i.exec(args) ?? []
    assert.ok(version, `FROM ${args}: an exact node:<major.minor.patch>-<variant> tag`)
    assert.equal(semver.major(version), 22, `FROM ${args}: Node 22 LTS`)
    assert.equal(version, ciNode, `FROM ${args}: .ci/run's NODE_VERSION, so the image runs what CI tested`)
  }
})

test('Dockerfile: the dependencies in a layer of their own, before the sources are copied', () => {
  const steps = instructions(read('Dockerfile'))
  const build = steps.slice(
    0,
    steps.findIndex((s, i) => i > 0 && s.keyword === 'FROM'),
  )
  const at = (predicate: (s: { keyword: string; args: string }) => boolean, what: string) => {
    const index = build.findIndex(predicate)
    assert.ok(index >= 0, `the build stage has ${what}`)
    return index
  }
  const manifests = at((s) => s.keyword === 'COPY' && /^package\.json package-lock\.json \S+$/.test(s.args), 'COPY package.json package-lock.json')
  const install = at((s) => s.keyword === 'RUN' && /\bnpm ci\b/.test(s.args), 'RUN npm ci')
  const sources = at((s) => s.keyword === 'COPY' && /^\. \S+$/.test(s.args), 'COPY . (the sources)')
  assert.ok(manifests < install && install < sources, 'COPY package*.json, then npm ci, then the sources')
  assert.equal(
    build.slice(0, sources).filter((s) => s.keyword === 'COPY').length,
    1,
    'nothing but the manifests copied before npm ci: any other file would invalidate the dependency layer',
  )
})

test(".ci/run's smoke run is on the oldest Node package.json's engines admit", () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node
  assert.equal(ciVariable('NODE_FLOOR'), semver.minVersion(engines)?.version)
  assert.ok(semver.satisfies(ciVariable('NODE_VERSION'), engines), "CI's Node is one engines admit")
})

test('compose.yaml: postgres on an exact 15.x tag; Parley published on 127.0.0.1 unless PARLEY_BIND says otherwise', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, { image?: string; ports?: string[] }> }
  assert.match(compose.services.postgres.image ?? '', /^postgres:15\.\d+(-[a-z]+)?$/, 'an exact PostgreSQL 15 release')
  assert.equal(compose.services.postgres.ports, undefined, 'PostgreSQL is not published')
  const ports = compose.services.parley.ports ?? []
  assert.ok(ports.length > 0)
  for (const port of ports) {
    // Compose's interpolation: ${NAME:-default} is the default when NAME is unset or empty.
    const host = /^(?:\$\{PARLEY_BIND:-([^}]+)\}|([^:$]+)):\d+:\d+$/.exec(port)
    assert.ok(host, `${port}: publishes on a named host address (HOST:PORT:PORT), not on every interface`)
    assert.equal(host[1] ?? host[2], '127.0.0.1', `${port}: 127.0.0.1 unless told otherwise`)
  }
})
