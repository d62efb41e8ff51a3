#!/usr/bin/env node
// Prints which layer imports which, as a Mermaid graph (docs/architecture.md "The seam" shows its output): every
// relative import of src/ and web/ (tests left out), counted by the layers of the importing and imported files.
// A kind's browser-safe files (schema.ts, editor.ts) and the lists of them are their own layer, "blocks (browser)",
// apart from the kinds' behaviour: browser code may read the first, never the second.
// Run: node scripts/import-graph.mjs
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const files = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? d.name === 'node_modules' || d.name === 'dist'
        ? []
        : files(join(dir, d.name))
      : /\.tsx?$/.test(d.name) && !/\.(test|d)\.tsx?$/.test(d.name)
        ? [join(dir, d.name)]
        : [],
  )

const browserSafeBlocks = /^src\/blocks\/(schemas|cards|wire)\.ts$|^src\/blocks\/[^/]+\/[^/]+\/(schema|editor)\.ts$/
const layerOf = (file) => {
  if (file.startsWith('web/app/')) return 'web/app'
  if (file.startsWith('web/chat/')) return 'web/chat'
  if (browserSafeBlocks.test(file)) return 'blocks (browser)'
  const [, top] = file.split('/')
  if (file.startsWith('src/') && !top.includes('.')) return top === 'blocks' ? 'blocks (kinds)' : top
  return 'server.ts, config.ts'
}

const edges = new Map()
for (const file of [...files('src'), ...files('web/app/src'), ...files('web/chat/src')]) {
  const text = readFileSync(join(root, file), 'utf8')
  for (const [, spec] of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const target = relative(root, resolve(root, dirname(file), spec)).replace(/\.js$/, '.ts')
    const from = layerOf(file)
    const to = layerOf(target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`)
    if (from === to) continue
    const key = `${from} --> ${to}`
    edges.set(key, (edges.get(key) ?? 0) + 1)
  }
}

const id = (layer) => layer.replace(/\W+/g, '_')
console.log('graph RL')
for (const [key, count] of [...edges].sort()) {
  const [from, to] = key.split(' --> ')
  console.log(`  ${id(from)}["${from}"] -->|${count}| ${id(to)}["${to}"]`)
}
