// The npm package, as `npm pack` makes it and `npm install -g` installs it. The server may load only Node's modules
// and `dependencies`; the web app's and the widget's packages (React, Mantine, Preact, …) are bundled at build time,
// so they are devDependencies and a global install does not download them. The package carries the built web app,
// widget and CLI, and no tests or sources. The file list needs a build (`npm run build`; `npm install` runs it).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import ts from 'typescript'

const root = join(import.meta.dirname, '../..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }

/**
 * The module specifiers the compiled server loads, each with the first file importing it: those of the files
 * tsconfig.build.json compiles into dist/, without type-only imports and exports (erased). Under
 * verbatimModuleSyntax `import { type A } from 'x'` is kept as `import {} from 'x'`, which loads 'x': counted.
 */
const serverImports = (): Map<string, string> => {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.build.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  })
  assert.ok(config && config.fileNames.length > 0, 'tsconfig.build.json lists no files')
  const found = new Map<string, string>()
  for (const file of config.fileNames) {
    const name = file.slice(root.length + 1)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    const visit = (node: ts.Node) => {
      let specifier: ts.Expression | undefined
      if (ts.isImportDeclaration(node)) {
        if (node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) specifier = node.moduleSpecifier
      } else if (ts.isExportDeclaration(node)) {
        if (!node.isTypeOnly) specifier = node.moduleSpecifier
      } else if (ts.isImportEqualsDeclaration(node)) {
        if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) specifier = node.moduleReference.expression
      } else if (ts.isCallExpression(node)) {
        const callee = node.expression
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) specifier = node.arguments[0]
      }
      if (specifier) {
        // A computed specifier cannot be checked here: keep every import a literal.
        const text = ts.isStringLiteralLike(specifier) ? specifier.text : `(computed: ${specifier.getText(source)})`
        if (!found.has(text)) found.set(text, name)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

/** The npm package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

describe('npm package', () => {
  const imports = serverImports()
  const serverSources = new Set(readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((path) => `src/${path}`))
  const bare = [...imports].filter(([specifier]) => !specifier.startsWith('.') && !isBuiltin(specifier))

  test('the server loads only Node modules and packages listed in dependencies', () => {
    const missing = bare.filter(([specifier]) => !(packageOf(specifier) in manifest.dependencies)).map(([s, file]) => `${s} (${file})`)
    assert.deepEqual(missing, [], 'move these to dependencies (or make the import `import type`)')
  })

  test('every dependency is one the server loads (build-time packages belong in devDependencies)', () => {
    const loaded = new Set(bare.map(([specifier]) => packageOf(specifier)))
    const unused = Object.keys(manifest.dependencies).filter((name) => !loaded.has(name))
    assert.deepEqual(unused, [], 'no server file imports these: move them to devDependencies')
  })

  test('the packed files hold the CLI, the built web app and widget, and no tests or sources', () => {
    // --ignore-scripts: list what is built, without running `prepare` (a full build) first.
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })
    const files = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path))
    const expected = ['package.json', 'bin/parley.js', 'dist/cli/main.js', 'dist/server.js', 'dist/web/parley-chat.js', 'dist/web/app/index.html']
    assert.deepEqual(
      expected.filter((path) => !files.has(path)),
      [],
      'not in the package: is dist/ built (`npm run build`)?',
    )
    // Every script, style sheet and icon the web app's page loads, and the code those split off.
    const page = readFileSync(join(root, 'dist/web/app/index.html'), 'utf8')
    const linked = [...page.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => `dist/web/app/${m[1]}`)
    assert.ok(
      linked.some((path) => path.endsWith('.js')),
      'the web app page loads no script',
    )
    assert.deepEqual(
      linked.filter((path) => !files.has(path)),
      [],
    )
    assert.ok([...files].filter((path) => path.startsWith('dist/web/app/assets/') && path.endsWith('.js')).length > 1, 'no split-off web app code')
    const unwanted = [...files].filter((path) => /(^|\/)test\/|\.test\.|^(src|web|scripts|bench|packages)\//.test(path))
    assert.deepEqual(unwanted, [], 'tests or sources in the package')
    // No compiled file without its source (tsc leaves those of deleted sources behind; `npm run build` starts afresh).
    const orphans = [...files].filter(
      (path) => /^dist\/(?!web\/).*\.js$/.test(path) && !serverSources.has(path.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts')),
    )
    assert.deepEqual(orphans, [], 'compiled files whose source is gone: rebuild with `npm run build`')
  })
})
