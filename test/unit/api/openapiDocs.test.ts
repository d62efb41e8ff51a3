// The API docs: every operation explains itself and shows a call that its own schemas accept, and the OpenAPI
// document carries both.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import type { z } from 'zod'
import { allRoutes } from '../../../src/api/app.js'
import { errorSchema } from '../../../src/contract/api.js'
import { buildOpenApiDocument } from '../../../src/api/openapi.js'
import type { RouteDef } from '../../../src/api/route.js'

const label = (route: RouteDef) => `${route.method} ${route.path}`
const refusal = (schema: z.ZodType | undefined, value: unknown, what: string): string | undefined => {
  if (!schema) return value === undefined ? undefined : `${what} given but the route has no ${what} schema`
  const res = schema.safeParse(value)
  return res.success ? undefined : `${what} refused: ${res.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`
}

/** What is wrong with a route's description and example (nothing: an empty list). */
const problemsOf = (route: RouteDef): string[] => {
  const problems: string[] = []
  const description = route.description?.trim() ?? ''
  if (description.length < 40) problems.push('no description of 40 characters or more')
  else if (description === route.summary.trim()) problems.push('description repeats the summary')
  const example = route.example
  if (!example) return [...problems, 'no example']
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
  if (pathNames.length && !pathNames.every((name) => example.params?.[name])) problems.push(`example params lack one of ${pathNames.join(', ')}`)
  for (const problem of [
    route.params && refusal(route.params, example.params ?? {}, 'params'),
    route.query && refusal(route.query, example.query ?? {}, 'query'),
    route.body && refusal(route.body, example.body, 'body'),
  ])
    if (problem) problems.push(problem)
  const response = route.responses[example.response.status]
  if (!response) problems.push(`example response status ${example.response.status} is not documented`)
  else if (response.schema) {
    const problem = refusal(response.schema, example.response.body, `response ${example.response.status}`)
    if (problem) problems.push(problem)
  } else if (example.response.body !== undefined && typeof example.response.body !== 'string')
    problems.push('a response without a JSON schema shows its example as text')
  return problems
}

describe('API docs', () => {
  test('every operation has a description (40 characters or more, not its summary) and an example its schemas accept', () => {
    const offenders = allRoutes.flatMap((route) => problemsOf(route).map((problem) => `${label(route)}: ${problem}`))
    assert.deepEqual(offenders, [], `${offenders.length} problems:\n${offenders.join('\n')}`)
  })

  test('the checks can fail: a wrong example and a missing description are reported', () => {
    const route = allRoutes.find((r) => r.method === 'POST' && r.path === '/v1/bots')
    assert.ok(route)
    const broken: RouteDef = { ...route, description: route.summary, example: { body: { workspaceId: 42 }, response: { status: 200, body: {} } } }
    const problems = problemsOf(broken)
    assert.ok(problems.includes('description repeats the summary') || problems.some((p) => p.startsWith('no description')), problems.join('\n'))
    assert.ok(problems.some((p) => p.startsWith('body refused')))
    assert.ok(problems.some((p) => p.startsWith('response 200 refused')))
  })

  test('the document carries each description and example: operation, parameters, request body, response', () => {
    const document = buildOpenApiDocument(allRoutes) as any
    const missing: string[] = []
    for (const route of allRoutes.filter((r) => r.description && r.example)) {
      const example = route.example as NonNullable<RouteDef['example']>
      const operation = document.paths[route.path][route.method.toLowerCase()]
      if (operation.description !== route.description) missing.push(`${label(route)} description`)
      for (const parameter of operation.parameters ?? []) {
        const value = (parameter.in === 'path' ? example.params : example.query)?.[parameter.name]
        // Shown in its schema's JSON type (`limit: 50`), given as sent in the URL (`'50'`).
        if (value !== undefined && String(parameter.example) !== value) missing.push(`${label(route)} parameter ${parameter.name}`)
      }
      if (route.body && example.body !== undefined)
        if (!('example' in (operation.requestBody.content['application/json'] ?? {}))) missing.push(`${label(route)} request body`)
      if (example.response.body !== undefined) {
        const media = Object.values(operation.responses[example.response.status]?.content ?? {}) as any[]
        if (!media.some((m) => JSON.stringify(m.example) === JSON.stringify(example.response.body))) missing.push(`${label(route)} response`)
      }
    }
    assert.deepEqual(missing, [])
    const startChat = document.paths['/v1/bots/{publicId}/startChat'].post
    assert.match(startChat.description, /\w{10}/)
    assert.ok(startChat.responses['200'].content['application/json'].example.sessionId)
  })

  test('every error answer documented shows an example in the error shape, with the code its description names', () => {
    const document = buildOpenApiDocument(allRoutes) as any
    const wrong: string[] = []
    for (const [path, operations] of Object.entries<any>(document.paths))
      for (const [method, operation] of Object.entries<any>(operations))
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          const json = response.content?.['application/json']
          if (Number(status) < 400 || json?.schema?.$ref !== '#/components/schemas/Error') continue
          const parsed = errorSchema.safeParse(json.example)
          if (!parsed.success || !parsed.data.message) wrong.push(`${method} ${path} ${status}`)
        }
    assert.deepEqual(wrong, [])
    const startChat = document.paths['/v1/bots/{publicId}/startChat'].post.responses
    assert.equal(startChat['403'].content['application/json'].example.code, 'origin_not_allowed')
    assert.equal(startChat['404'].content['application/json'].example.code, 'not_found')
  })

  test("the document's version is package.json's, and its description says how to authenticate, what errors look like and where to start", () => {
    const document = buildOpenApiDocument(allRoutes) as any
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
    assert.equal(document.info.version, pkg.version)
    assert.match(document.info.description, /Bearer/)
    assert.match(document.info.description, /"code"/)
    assert.match(document.info.description, /Where to start/)
  })
})
