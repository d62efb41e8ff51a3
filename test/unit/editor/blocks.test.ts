import assert from 'node:assert/strict'
import { test } from 'node:test'
import { z } from 'zod'
import { blockSchema, blockSchemaByType } from '../../../src/blocks/schemas.js'
import { blockCatalog, catalogEntry, createBlock as create } from '../../../web/app/src/editor/blocks/catalog.js'
import { credentialsTypeFor } from '../../../web/app/src/editor/blocks/credentialsType.js'
import { cardOf } from '../../../src/blocks/cards.js'
import { builtInTexts } from '../../../src/contract/bot/builtInTexts.js'
import { blockSummary } from '../../../web/app/src/lib/blockLabels.js'
import { formHints } from '../../../web/app/src/editor/blocks/hints.js'

const forgeActions = (type: string) => cardOf(type)?.actions?.list
import { credentialTypes } from '../../../web/app/src/lib/credentialTypes.js'
import { type Field, humanize, isShown, objectFields } from '../../../web/app/src/editor/blocks/formModel.js'

const createBlock = (type: string): any => create(type)

test('createBlock: every catalog type gives a valid block with a fresh id', () => {
  for (const { type } of blockCatalog) {
    const block = createBlock(type)
    assert.equal(block.type, type)
    assert.match(block.id, /^[a-z][a-z0-9]{24}$/)
    const schema = Object.hasOwn(blockSchemaByType, type) ? (blockSchemaByType as Record<string, z.ZodType>)[type] : blockSchema
    const result = schema.safeParse(block)
    assert.ok(result.success, `${type}: ${result.error?.message}`)
    assert.notEqual(createBlock(type).id, block.id)
  }
})

test('createBlock: Typebot defaults, items with ids, options not shared between blocks', () => {
  const date = createBlock('date input') as { options: { format: string } }
  assert.equal(date.options.format, 'dd/MM/yyyy')
  date.options.format = 'changed'
  assert.equal((createBlock('date input') as typeof date).options.format, 'dd/MM/yyyy')
  const buttons = createBlock('choice input') as { items: { id: string }[] }
  assert.equal(buttons.items.length, 1)
  assert.match(buttons.items[0].id, /^[a-z][a-z0-9]{24}$/)
  const condition = createBlock('Condition') as { items: { content: { logicalOperator: string; comparisons: unknown[] } }[] }
  assert.equal(condition.items.length, 1)
  assert.equal(condition.items[0].content.logicalOperator, 'AND')
  assert.equal((createBlock('mistral') as { options: { action: string } }).options.action, 'Create chat completion')
  assert.equal((createBlock('anthropic') as { options: { action: string } }).options.action, 'Create Chat Message')
})

test("createBlock: the widget's own texts are not stored (it says them in the visitor's language); retry messages are written in the bot's", () => {
  const email = createBlock('email input') as { options: { labels?: unknown; retryMessageContent: string } }
  assert.equal(email.options.labels, undefined)
  assert.match(email.options.retryMessageContent, /doesn't seem to be valid/)
  const french = create('email input', 'fr') as unknown as { options: { retryMessageContent: string } }
  assert.equal(french.options.retryMessageContent, builtInTexts.fr.emailRetry)
  assert.notEqual(builtInTexts.fr.emailRetry, builtInTexts.en.emailRetry)
  const buttons = createBlock('choice input') as { options: Record<string, unknown> }
  assert.equal(buttons.options.buttonLabel, undefined)
  assert.equal(buttons.options.searchInputPlaceholder, undefined)
  // The form shows them as placeholders.
  assert.equal(formHints('email input').placeholders?.['options.labels.placeholder'], 'Type your email...')
  assert.equal(formHints('choice input').placeholders?.['options.buttonLabel'], 'Send')
})

test('catalog: every kind with a schema is offered once, with a label and a description', () => {
  const types = blockCatalog.map((e) => e.type)
  assert.equal(new Set(types).size, types.length)
  for (const type of Object.keys(blockSchemaByType)) assert.ok(catalogEntry(type), `${type} missing from the catalog`)
  for (const entry of blockCatalog) assert.ok(entry.label && entry.description && entry.icon, entry.type)
  for (const entry of blockCatalog.filter((e) => e.category === 'forge')) assert.ok(forgeActions(entry.type)?.length, entry.type)
})

const byKey = (fields: Field[], key: string) => fields.find((f) => f.key === key)

test('formModel: strings, switches, numbers, selects, variables, credentials, lists and sections', () => {
  const schema = z.looseObject({
    id: z.string(),
    outgoingEdgeId: z.string().optional(),
    options: z
      .looseObject({
        variableId: z.string().nullish(),
        saveUrlInVariableId: z.string().optional(),
        credentialsId: z.string().optional(),
        isLong: z.boolean().nullish(),
        min: z.number().optional(),
        height: z.union([z.number(), z.string()]).optional(),
        method: z.enum(['GET', 'POST']).optional(),
        body: z.string().optional(),
        headers: z.array(z.looseObject({ id: z.string().optional(), key: z.string().nullish(), value: z.string().nullish() })).nullish(),
        recipients: z.array(z.string()).optional(),
        labels: z.looseObject({ button: z.string().nullish() }).nullish(),
        localizations: z.record(z.string(), z.string()).optional(),
      })
      .nullish(),
  })
  const fields = objectFields(schema)
  assert.deepEqual(
    fields.map((f) => f.key),
    ['options'],
    'ids and edges are not offered',
  )
  const options = fields[0]
  assert.equal(options.kind, 'section')
  const inner = options.kind === 'section' ? options.fields : []
  assert.deepEqual(
    inner.map((f) => [f.key, f.kind]),
    [
      ['variableId', 'variable'],
      ['saveUrlInVariableId', 'variable'],
      ['credentialsId', 'credentials'],
      ['isLong', 'switch'],
      ['min', 'number'],
      ['height', 'number'],
      ['method', 'select'],
      ['body', 'text'],
      ['headers', 'list'],
      ['recipients', 'list'],
      ['labels', 'section'],
      ['localizations', 'json'],
    ],
  )
  assert.deepEqual(byKey(inner, 'method'), { key: 'method', label: 'Method', kind: 'select', options: ['GET', 'POST'] })
  assert.deepEqual(byKey(inner, 'height'), { key: 'height', label: 'Height', kind: 'number', orVariable: true })
  assert.equal((byKey(inner, 'body') as { multiline: boolean }).multiline, true)
  const headers = byKey(inner, 'headers') as Extract<Field, { kind: 'list' }>
  assert.equal(headers.itemHasId, true)
  assert.deepEqual(
    headers.fields.map((f) => f.key),
    ['key', 'value'],
  )
  assert.equal((byKey(inner, 'recipients') as Extract<Field, { kind: 'list' }>).fields.length, 0)
  assert.equal(byKey(inner, 'isLong')?.label, 'Long')
})

test('formModel: hints rename, reorder, explain and hide', () => {
  const schema = z.object({ options: z.object({ a: z.string().optional(), b: z.string().optional(), c: z.string().optional() }).optional() })
  const [options] = objectFields(schema, {
    labels: { 'options.b': 'Bee' },
    help: { 'options.b': 'Second letter' },
    order: { options: ['c', 'b'] },
    hidden: ['options.a'],
  })
  assert.equal(options.kind, 'section')
  assert.deepEqual(options.kind === 'section' && options.fields, [
    { key: 'c', label: 'C', kind: 'text', multiline: false },
    { key: 'b', label: 'Bee', help: 'Second letter', kind: 'text', multiline: false },
  ])
})

test('formModel: the real kinds walk without surprises', () => {
  for (const [type, schema] of Object.entries(blockSchemaByType)) assert.ok(objectFields(schema as z.ZodType).length > 0 || type === 'Return', type)
  const http = objectFields(blockSchemaByType.Webhook as z.ZodType)
  const options = http.find((f) => f.key === 'options') as Extract<Field, { kind: 'section' }>
  const webhook = options.fields.find((f) => f.key === 'webhook') as Extract<Field, { kind: 'section' }>
  assert.deepEqual(
    webhook.fields.map((f) => f.kind),
    ['text', 'select', 'list', 'list', 'text'],
  )
})

test('humanize: readable labels from keys', () => {
  assert.equal(humanize('retryMessageContent'), 'Retry message content')
  assert.equal(humanize('saveUrlInVariableId'), 'Save URL in variable')
  assert.equal(humanize('isMultipleChoice'), 'Multiple choice')
  assert.equal(humanize('apiKey'), 'API key')
})

test('formModel: fields shown by a sibling value (a message content for plain roles, its variable for a dialogue)', () => {
  const schema = z.object({
    options: z.object({
      messages: z.array(z.object({ role: z.string().optional(), content: z.string().optional(), dialogueVariableId: z.string().optional() })),
    }),
  })
  const [options] = objectFields(schema, {
    shownWhen: {
      'options.messages.content': { key: 'role', is: ['user', undefined] },
      'options.messages.dialogueVariableId': { key: 'role', is: ['Dialogue'] },
    },
  })
  const messages = options.kind === 'section' ? (options.fields[0] as Extract<Field, { kind: 'list' }>) : undefined
  const shown = (row: Record<string, unknown>) => messages!.fields.filter((f) => isShown(f, row)).map((f) => f.key)
  assert.deepEqual(shown({}), ['role', 'content'])
  assert.deepEqual(shown({ role: 'user' }), ['role', 'content'])
  assert.deepEqual(shown({ role: 'Dialogue' }), ['role', 'dialogueVariableId'])
})

test('forged actions: every action walks into fields, credentials of the provider type', () => {
  for (const entry of blockCatalog.filter((e) => e.category === 'forge')) {
    for (const action of forgeActions(entry.type)!) {
      const [options] = objectFields(z.object({ options: action.options }))
      assert.equal(options.kind, 'section', `${entry.type} ${action.name}`)
      const fields = options.kind === 'section' ? options.fields : []
      assert.ok(fields.length > 0, `${entry.type} ${action.name}`)
      assert.ok(!fields.some((f) => f.kind === 'json'), `${entry.type} ${action.name}: no field left to JSON`)
      if (fields.some((f) => f.kind === 'credentials')) {
        const type = credentialsTypeFor(entry.type, 'credentialsId')
        assert.ok(type === undefined || credentialTypes.some((t) => t.type === type), `${entry.type}: unknown credential type ${type}`)
      }
    }
  }
  assert.equal(credentialsTypeFor('mistral', 'credentialsId'), 'mistral')
  assert.equal(credentialsTypeFor('Email', 'credentialsId'), 'smtp')
  assert.equal(credentialsTypeFor('Webhook', 'proxyCredentialsId'), 'http proxy')
})

test('Blink: a feed card section shows the fields of its type, a users filter the id of its kind', () => {
  const actions = forgeActions('blink')!
  assert.deepEqual(
    actions.map((a) => a.name),
    ['Send Feed Event', 'Get Users', 'Redirect'],
  )
  const fieldsOf = (name: string) => {
    const [options] = objectFields(z.object({ options: actions.find((a) => a.name === name)!.options }), formHints('blink'))
    return options.kind === 'section' ? options.fields : []
  }
  const rowsOf = (name: string, key: string) => fieldsOf(name).find((f) => f.key === key) as Extract<Field, { kind: 'list' | 'section' }>
  const shown = (fields: Field[], row: Record<string, unknown>) => fields.filter((f) => isShown(f, row)).map((f) => f.key)
  const sections = rowsOf('Send Feed Event', 'sections').fields
  assert.deepEqual(shown(sections, { type: 'Header' }), ['type', 'title', 'iconUrl'])
  assert.deepEqual(shown(sections, { type: 'Image' }), ['type', 'imageUrl', 'fitImage', 'width', 'height'])
  assert.deepEqual(shown(sections, { type: 'Buttons' }), ['type', 'buttons'])
  const filter = rowsOf('Get Users', 'filter').fields
  assert.deepEqual(shown(filter, { type: 'Employee ID' }), ['type', 'employeeId'])
  assert.deepEqual(shown(filter, {}), ['type', 'userId'])
  assert.deepEqual(
    fieldsOf('Redirect').map((f) => f.key),
    ['credentialsId', 'url'],
  )
})

test("OpenAI: Ask Model and Ask Assistant save Typebot's items (the ones the kinds read); functions and file search are in the form", () => {
  const actions = forgeActions('openai')!
  const fieldsOf = (name: string) => {
    const [options] = objectFields(z.object({ options: actions.find((a) => a.name === name)!.options }), formHints('openai'))
    return options.kind === 'section' ? options.fields : []
  }
  const items = (name: string) => {
    const mapping = fieldsOf(name).find((f) => f.key === 'responseMapping') as Extract<Field, { kind: 'list' }>
    const item = mapping.fields.find((f) => f.key === 'item') as Extract<Field, { kind: 'select' }>
    return item.options
  }
  assert.deepEqual(items('Ask Assistant'), ['Message', 'Thread ID'])
  assert.deepEqual(items('Ask Model'), ['Message', 'Response ID'])
  const askModel = fieldsOf('Ask Model').map((f) => f.key)
  for (const key of ['fileSearchVectorStoreIds', 'fileSearchMaxNumResults', 'fileSearchScoreThreshold', 'functions'])
    assert.ok(askModel.includes(key), key)
  assert.ok(fieldsOf('Ask Assistant').some((f) => f.key === 'functions'))
  assert.ok(fieldsOf('Create chat completion').some((f) => f.key === 'tools'))
})

test('a collapsed block says what it does: its text, the request it sends, the variable it sets', () => {
  const names = { variableName: (id: string) => ({ v1: 'Score' })[id] ?? 'unknown', groupTitle: (id: string) => ({ g1: 'Bye' })[id] ?? '' }
  const text = { id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'Hi ' }, { text: 'there', bold: true }] }] } }
  assert.equal(blockSummary(text, names), 'Hi  there')
  const request = { id: 'b2', type: 'Webhook', options: { webhook: { method: 'GET', url: 'https://api.example.com/items' } } }
  assert.equal(blockSummary(request, names), 'GET https://api.example.com/items')
  assert.equal(
    blockSummary({ id: 'b3', type: 'Set variable', options: { variableId: 'v1', expressionToEvaluate: '{{Score}} + 1' } }, names),
    'Set Score to {{Score}} + 1',
  )
  assert.equal(blockSummary({ id: 'b4', type: 'Set variable', options: { variableId: 'v1', type: 'Today' } }, names), 'Set Score to Today')
  assert.equal(blockSummary({ id: 'b5', type: 'Set variable', options: {} }, names), 'No variable chosen yet')
  // A condition's items are objects: they are labelled by their exits, never summarised as "[object Object]".
  assert.equal(blockSummary({ id: 'b6', type: 'Condition', items: [{ id: 'i1', content: { comparisons: [] } }] }, names), '')
  // Inputs say what the visitor sees and where the answer goes; other kinds what they do.
  const ask = (type: string, options: object) => blockSummary({ id: 'i', type, options }, names)
  assert.equal(ask('text input', { variableId: 'v1', labels: { placeholder: 'Your name?' } }), 'Your name?\nSaves in Score')
  assert.equal(ask('text input', {}), 'Type your answer...')
  assert.equal(ask('rating input', { variableId: 'v1' }), 'Rate from 0 to 10\nSaves in Score')
  assert.equal(ask('rating input', { buttonType: 'Icons', length: 5 }), 'Rate from 1 to 5')
  assert.equal(ask('choice input', { variableId: 'v1' }), 'Saves in Score')
  assert.equal(ask('Jump', { groupId: 'g1' }), 'Jump to Bye')
  assert.equal(ask('Wait', { secondsToWaitFor: '3' }), 'Wait 3 s')
  assert.equal(ask('Redirect', {}), 'No address yet')
  assert.equal(ask('Email', { recipients: ['a@example.com', 'b@example.com'] }), 'Send an email to a@example.com, b@example.com')
  assert.equal(blockSummary({ id: 'm', type: 'image', content: { url: 'https://example.com/cat.gif' } }, names), 'example.com/cat.gif')
})
