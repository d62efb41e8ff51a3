// The seam between the server's block kinds and browser code (docs/architecture.md "The seam"): browser code reads
// kinds through their cards and the contract's type constants, so it names no block type by string, and the
// widget reads the chat wire typed. Counted with TypeScript's parser, so comments and prose do not count.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import ts from 'typescript'
import { allKinds } from '../../src/blocks/index.js'

const root = join(import.meta.dirname, '../..')

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : [],
  )

const parse = (file: string) =>
  ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )

const walk = (node: ts.Node, visit: (node: ts.Node) => void) => {
  visit(node)
  node.forEachChild((child) => walk(child, visit))
}

const blockTypes = new Set(allKinds.map((kind) => kind.type))
/** Types made of one word ('text', 'Condition', 'openai'…) are also everyday strings: they count only where they name a block's type. */
const isWord = (type: string) => /^[A-Za-z.]+$/.test(type)

const isTypeName = (node: ts.Node | undefined) =>
  !!node && ((ts.isPropertyAccessExpression(node) && node.name.text === 'type') || (ts.isIdentifier(node) && /type$/i.test(node.text)))

const propertyNamed = (object: ts.Node, names: string[]) => {
  const members: readonly (ts.ObjectLiteralElement | ts.TypeElement)[] = ts.isObjectLiteralExpression(object)
    ? object.properties
    : ts.isTypeLiteralNode(object)
      ? object.members
      : []
  return members.some((member) => names.includes(member.name?.getText() ?? ''))
}

/**
 * Strings that share a block type's name but name something else: a visitor's reply (`{ type: 'text', text }`,
 * `{ type: 'audio', url }`, `reply.message.type === 'text'`), credential kinds (`{ type: 'openai', label }`), HTML fields.
 */
const isOtherKind = (literal: ts.Node) => {
  const parent = literal.parent
  if (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) return propertyNamed(parent.parent, ['label', 'text', 'url', 'inputMode'])
  if (!ts.isBinaryExpression(parent)) return false
  const other = parent.left === literal ? parent.right : parent.left
  return ts.isPropertyAccessExpression(other) && ts.isPropertyAccessExpression(other.expression) && other.expression.name.text === 'message'
}

/** A string naming a block type: compared with a `.type`, a `case` of a switch on one, a `type:` property, a key. */
const namesBlockType = (literal: ts.StringLiteral | ts.LiteralTypeNode): boolean => {
  const parent = literal.parent
  if (ts.isBinaryExpression(parent)) return isTypeName(parent.left === literal ? parent.right : parent.left)
  if (ts.isCaseClause(parent)) return isTypeName(parent.parent.parent.expression)
  if (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) return parent.name === literal || parent.name.getText() === 'type'
  // A map's entry: `new Map([['choice input', ItemsForm]])`.
  return ts.isArrayLiteralExpression(parent) && parent.elements[0] === literal && parent.elements.length === 2
}

const typeLiterals = (dir: string) => {
  const found: string[] = []
  for (const file of sources(dir)) {
    const sourceFile = parse(file)
    walk(sourceFile, (node) => {
      const literal = ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node : ts.isStringLiteral(node) ? node : undefined
      if (!literal) return
      const text = ts.isLiteralTypeNode(literal) ? (literal.literal as ts.StringLiteral).text : literal.text
      if (!blockTypes.has(text) || (ts.isStringLiteral(literal) && ts.isLiteralTypeNode(literal.parent))) return
      if (isOtherKind(literal) || (isWord(text) && !namesBlockType(literal))) return
      const { line } = sourceFile.getLineAndCharacterOfPosition(literal.getStart())
      found.push(`${file}:${line + 1} '${text}'`)
    })
  }
  return found
}

test('browser code names block types through cards and the contract, not by string (at most 10 literals)', () => {
  const found = typeLiterals('web')
  assert.ok(found.length <= 10, `${found.length} block-type literals in web/:\n${found.join('\n')}`)
})

const anysIn = (dir: string) => {
  const found: string[] = []
  for (const file of sources(dir)) {
    const sourceFile = parse(file)
    walk(sourceFile, (node) => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`)
    })
  }
  return found
}

// The widget reads the chat wire through src/blocks/wire.ts's types: `any` only where a browser API demands it.
test('the widget reads the chat wire typed: at most 5 `any` in web/chat', () => {
  const found = anysIn('web/chat/src')
  assert.ok(found.length <= 5, `${found.length} \`any\` in web/chat/src:\n${found.join('\n')}`)
})

test('every kind folder is the whole kind: schema, behaviour and card', () => {
  const missing: string[] = []
  for (const category of ['bubbles', 'inputs', 'logic', 'integrations', 'forge'])
    for (const d of readdirSync(join(root, 'src/blocks', category), { withFileTypes: true }))
      if (d.isDirectory())
        for (const file of ['kind.ts', 'editor.ts']) {
          const path = join('src/blocks', category, d.name, file)
          try {
            readFileSync(join(root, path))
          } catch {
            missing.push(path)
          }
        }
  assert.deepEqual(missing, [])
})
